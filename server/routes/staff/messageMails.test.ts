import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyOf, sentInApplication } from '../../test/handlingFixtures.js';
import { multipart, pdf } from '../../test/multipart.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;

/** An application sent in by an applicant with their own address and language. */
const sentIn = (locale?: string) => sentInApplication(t.db, locale);
const write = (uuid: string, data: object, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url: `/api/v1/applications/${uuid}/messages`, cookie: admin, headers, payload: { data } });
const mailsTo = (recipient: string) =>
  t.db.selectFrom('outbox').select(['subject', 'body_text']).where('recipient', '=', recipient).orderBy('id').execute();
const uploads = async () => (await readdir(path.join(t.config.dataDir, 'uploads')).catch(() => [] as string[])).sort();

beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'letters-admin@test.se');
  admin = await sessionCookie(t.app, 'letters-admin@test.se');
});
afterAll(() => t.close());

describe('the mail of staff’s message', () => {
  it('tells the applicant in their language, without the text, with a link that signs them in to the dialogue', async () => {
    const application = await sentIn('en-US');
    expect((await write(application.uuid, { body: 'Kan ni skicka budgeten?' })).statusCode).toBe(201);
    const [mail] = await mailsTo(application.email);
    expect(mail.subject).toBe(`New message about your application ${application.reference}`);
    expect(mail.body_text).toContain('Hello Sara,');
    expect(mail.body_text).toContain('The link is valid for 14 days and opens the conversation');
    expect(mail.body_text).not.toContain('budgeten');
    const link = new RegExp(`http://localhost:3000/logga-in/([\\w-]+)\\?next=%2Fdialog%2F${application.uuid}`).exec(mail.body_text);
    expect(link, mail.body_text).not.toBeNull();

    const signedIn = await call(t.app, { method: 'POST', url: '/api/v1/frontend-users/login', payload: { data: { token: link![1] } } });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = signedIn.cookies.find((c) => c.name === 'applicant_session')!;
    const thread = await call(t.app, {
      method: 'GET',
      url: `/api/v1/portal/applications/${application.uuid}/messages`,
      cookie: `applicant_session=${cookie.value}`,
    });
    expect(thread.statusCode).toBe(200);
    expect(thread.json().data.map((m: { body: string }) => m.body)).toEqual(['Kan ni skicka budgeten?']);
  });

  it('welcomes the applicant for a welcome message', async () => {
    const application = await sentIn();
    expect((await write(application.uuid, { body: 'Välkommen!', is_welcome_message: true })).statusCode).toBe(201);
    const [mail] = await mailsTo(application.email);
    expect(mail.subject).toBe(`Välkommen! Ett meddelande om din ansökan ${application.reference}`);
    expect(mail.body_text).toContain('Hej Sara!');
    expect(mail.body_text).toMatch(/\/logga-in\/[\w-]+\?next=%2Fdialog%2F/);
  });

  it('is not sent for a message that is refused, and the message is not stored', async () => {
    const application = await sentIn();
    expect((await write(application.uuid, { body: '  ' })).statusCode).toBe(422);
    expect(await mailsTo(application.email)).toEqual([]);
  });
});

describe('an applicant without a usable address', () => {
  it('gets no message: 422 with the translated reason, and nothing stored, neither message, file, history nor mail', async () => {
    const application = await sentIn();
    await t.db.updateTable('frontend_users').set({ active: false }).where('id', '=', application.applicantId).execute();
    const before = await uploads();

    const json = await write(application.uuid, { body: 'Hej!' });
    expect(json.statusCode).toBe(422);
    expect(json.json()).toEqual({ message: 'Det finns ingen e-postadress kopplad till den här ansökan.' });
    const english = await write(application.uuid, { body: 'Hello!' }, { 'accept-language': 'en-US' });
    expect(english.json()).toEqual({ message: 'There is no e-mail address linked to this application.' });
    const form = multipart([
      { name: 'body', value: 'Avtalet bifogas.' },
      { name: 'agreements', filename: 'avtal.pdf', content: pdf(), type: 'application/pdf' },
    ]);
    const withFile = await call(t.app, {
      method: 'POST',
      url: `/api/v1/applications/${application.uuid}/messages`,
      cookie: admin,
      payload: form.payload,
      headers: form.headers,
    });
    expect(withFile.statusCode).toBe(422);
    expect(withFile.json().message).toBe('Det finns ingen e-postadress kopplad till den här ansökan.');

    const stored = (table: 'application_messages' | 'application_files' | 'notifications') =>
      t.db.selectFrom(table).select('id').where('application_id', '=', application.id).execute();
    expect(await stored('application_messages')).toEqual([]);
    expect(await stored('application_files')).toEqual([]);
    expect(await stored('notifications')).toEqual([]);
    expect(await historyOf(t.db, application.id)).toEqual([]);
    expect(await mailsTo(application.email)).toEqual([]);
    expect(await uploads()).toEqual(before);
  });

  it('is also one whose address is blank', async () => {
    const application = await sentIn();
    await t.db.updateTable('frontend_users').set({ email: ' ' }).where('id', '=', application.applicantId).execute();
    expect((await write(application.uuid, { body: 'Hej!' })).statusCode).toBe(422);
    expect(await t.db.selectFrom('application_messages').select('id').where('application_id', '=', application.id).execute()).toEqual([]);
  });
});
