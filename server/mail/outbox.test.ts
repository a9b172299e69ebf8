import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime } from '../runtime.js';
import { startSmtpServer } from '../test/smtpServer.js';
import { createTestApp, type TestApp } from '../test/testApp.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const apps: TestApp[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
  await smtp.close();
});

async function appWithSmtp(smtpUrl: string) {
  const t = await createTestApp({ config: { smtpUrl, mailFrom: 'Stiftelsen <noreply@test.se>' } });
  apps.push(t);
  return t;
}

const receivedBy = (to: string) => smtp.receivedBy(to);
const outboxRow = (t: TestApp, id: number) => t.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** The delivery job of one mail, as the queue keeps it. */
async function deliveryJob(t: TestApp, mailId: number) {
  const { rows } = await sql<{ state: string; start_after: Date }>`
    SELECT state, start_after FROM pgboss.job WHERE name = 'mail-delivery' AND (data->>'mailId')::bigint = ${mailId}
  `.execute(t.db);
  return rows;
}

describe('mail outbox on the job queue', () => {
  it('renders the mail in the recipient’s language, keeps it, and delivers it by SMTP once', async () => {
    const t = await appWithSmtp(smtp.url);
    const id = await t.mailer.queue({
      to: 'sara@test.se',
      locale: 'en-US',
      name: 'Sara',
      template: 'password_reset',
      params: { link: 'http://x/y', minutes: 30 },
    });
    await expect.poll(async () => (await outboxRow(t, id)).sent_at, { timeout: 10_000 }).not.toBeNull();
    // The job's second run (another process, a retry after a crash) finds it sent.
    expect(await t.mailer.deliver(id)).toBe(false);
    const mails = receivedBy('sara@test.se');
    expect(mails).toHaveLength(1);
    expect((await outboxRow(t, id)).subject).toBe('Choose a new password – Ansökningsportalen');
    expect(mails[0].raw).toMatch(/^Subject: =\?UTF-8\?Q\?Choose_a_new_password/m);
    expect(mails[0].raw).toContain('Hello Sara,');
    expect(mails[0].raw).toContain('valid for 30 minutes');
    await expect.poll(async () => (await deliveryJob(t, id))[0]?.state).toBe('completed');
  });

  it('delivers to an internationalised address, by SMTPUTF8', async () => {
    const t = await appWithSmtp(smtp.url);
    const id = await t.mailer.queue({
      to: 'test.åsa@example.se',
      locale: 'sv-SE',
      template: 'password_reset',
      params: { link: 'l', minutes: 5 },
    });
    await expect.poll(async () => (await outboxRow(t, id)).sent_at, { timeout: 10_000 }).not.toBeNull();
    expect(receivedBy('test.åsa@example.se')).toHaveLength(1);
    expect(receivedBy('test.åsa@example.se')[0].smtpUtf8).toBe(true);
  });

  it('keeps no usable token in the stored copy once the mail is sent', async () => {
    const t = await appWithSmtp(smtp.url);
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
    const id = await t.mailer.queue({
      to: 'token@test.se',
      locale: 'sv-SE',
      template: 'password_reset',
      params: { link: `http://localhost:3000/admin/reset-password/${token}`, minutes: 30 },
    });
    expect((await outboxRow(t, id)).body_text).toContain(token);
    await expect.poll(async () => (await outboxRow(t, id)).sent_at, { timeout: 10_000 }).not.toBeNull();
    expect(receivedBy('token@test.se')[0].raw.replace(/=\r?\n/g, '')).toContain(token);
    const stored = (await outboxRow(t, id)).body_text;
    expect(stored).not.toContain(token);
    expect(stored).toContain('http://localhost:3000/admin/reset-password/…');
  });

  it('keeps a mail and retries it later when the SMTP server is unreachable', async () => {
    const t = await appWithSmtp('smtp://127.0.0.1:9');
    const id = await t.mailer.queue({
      to: 'nobody@test.se',
      locale: 'sv-SE',
      template: 'password_reset',
      params: { link: 'l', minutes: 5 },
    });
    await expect.poll(async () => (await outboxRow(t, id)).attempts, { timeout: 10_000 }).toBe(1);
    const row = await outboxRow(t, id);
    expect(row.sent_at).toBeNull();
    expect(row.last_error).toBeTruthy();
    await expect.poll(async () => (await deliveryJob(t, id))[0]?.state).toBe('retry');
    const [job] = await deliveryJob(t, id);
    // Backoff: the next try is about a minute away, not at once.
    expect(job.start_after.getTime()).toBeGreaterThan(Date.now() + 30_000);
  });

  it('stores a mail queued in a transaction with the change, or not at all', async () => {
    const t = await appWithSmtp(smtp.url);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await t.mailer.queue(
          { to: 'rolled-back@test.se', locale: 'sv-SE', template: 'password_reset', params: { link: 'l', minutes: 5 } },
          trx,
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const id = await t.db
      .transaction()
      .execute((trx) =>
        t.mailer.queue({ to: 'committed@test.se', locale: 'sv-SE', template: 'password_reset', params: { link: 'l', minutes: 5 } }, trx),
      );
    t.mailer.deliverSoon();
    // Marked sent once SMTP has taken it (the row is written after the server's answer).
    await expect.poll(async () => (await outboxRow(t, id)).sent_at, { timeout: 10_000 }).not.toBeNull();
    expect(receivedBy('committed@test.se')).toHaveLength(1);
    const rolledBack = await t.db.selectFrom('outbox').select('id').where('recipient', '=', 'rolled-back@test.se').execute();
    expect(rolledBack).toEqual([]);
    const { rows } = await sql`SELECT 1 FROM pgboss.job WHERE name = 'mail-delivery' AND data->>'mailId' IS NULL`.execute(t.db);
    expect(rows).toEqual([]);
    expect(receivedBy('rolled-back@test.se')).toEqual([]);
  });

  it('delivers a mail queued by a process that stopped before sending it, once another process runs', async () => {
    const t = await appWithSmtp(smtp.url);
    // A process that only queues (as if it died before its worker took the job).
    const queuing = await startRuntime({
      db: t.db,
      config: t.config,
      log: { info: () => {}, warn: () => {} },
      work: false,
      supervise: false,
    });
    await t.app.close();
    const id = await queuing.mailer.queue({
      to: 'later@test.se',
      locale: 'sv-SE',
      template: 'password_reset',
      params: { link: 'l', minutes: 5 },
    });
    await queuing.stop();
    t.mailer.deliverSoon();
    await expect.poll(async () => (await outboxRow(t, id)).sent_at, { timeout: 10_000 }).not.toBeNull();
    expect(receivedBy('later@test.se')).toHaveLength(1);
    expect((await outboxRow(t, id)).attempts).toBe(1);
  });
});
