import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { historyOf, releasedAs, sentInApplication } from '../../test/handlingFixtures.js';
import { multipart, pdf } from '../../test/multipart.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  adminId = await createStaff(t.db, 'admin', 'admin@followup.test');
  await t.db
    .updateTable('users')
    .set({ notifications_email: 'notiser@followup.test', notify_on_applications: true })
    .where('id', '=', adminId)
    .execute();
  admin = await sessionCookie(t.app, 'admin@followup.test');
});
afterAll(() => t.close());

/** An approved application whose follow-up staff have requested, with its applicant signed in. */
async function requested() {
  const application = await sentInApplication(t.db);
  const { approved } = enums.application_status;
  await t.db
    .updateTable('applications')
    .set({ status: approved, ...releasedAs(approved) })
    .where('id', '=', application.id)
    .execute();
  const response = await call(t.app, { method: 'POST', url: `/api/v1/applications/${application.uuid}/followup/request`, cookie: admin });
  expect(response.statusCode).toBe(200);
  return application;
}

const url = (uuid: string, tail = '') => `/api/v1/portal/applications/${uuid}/followup${tail}`;
const get = (uuid: string, cookie: string) => call(t.app, { method: 'GET', url: url(uuid), cookie });
const save = (uuid: string, cookie: string, data: Record<string, unknown>) =>
  call(t.app, { method: 'PUT', url: url(uuid), cookie, payload: { data }, headers: { 'accept-language': 'en-US' } });
const submit = (uuid: string, cookie: string) =>
  call(t.app, { method: 'POST', url: url(uuid, '/submit'), cookie, headers: { 'accept-language': 'en-US' } });
const upload = (uuid: string, cookie: string) => {
  const body = multipart([{ name: 'file', filename: 'bilder.pdf', content: pdf(), type: 'application/pdf' }]);
  return call(t.app, { method: 'POST', url: url(uuid, '/files'), cookie, headers: body.headers, payload: body.payload });
};
const complete = { according_to_plan: true, participants: 40, events: 3, marketing: 'Affischer och sociala medier' };

describe('the applicant’s follow-up', () => {
  it('is 404 when none is requested, for another applicant’s application and for an unknown one', async () => {
    const application = await sentInApplication(t.db);
    expect((await get(application.uuid, application.applicant)).statusCode).toBe(404);
    const other = await requested();
    expect((await get(other.uuid, application.applicant)).statusCode).toBe(404);
    expect((await save(other.uuid, application.applicant, { participants: 5 })).statusCode).toBe(404);
    expect((await submit(other.uuid, application.applicant)).statusCode).toBe(404);
    expect((await upload(other.uuid, application.applicant)).statusCode).toBe(404);
    expect((await get('00000000-0000-4000-8000-000000000000', application.applicant)).statusCode).toBe(404);
    expect((await get(other.uuid, other.applicant)).json().data.application_uuid).toBe(other.uuid);
  });

  it('saves answers as typed: any of them, trimmed, an empty text or null clearing one', async () => {
    const application = await requested();
    const first = await save(application.uuid, application.applicant, { participants: 12, marketing: '  Affischer  ' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ participants: 12, marketing: 'Affischer', events: null, according_to_plan: null });
    const second = await save(application.uuid, application.applicant, { marketing: '   ', according_to_plan: false, participants: null });
    expect(second.json().data).toMatchObject({ participants: null, marketing: null, according_to_plan: false });
    expect((await get(application.uuid, application.applicant)).json().data).toMatchObject({ according_to_plan: false, marketing: null });
  });

  it('refuses bad values with a translated message per field and saves none of the request', async () => {
    const application = await requested();
    await save(application.uuid, application.applicant, { participants: 7 });
    for (const [field, value, message] of [
      ['participants', -1, 'The number of participants must be at least 0.'],
      ['participants', 1.5, 'The number of participants must be a whole number.'],
      ['participants', 'abc', 'The number of participants must be a whole number.'],
      ['events', 1_000_001, 'The number of events may not be more than 1000000.'],
      ['according_to_plan_comment', 'x'.repeat(2001), 'The comment on how it went may not be more than 2000 characters.'],
      ['marketing', 'x'.repeat(5001), 'The marketing may not be more than 5000 characters.'],
      ['marketing', 'Affischer\u0000', 'The marketing may contain plain text only.'],
      ['according_to_plan_comment', 'Lägret \uD800', 'The comment on how it went may contain plain text only.'],
      ['events', 1e21, 'The number of events may not be more than 1000000.'],
    ] as const) {
      const response = await save(application.uuid, application.applicant, {
        [field]: value,
        participants: field === 'participants' ? value : 8,
      });
      expect(response.statusCode, `${field} ${String(value)}`).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
    expect((await get(application.uuid, application.applicant)).json().data.participants).toBe(7);
    // At the limits, and with spaces around, it is accepted.
    const longest = await save(application.uuid, application.applicant, { participants: 1_000_000, marketing: ` ${'x'.repeat(5000)} ` });
    expect(longest.statusCode).toBe(200);
  });

  it('sends in only with all four answers, naming each missing one, and changes nothing until then', async () => {
    const application = await requested();
    await save(application.uuid, application.applicant, { participants: 0 });
    const refused = await submit(application.uuid, application.applicant);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      according_to_plan: ['The whether the project went according to plan field is required.'],
      events: ['The number of events field is required.'],
      marketing: ['The marketing field is required.'],
    });
    expect((await get(application.uuid, application.applicant)).json().data.sent_in_at).toBeNull();
  });

  it('sent in, it is locked (409), recorded, and staff are notified with a link to its tab', async () => {
    const application = await requested();
    expect((await upload(application.uuid, application.applicant)).statusCode).toBe(201);
    await save(application.uuid, application.applicant, complete);
    const response = await submit(application.uuid, application.applicant);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ ...complete, sent_in_at: expect.any(String) });
    const row = await t.db
      .selectFrom('applications')
      .select('followup_sent_in_at')
      .where('id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(row.followup_sent_in_at?.toISOString()).toBe(data.sent_in_at);
    expect((await historyOf(t.db, application.id)).map((h) => h.action)).toContain('followup_sent_in');
    const notifications = await t.db
      .selectFrom('notifications')
      .select(['user_id', 'kind'])
      .where('application_id', '=', application.id)
      .execute();
    expect(notifications).toEqual([{ user_id: adminId, kind: 'followup_sent_in' }]);
    const mails = await t.db.selectFrom('outbox').select('body_text').where('recipient', '=', 'notiser@followup.test').execute();
    expect(mails.some((m) => m.body_text.includes(`show=${application.uuid}&tab=followup`))).toBe(true);

    const locked = await save(application.uuid, application.applicant, { participants: 1 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('The follow-up report has already been sent in and can no longer be changed.');
    expect((await submit(application.uuid, application.applicant)).statusCode).toBe(409);
    expect((await upload(application.uuid, application.applicant)).statusCode).toBe(409);
    const remove = await call(t.app, {
      method: 'DELETE',
      url: url(application.uuid, `/files/${data.files[0].uuid}`),
      cookie: application.applicant,
    });
    expect(remove.statusCode).toBe(409);
    expect((await get(application.uuid, application.applicant)).json().data).toMatchObject({ ...complete, files: [data.files[0]] });
  });

  it('sent in twice at once: one 200 and one 409, one notification', async () => {
    const application = await requested();
    await save(application.uuid, application.applicant, complete);
    const answers = await Promise.all([submit(application.uuid, application.applicant), submit(application.uuid, application.applicant)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const notifications = await t.db.selectFrom('notifications').select('id').where('application_id', '=', application.id).execute();
    expect(notifications).toHaveLength(1);
  });
});

describe('the follow-up’s attachments', () => {
  it('are uploaded, listed, downloaded and removed, and are no part of the application form’s files', async () => {
    const application = await requested();
    const uploaded = await upload(application.uuid, application.applicant);
    expect(uploaded.statusCode).toBe(201);
    const file = uploaded.json().data;
    expect(file).toMatchObject({ name: 'bilder.pdf', mime: 'application/pdf', size: pdf().length });
    expect((await get(application.uuid, application.applicant)).json().data.files).toEqual([file]);

    const form = await call(t.app, {
      method: 'GET',
      url: `/api/v1/portal/applications/${application.uuid}`,
      cookie: application.applicant,
    });
    expect(form.json().data.files).toEqual([]);
    const download = await call(t.app, {
      method: 'GET',
      url: `/api/v1/portal/applications/${application.uuid}/files/${file.uuid}`,
      cookie: application.applicant,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf())).toBe(true);
    // The staff form's file removal leaves the follow-up's alone.
    const staffRemove = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/applications/${application.uuid}/files/${file.uuid}`,
      cookie: admin,
    });
    expect(staffRemove.statusCode).toBe(404);

    const removed = await call(t.app, {
      method: 'DELETE',
      url: url(application.uuid, `/files/${file.uuid}`),
      cookie: application.applicant,
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(application.uuid, application.applicant)).json().data.files).toEqual([]);
    const again = await call(t.app, { method: 'DELETE', url: url(application.uuid, `/files/${file.uuid}`), cookie: application.applicant });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a file of another type (422) and stores nothing', async () => {
    const application = await requested();
    const body = multipart([{ name: 'file', filename: 'a.pdf', content: Buffer.from('not a pdf at all'), type: 'application/pdf' }]);
    const response = await call(t.app, {
      method: 'POST',
      url: url(application.uuid, '/files'),
      cookie: application.applicant,
      headers: body.headers,
      payload: body.payload,
    });
    expect(response.statusCode).toBe(422);
    expect((await get(application.uuid, application.applicant)).json().data.files).toEqual([]);
  });
});
