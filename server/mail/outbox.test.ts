import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/testApp.js';
import { createMailer } from './outbox.js';

let t: TestApp;
let smtp: SMTPServer;
let port: number;
const received: { to: string; raw: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await t.close();
});

describe('mail outbox', () => {
  it('renders the mail in the recipient’s language, keeps it, and delivers it by SMTP once', async () => {
    const mailer = createMailer({
      db: t.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Stiftelsen <noreply@test.se>',
      productName: 'Ansökningsportalen',
      log: { info: () => {}, warn: () => {} },
      pollMs: 60_000,
    });
    const id = await mailer.queue({
      to: 'sara@test.se',
      locale: 'en-US',
      name: 'Sara',
      template: 'password_reset',
      params: { link: 'http://x/y', minutes: 30 },
    });
    await expect
      .poll(async () => (await t.db.selectFrom('outbox').select('sent_at').where('id', '=', id).executeTakeFirstOrThrow()).sent_at)
      .not.toBeNull();
    expect(await mailer.deliverDue()).toBe(0);
    await mailer.stop();
    expect(received).toHaveLength(1);
    expect(received[0].to).toBe('sara@test.se');
    const stored = await t.db.selectFrom('outbox').select('subject').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.subject).toBe('Choose a new password – Ansökningsportalen');
    expect(received[0].raw).toMatch(/^Subject: =\?UTF-8\?Q\?Choose_a_new_password/m);
    expect(received[0].raw).toContain('Hello Sara,');
    expect(received[0].raw).toContain('valid for 30 minutes');
  });

  it('keeps a mail for a retry when the SMTP server is unreachable', async () => {
    const mailer = createMailer({
      db: t.db,
      smtpUrl: 'smtp://127.0.0.1:9',
      from: 'x@test.se',
      productName: 'P',
      log: { info: () => {}, warn: () => {} },
      pollMs: 60_000,
    });
    const id = await mailer.queue({ to: 'nobody@test.se', locale: 'sv-SE', template: 'password_reset', params: { link: 'l', minutes: 5 } });
    await expect
      .poll(async () => (await t.db.selectFrom('outbox').select('attempts').where('id', '=', id).executeTakeFirstOrThrow()).attempts)
      .toBe(1);
    const row = await t.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();
    expect(row.last_error).toBeTruthy();
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    await mailer.stop();
  });
});
