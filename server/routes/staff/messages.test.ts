import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { createApplicant, createApplication, createPeriod, historyOf, sentInApplication } from '../../test/handlingFixtures.js';
import { multipart, pdf, type Part } from '../../test/multipart.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;
let adminId: number;
let investigator: string;
let investigatorId: number;

const url = (uuid: string, rest = '') => `/api/v1/applications/${uuid}/messages${rest}`;
const thread = (uuid: string, cookie = admin) => call(t.app, { method: 'GET', url: url(uuid), cookie });
const write = (uuid: string, data: object, cookie = admin, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url: url(uuid), cookie, headers, payload: { data } });
const writeForm = (uuid: string, parts: Part[], cookie = admin) => {
  const form = multipart(parts);
  return call(t.app, { method: 'POST', url: url(uuid), cookie, payload: form.payload, headers: form.headers });
};
const markRead = (uuid: string, cookie = admin) => call(t.app, { method: 'POST', url: url(uuid, '/read'), cookie });
const listIds = async (query: string) => {
  const response = await call(t.app, { method: 'GET', url: `/api/v1/applications/all?${query}`, cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.data as { id: number }[]).map((r) => r.id);
};

/** An applicant with an application sent in, in a period of its own so a list can be read exactly. */
const sentIn = (locale?: string) => sentInApplication(t.db, locale);
const applicantWrites = (application: { uuid: string; applicant: string }, body: string) =>
  call(t.app, {
    method: 'POST',
    url: `/api/v1/portal/applications/${application.uuid}/messages`,
    cookie: application.applicant,
    payload: { data: { body } },
  });
const welcomeMessages = async (applicationId: number) =>
  t.db
    .selectFrom('application_messages')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('is_welcome_message', '=', true)
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  adminId = await createStaff(t.db, 'admin', 'dialogue-admin@test.se');
  admin = await sessionCookie(t.app, 'dialogue-admin@test.se');
  investigatorId = await createStaff(t.db, 'utredare', 'dialogue-investigator@test.se');
  investigator = await sessionCookie(t.app, 'dialogue-investigator@test.se');
});
afterAll(() => t.close());

describe('staff’s dialogue', () => {
  it('writes to the applicant with the staff user’s name, records it in the history, and reads the thread oldest first', async () => {
    const application = await sentIn();
    const response = await write(application.uuid, { body: '  Vi har tagit emot din ansökan.  ' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      from: 'foundation',
      user: { id: adminId, name: 'Anna Test' },
      body: 'Vi har tagit emot din ansökan.',
      is_welcome_message: false,
      read_at: null,
      files: [],
    });
    expect((await applicantWrites(application, 'Tack!')).statusCode).toBe(201);
    const read = await thread(application.uuid);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.map((m: { from: string; body: string; user: unknown }) => [m.from, m.body, m.user])).toEqual([
      ['foundation', 'Vi har tagit emot din ansökan.', { id: adminId, name: 'Anna Test' }],
      ['applicant', 'Tack!', null],
    ]);
    expect(await historyOf(t.db, application.id)).toEqual([
      { user_id: adminId, action: 'message_sent', before: null, after: { is_welcome_message: false, files: [] } },
    ]);
    // Staff's message leaves the unread mark alone; reading the thread here marks nothing read.
    const { unread_messages } = await t.db
      .selectFrom('applications')
      .select('unread_messages')
      .where('id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(unread_messages).toBe(true);
    expect((await thread(application.uuid)).json().data[1].read_at).toBeNull();
  });

  it('refuses an empty, too long or NUL body with the field’s error', async () => {
    const application = await sentIn();
    for (const body of ['', '   ', 'x'.repeat(10_001), 'a\u0000b']) {
      const response = await write(application.uuid, { body });
      expect(response.statusCode, body.slice(0, 10)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['body']);
    }
    expect(await historyOf(t.db, application.id)).toEqual([]);
  });

  it('allows one welcome message: a second is a 422 with a clear message', async () => {
    const application = await sentIn();
    expect((await write(application.uuid, { body: 'Välkommen!', is_welcome_message: true })).statusCode).toBe(201);
    const second = await write(application.uuid, { body: 'Välkommen igen!', is_welcome_message: true });
    expect(second.statusCode).toBe(422);
    expect(second.json()).toEqual({
      message: 'Ansökan har redan ett välkomstmeddelande. Skicka det här som ett vanligt meddelande.',
      errors: { is_welcome_message: ['Ansökan har redan ett välkomstmeddelande. Skicka det här som ett vanligt meddelande.'] },
    });
    const english = await write(application.uuid, { body: 'Welcome again', is_welcome_message: true }, admin, {
      'accept-language': 'en-US',
    });
    expect(english.json().message).toBe('The application already has a welcome message. Send this one as an ordinary message.');
    // An ordinary message is still fine.
    expect((await write(application.uuid, { body: 'Ett vanligt meddelande' })).statusCode).toBe(201);
    expect(await welcomeMessages(application.id)).toHaveLength(1);
  });

  it('stores exactly one of two welcome messages sent at once', async () => {
    const application = await sentIn();
    const responses = await Promise.all([
      write(application.uuid, { body: 'Välkommen (1)', is_welcome_message: true }),
      write(application.uuid, { body: 'Välkommen (2)', is_welcome_message: true }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await welcomeMessages(application.id)).toHaveLength(1);
    expect((await historyOf(t.db, application.id)).filter((h) => h.action === 'message_sent')).toHaveLength(1);
  });

  it('takes multipart with attachments and the agreement, which staff and the applicant download', async () => {
    const application = await sentIn();
    const response = await writeForm(application.uuid, [
      { name: 'body', value: 'Här är avtalet att skriva under.' },
      { name: 'is_welcome_message', value: 'true' },
      { name: 'agreements', filename: 'Avtal.pdf', content: pdf() },
      { name: 'files', filename: 'Villkor.pdf', content: pdf(5) },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const message = response.json().data;
    expect(message.is_welcome_message).toBe(true);
    expect(message.files.map((f: { name: string; is_agreement: boolean }) => [f.name, f.is_agreement])).toEqual([
      ['Avtal.pdf', true],
      ['Villkor.pdf', false],
    ]);
    const agreement = message.files[0].uuid;
    const staffDownload = await call(t.app, {
      method: 'GET',
      url: `/api/v1/applications/${application.uuid}/files/${agreement}`,
      cookie: admin,
    });
    expect(staffDownload.statusCode).toBe(200);
    expect(staffDownload.rawPayload.equals(pdf())).toBe(true);
    const applicantDownload = await call(t.app, {
      method: 'GET',
      url: `/api/v1/portal/applications/${application.uuid}/files/${agreement}`,
      cookie: application.applicant,
    });
    expect(applicantDownload.statusCode).toBe(200);
    expect((await historyOf(t.db, application.id)).at(-1)).toMatchObject({
      action: 'message_sent',
      after: { is_welcome_message: true, files: ['Avtal.pdf', 'Villkor.pdf'] },
    });
    // What was sent in the dialogue stays: the form's file route does not remove a message's attachment.
    const removed = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/applications/${application.uuid}/files/${agreement}`,
      cookie: admin,
    });
    expect(removed.statusCode).toBe(404);
    // Nor is it one of the form's files.
    const view = await call(t.app, { method: 'GET', url: `/api/v1/applications/${application.uuid}`, cookie: admin });
    expect(view.json().data.files).toEqual([]);
  });

  it('sets the unread mark when the applicant writes and clears it when staff read; the preset lists exactly those', async () => {
    const quiet = await sentIn();
    const writing = await sentIn();
    expect((await applicantWrites(writing, 'En fråga')).statusCode).toBe(201);
    await write(quiet.uuid, { body: 'Vi hör av oss.' });
    expect(await listIds(`unread=1&period=${writing.period}`)).toEqual([writing.id]);
    expect(await listIds(`unread=1&period=${quiet.period}`)).toEqual([]);
    expect(await listIds(`unread=0&period=${quiet.period}`)).toEqual([quiet.id]);
    const row = await call(t.app, { method: 'GET', url: `/api/v1/applications/all?period=${writing.period}`, cookie: admin });
    expect(row.json().data.data[0].progress.unread_messages).toBe(true);
    const view = await call(t.app, { method: 'GET', url: `/api/v1/applications/${writing.uuid}`, cookie: admin });
    expect(view.json().data.progress.unread_messages).toBe(true);
    // Every application the preset lists has the mark, and every one with the mark is listed.
    const flagged = await t.db.selectFrom('applications').select('id').where('unread_messages', '=', true).orderBy('id').execute();
    expect((await listIds('unread=1&per_page=100')).sort((a, b) => a - b)).toEqual(flagged.map((r) => r.id));

    const read = await markRead(writing.uuid);
    expect(read.statusCode).toBe(204);
    expect(await listIds(`unread=1&period=${writing.period}`)).toEqual([]);
    const [message] = (await thread(writing.uuid)).json().data;
    expect(message.read_at).not.toBeNull();
    // Writing again raises it again.
    await applicantWrites(writing, 'En fråga till');
    expect(await listIds(`unread=true&period=${writing.period}`)).toEqual([writing.id]);
  });

  it('marks read up to the message staff were shown: one written after it keeps the mark', async () => {
    const application = await sentIn();
    const first = (await applicantWrites(application, 'Första')).json().data.uuid;
    const shown = (await thread(application.uuid)).json().data;
    expect((await applicantWrites(application, 'Andra')).statusCode).toBe(201);
    const read = await call(t.app, {
      method: 'POST',
      url: url(application.uuid, '/read'),
      cookie: admin,
      payload: { data: { up_to: first } },
    });
    expect(read.statusCode, read.body).toBe(204);
    const after = (await thread(application.uuid)).json().data;
    expect(after.map((m: { read_at: string | null }) => m.read_at !== null)).toEqual([true, false]);
    expect(shown).toHaveLength(1);
    expect(await listIds(`unread=1&period=${application.period}`)).toEqual([application.id]);
    for (const up_to of [randomUUID(), 'nope']) {
      const refused = await call(t.app, {
        method: 'POST',
        url: url(application.uuid, '/read'),
        cookie: admin,
        payload: { data: { up_to } },
      });
      expect(refused.statusCode, up_to).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['up_to']);
    }
    expect((await markRead(application.uuid)).statusCode).toBe(204);
    expect(await listIds(`unread=1&period=${application.period}`)).toEqual([]);
  });

  it('answers 404 for an unknown application and for a draft, which is the applicant’s alone', async () => {
    const period = await createPeriod(t.db, `Utkast ${randomUUID()}`);
    const applicantId = await createApplicant(t.db, `${randomUUID()}@test.se`);
    const draft = await createApplication(t.db, {
      periodId: period.id,
      frontendUserId: applicantId,
      status: enums.application_status.draft,
    });
    for (const uuid of [randomUUID(), 'nope']) {
      expect((await thread(uuid)).statusCode).toBe(404);
      expect((await write(uuid, { body: 'Hej' })).statusCode).toBe(404);
      expect((await markRead(uuid)).statusCode).toBe(404);
    }
    expect((await write(draft.uuid, { body: 'Hej' })).statusCode).toBe(404);
    expect((await thread(draft.uuid)).statusCode).toBe(404);
    expect((await markRead(draft.uuid)).statusCode).toBe(404);
  });

  it('lets those who manage do everything and investigators on the application read; others get 401 or 403', async () => {
    const application = await sentIn();
    const sent = await writeForm(application.uuid, [
      { name: 'body', value: 'Avtal' },
      { name: 'agreements', filename: 'Avtal.pdf', content: pdf() },
    ]);
    const fileUrl = `/api/v1/applications/${application.uuid}/files/${sent.json().data.files[0].uuid}`;
    const routes = [
      { method: 'GET' as const, url: url(application.uuid) },
      { method: 'POST' as const, url: url(application.uuid), payload: { data: { body: 'Hej' } } },
      { method: 'POST' as const, url: url(application.uuid, '/read') },
    ];
    for (const route of routes) {
      expect((await call(t.app, route)).statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
      expect((await call(t.app, { ...route, cookie: application.applicant })).statusCode, `${route.method} ${route.url} applicant`).toBe(
        401,
      );
      expect((await call(t.app, { ...route, cookie: investigator })).statusCode, `${route.method} ${route.url} investigator`).toBe(403);
    }
    expect((await call(t.app, { method: 'GET', url: fileUrl, cookie: investigator })).statusCode).toBe(403);

    await t.db.insertInto('investigations').values({ application_id: application.id, user_id: investigatorId }).execute();
    expect((await thread(application.uuid, investigator)).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: fileUrl, cookie: investigator })).statusCode).toBe(200);
    expect((await write(application.uuid, { body: 'Hej' }, investigator)).statusCode).toBe(403);
    expect((await markRead(application.uuid, investigator)).statusCode).toBe(403);

    const declared = Object.fromEntries(
      t.app.routeAccess
        .filter((r) => r.url.startsWith('/api/v1/applications/:uuid/messages') && r.method !== 'HEAD')
        .map((r) => [`${r.method} ${r.url}`, r.access]),
    );
    // Each for the application's period, where an ability is granted for one period only, naming the application, so
    // that where the caller stands towards it holds (a conflict of interest, a reviewer's declaration first).
    const scope = { type: 'periods', of: expect.any(Function) as unknown };
    const reaches = { names: expect.any(Function) as unknown };
    expect(declared).toEqual({
      'GET /api/v1/applications/:uuid/messages': {
        abilities: { anyOf: ['manage-applications', 'investigate-applications'] },
        scope,
        reaches,
      },
      'POST /api/v1/applications/:uuid/messages': { abilities: 'manage-applications', scope, reaches },
      'POST /api/v1/applications/:uuid/messages/read': { abilities: 'manage-applications', scope, reaches },
    });
  });

  it('documents the routes with their tag, summary and both kinds of body', async () => {
    const { paths } = (await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' })).json();
    const route = paths['/applications/{uuid}/messages'];
    expect(route.get.tags).toEqual(['applications']);
    expect(route.post.summary).toBeTruthy();
    expect(Object.keys(route.post.requestBody.content).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(paths['/applications/{uuid}/messages/read'].post.tags).toEqual(['applications']);
  });
});
