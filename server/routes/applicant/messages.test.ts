import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { applicantCookie, createApplicant, createApplication, createPeriod } from '../../test/handlingFixtures.js';
import { exe, multipart, pdf, type Part } from '../../test/multipart.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let period: number;
let admin: string;
let adminId: number;

const url = (uuid: string) => `/api/v1/portal/applications/${uuid}/messages`;
const thread = (uuid: string, cookie?: string) => call(t.app, { method: 'GET', url: url(uuid), cookie });
const write = (uuid: string, cookie: string | undefined, payload: object) =>
  call(t.app, { method: 'POST', url: url(uuid), cookie, payload });
const writeForm = (uuid: string, cookie: string, parts: Part[], headers: Record<string, string> = {}) => {
  const form = multipart(parts);
  return call(t.app, { method: 'POST', url: url(uuid), cookie, payload: form.payload, headers: { ...form.headers, ...headers } });
};
const en = { 'accept-language': 'en-US' };

/** An applicant of their own with an application sent in (and a draft), for one test. */
async function applicant() {
  const id = await createApplicant(t.db, `${randomUUID()}@test.se`);
  const sent = await createApplication(t.db, { periodId: period, frontendUserId: id });
  const draft = await createApplication(t.db, { periodId: period, frontendUserId: id, status: enums.application_status.draft });
  return { id, cookie: await applicantCookie(t.db, id), sent, draft };
}

const messagesOf = (applicationId: number) =>
  t.db.selectFrom('application_messages').selectAll().where('application_id', '=', applicationId).orderBy('id').execute();
const flagOf = async (applicationId: number) =>
  (await t.db.selectFrom('applications').select('unread_messages').where('id', '=', applicationId).executeTakeFirstOrThrow())
    .unread_messages;
const uploads = async () => (await readdir(path.join(t.config.dataDir, 'uploads')).catch(() => [] as string[])).sort();

beforeAll(async () => {
  t = await createTestApp({ config: { uploadMaxBytes: 1024 * 1024 } });
  period = (await createPeriod(t.db, 'Dialog i portalen')).id;
  adminId = await createStaff(t.db, 'admin', 'portal-dialogue-admin@test.se');
  admin = await sessionCookie(t.app, 'portal-dialogue-admin@test.se');
});
afterAll(() => t.close());

describe('the applicant’s dialogue', () => {
  it('answers the thread oldest first, staff’s messages from the foundation, and reading marks them read', async () => {
    const a = await applicant();
    expect((await thread(a.sent.uuid, a.cookie)).json()).toEqual({ data: [] });
    const staffMessage = await call(t.app, {
      method: 'POST',
      url: `/api/v1/applications/${a.sent.uuid}/messages`,
      cookie: admin,
      payload: { data: { body: 'Välkommen!', is_welcome_message: true } },
    });
    expect(staffMessage.statusCode, staffMessage.body).toBe(201);
    expect((await write(a.sent.uuid, a.cookie, { data: { body: 'Tack!' } })).statusCode).toBe(201);
    expect((await messagesOf(a.sent.id))[0].read_at).toBeNull();

    const response = await thread(a.sent.uuid, a.cookie);
    expect(response.statusCode).toBe(200);
    const [welcome, reply] = response.json().data;
    expect(welcome).toMatchObject({ from: 'foundation', body: 'Välkommen!', is_welcome_message: true, files: [] });
    // The applicant writes to the foundation: no staff member's name is handed out.
    expect(welcome).not.toHaveProperty('user');
    expect(JSON.stringify(response.json())).not.toContain('Anna');
    expect(welcome.read_at).not.toBeNull();
    expect(reply).toMatchObject({ from: 'applicant', body: 'Tack!', is_welcome_message: false, read_at: null });
    const [stored, own] = await messagesOf(a.sent.id);
    expect(stored).toMatchObject({ from_applicant: false, user_id: adminId });
    expect(stored.read_at).not.toBeNull();
    // The applicant's own message is read by staff, not by reading it oneself.
    expect(own.read_at).toBeNull();
  });

  it('stores a trimmed plain-text message and marks the application as having unread messages', async () => {
    const a = await applicant();
    expect(await flagOf(a.sent.id)).toBe(false);
    const response = await write(a.sent.uuid, a.cookie, { data: { body: '  Hej!\nEn fråga om budgeten.  \n' } });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ from: 'applicant', body: 'Hej!\nEn fråga om budgeten.', files: [] });
    expect(await flagOf(a.sent.id)).toBe(true);
    // Nothing of the applicant's own goes into the staff history.
    const history = await t.db.selectFrom('application_history').select('action').where('application_id', '=', a.sent.id).execute();
    expect(history).toEqual([]);
  });

  it('refuses an empty, blank, too long or missing body, or one with a NUL, with the field’s error (422, nothing stored)', async () => {
    const a = await applicant();
    const cases: [unknown, string][] = [
      ['', 'The message field is required.'],
      [' \n\t ', 'The message field is required.'],
      ['x'.repeat(10_001), 'The message may not be more than 10000 characters.'],
      ['Hej\u0000då', 'The message may contain plain text only.'],
      [{ text: 'Hej' }, 'The message must be text.'],
    ];
    for (const [body, error] of cases) {
      const response = await call(t.app, {
        method: 'POST',
        url: url(a.sent.uuid),
        cookie: a.cookie,
        headers: en,
        payload: { data: { body } },
      });
      expect(response.statusCode, String(body).slice(0, 20)).toBe(422);
      expect(response.json().errors).toEqual({ body: [error] });
    }
    const missing = await call(t.app, { method: 'POST', url: url(a.sent.uuid), cookie: a.cookie, headers: en, payload: { data: {} } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ body: ['The message field is required.'] });
    // The applicant writes no welcome message.
    const welcome = await write(a.sent.uuid, a.cookie, { data: { body: 'Hej', is_welcome_message: true } });
    expect(welcome.statusCode).toBe(422);
    expect(Object.keys(welcome.json().errors)).toEqual(['is_welcome_message']);
    expect(await messagesOf(a.sent.id)).toEqual([]);
    expect(await flagOf(a.sent.id)).toBe(false);
    // 10 000 characters is allowed, counted once trimmed and by character (ä is one).
    const longest = await write(a.sent.uuid, a.cookie, { data: { body: ` ${'ä'.repeat(10_000)}\n` } });
    expect(longest.statusCode).toBe(201);
  });

  it('answers 404 for another applicant’s application or an unknown one, and 422 for a draft', async () => {
    const a = await applicant();
    const b = await applicant();
    for (const uuid of [b.sent.uuid, randomUUID(), 'not-a-uuid']) {
      expect((await thread(uuid, a.cookie)).statusCode, uuid).toBe(404);
      expect((await write(uuid, a.cookie, { data: { body: 'Hej' } })).statusCode, uuid).toBe(404);
    }
    const draftRead = await thread(a.draft.uuid, a.cookie);
    expect(draftRead.statusCode).toBe(422);
    expect(draftRead.json().message).toBe('Dialogen öppnas när ansökan har skickats in.');
    expect((await write(a.draft.uuid, a.cookie, { data: { body: 'Hej' } })).statusCode).toBe(422);
    expect(await messagesOf(b.sent.id)).toEqual([]);
    expect(await messagesOf(a.draft.id)).toEqual([]);
  });

  it('takes multipart with attachments, kept apart from the form’s files and downloadable by the applicant', async () => {
    const a = await applicant();
    const response = await writeForm(a.sent.uuid, a.cookie, [
      { name: 'body', value: 'Här är budgeten, åäö.' },
      { name: 'files', filename: 'Budget.pdf', content: pdf() },
      { name: 'files', filename: 'Bilaga.pdf', content: pdf(10) },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const message = response.json().data;
    expect(message.body).toBe('Här är budgeten, åäö.');
    expect(message.files.map((f: { name: string; is_agreement: boolean }) => [f.name, f.is_agreement])).toEqual([
      ['Budget.pdf', false],
      ['Bilaga.pdf', false],
    ]);
    const download = await call(t.app, {
      method: 'GET',
      url: `/api/v1/portal/applications/${a.sent.uuid}/files/${message.files[0].uuid}`,
      cookie: a.cookie,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf())).toBe(true);
    // Another applicant cannot download it, even through their own application.
    const b = await applicant();
    const foreign = await call(t.app, {
      method: 'GET',
      url: `/api/v1/portal/applications/${b.sent.uuid}/files/${message.files[0].uuid}`,
      cookie: b.cookie,
    });
    expect(foreign.statusCode).toBe(404);
    // The form's files are the form's: a message's attachment is not one of them.
    const form = await call(t.app, { method: 'GET', url: `/api/v1/portal/applications/${a.sent.uuid}`, cookie: a.cookie });
    expect(form.json().data.files).toEqual([]);
    expect(await flagOf(a.sent.id)).toBe(true);
  });

  it('refuses a disallowed file type by the upload rules and stores neither the message nor any file', async () => {
    const a = await applicant();
    const before = await uploads();
    const response = await writeForm(
      a.sent.uuid,
      a.cookie,
      [
        { name: 'body', value: 'Se bilagorna' },
        { name: 'files', filename: 'Budget.pdf', content: pdf() },
        { name: 'files', filename: 'Budget2.pdf', content: exe, type: 'application/pdf' },
      ],
      en,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'File type not allowed, allowed are PDF, JPG, PNG, Word, Excel, OpenDocument.',
      errors: { files: ['File type not allowed, allowed are PDF, JPG, PNG, Word, Excel, OpenDocument.'] },
    });
    expect(await messagesOf(a.sent.id)).toEqual([]);
    expect(await flagOf(a.sent.id)).toBe(false);
    expect(await t.db.selectFrom('application_files').select('id').where('application_id', '=', a.sent.id).execute()).toEqual([]);
    expect(await uploads()).toEqual(before);
  });

  it('refuses a file too large (413), a blank body with a good file, and parts the applicant may not send, leaving nothing', async () => {
    const a = await applicant();
    const before = await uploads();
    const tooLarge = await writeForm(a.sent.uuid, a.cookie, [
      { name: 'body', value: 'Stor fil' },
      { name: 'files', filename: 'Stor.pdf', content: pdf(1024 * 1024) },
    ]);
    expect(tooLarge.statusCode).toBe(413);
    expect(Object.keys(tooLarge.json().errors)).toEqual(['files']);
    const blank = await writeForm(a.sent.uuid, a.cookie, [
      { name: 'body', value: '   ' },
      { name: 'files', filename: 'Budget.pdf', content: pdf() },
    ]);
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors)).toEqual(['body']);
    const noBody = await writeForm(a.sent.uuid, a.cookie, [{ name: 'files', filename: 'Budget.pdf', content: pdf() }]);
    expect(noBody.statusCode).toBe(422);
    const nul = await writeForm(a.sent.uuid, a.cookie, [
      { name: 'body', value: 'Hej\u0000då' },
      { name: 'files', filename: 'Budget.pdf', content: pdf() },
    ]);
    expect(nul.statusCode).toBe(422);
    expect(Object.keys(nul.json().errors)).toEqual(['body']);
    for (const part of [
      { name: 'agreements', filename: 'Avtal.pdf', content: pdf() },
      { name: 'is_welcome_message', value: 'true' },
    ]) {
      const refused = await writeForm(a.sent.uuid, a.cookie, [{ name: 'body', value: 'Hej' }, part]);
      expect(refused.statusCode, part.name).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual([part.name]);
    }
    const overLong = await writeForm(a.sent.uuid, a.cookie, [{ name: 'body', value: 'y'.repeat(10_001) }]);
    expect(overLong.statusCode).toBe(422);
    expect(Object.keys(overLong.json().errors)).toEqual(['body']);
    expect(await messagesOf(a.sent.id)).toEqual([]);
    expect(await uploads()).toEqual(before);
  });

  it('is for signed-in applicants: anonymous callers and staff get 401', async () => {
    const a = await applicant();
    for (const cookie of [undefined, admin]) {
      expect((await thread(a.sent.uuid, cookie)).statusCode).toBe(401);
      expect((await write(a.sent.uuid, cookie, { data: { body: 'Hej' } })).statusCode).toBe(401);
    }
    const declared = t.app.routeAccess.filter((r) => r.url === '/api/v1/portal/applications/:uuid/messages' && r.method !== 'HEAD');
    expect(declared.map((r) => [r.method, r.access])).toEqual([
      ['GET', 'applicant'],
      ['POST', 'applicant'],
    ]);
  });

  it('documents the routes with their tag, summary and both kinds of body', async () => {
    const { paths } = (await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' })).json();
    const route = paths['/portal/applications/{uuid}/messages'];
    expect(route.get.tags).toEqual(['portal']);
    expect(route.get.summary).toBeTruthy();
    expect(route.post.tags).toEqual(['portal']);
    expect(Object.keys(route.post.requestBody.content).sort()).toEqual(['application/json', 'multipart/form-data']);
  });
});
