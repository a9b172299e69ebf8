import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { followupDueDate } from '../../applications/followupRequests.js';
import {
  applicantCookie,
  createApplicant,
  createApplication,
  createPeriod,
  historyOf,
  releasedAs,
  sentInApplication,
} from '../../test/handlingFixtures.js';
import { multipart, pdf } from '../../test/multipart.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;
let investigator: string;
let investigatorId: number;

beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'admin@followups.test');
  investigatorId = await createStaff(t.db, 'utredare', 'utredare@followups.test');
  admin = await sessionCookie(t.app, 'admin@followups.test');
  investigator = await sessionCookie(t.app, 'utredare@followups.test');
});
afterAll(() => t.close());

const { approved, rejected } = enums.application_status;

/** An approved application of an applicant of its own (in `locale`), signed in. */
async function approvedApplication(locale = 'sv-SE') {
  const application = await sentInApplication(t.db, locale);
  await t.db
    .updateTable('applications')
    .set({ status: approved, approved_money: 50_000_00, ...releasedAs(approved, 50_000_00) })
    .where('id', '=', application.id)
    .execute();
  return application;
}

const mailsTo = (recipient: string) =>
  t.db.selectFrom('outbox').select(['subject', 'body_text']).where('recipient', '=', recipient).orderBy('id').execute();
const followupRow = (applicationId: number) =>
  t.db.selectFrom('application_followups').selectAll().where('application_id', '=', applicationId).executeTakeFirst();
const request = (uuid: string, cookie = admin, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url: `/api/v1/applications/${uuid}/followup/request`, cookie, headers });
const read = (uuid: string, cookie = admin) => call(t.app, { method: 'GET', url: `/api/v1/applications/${uuid}/followup`, cookie });

describe('POST /applications/:uuid/followup/request', () => {
  it('requests the follow-up of an approved application, due in 30 days, and mails the applicant a sign-in link to it', async () => {
    const application = await approvedApplication();
    const response = await request(application.uuid);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      application_uuid: application.uuid,
      reference: application.reference,
      due_at: followupDueDate(new Date(), 30),
      reminded_at: null,
      sent_in_at: null,
      according_to_plan: null,
      participants: null,
      files: [],
      upload_max_bytes: t.config.uploadMaxBytes,
    });
    expect(Date.now() - new Date(data.requested_at).getTime()).toBeLessThan(60_000);
    const row = await t.db.selectFrom('applications').select('followup_at').where('id', '=', application.id).executeTakeFirstOrThrow();
    expect(row.followup_at).toBe(data.due_at);

    const [mail, ...more] = await mailsTo(application.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe(`Dags för uppföljning av din ansökan ${application.reference} – Ansökningsportalen`);
    expect(mail.body_text).toContain(`?next=${encodeURIComponent(`/followup/${application.uuid}`)}`);
    expect(mail.body_text).toMatch(/http:\/\/localhost:3000\/logga-in\/[\w-]+\?next=/);
    expect(mail.body_text).toContain('Skicka in uppföljningen senast');
    expect((await historyOf(t.db, application.id)).map((h) => h.action)).toContain('followup_requested');
  });

  it('writes the mail in the applicant’s language', async () => {
    const application = await approvedApplication('en-US');
    expect((await request(application.uuid)).statusCode).toBe(200);
    const [mail] = await mailsTo(application.email);
    expect(mail.subject).toBe(`Time for the follow-up report on your application ${application.reference} – Ansökningsportalen`);
    expect(mail.body_text).toContain('Please send the report in by');
  });

  it('refuses an application not approved (422), a second request (409) and an applicant without an address (422), storing nothing', async () => {
    const received = await sentInApplication(t.db);
    const refused = await request(received.uuid, admin, { 'accept-language': 'en-US' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('A follow-up report can only be requested for an approved application.');
    expect(await followupRow(received.id)).toBeUndefined();

    const application = await approvedApplication();
    expect((await request(application.uuid)).statusCode).toBe(200);
    const again = await request(application.uuid, admin, { 'accept-language': 'en-US' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A follow-up report has already been requested for this application.');
    expect(await mailsTo(application.email)).toHaveLength(1);

    const unreachable = await approvedApplication();
    await t.db.updateTable('frontend_users').set({ active: false }).where('id', '=', unreachable.applicantId).execute();
    expect((await request(unreachable.uuid)).statusCode).toBe(422);
    expect(await followupRow(unreachable.id)).toBeUndefined();
    const { followup_at } = await t.db
      .selectFrom('applications')
      .select('followup_at')
      .where('id', '=', unreachable.id)
      .executeTakeFirstOrThrow();
    expect(followup_at).toBeNull();
  });

  it('answers 404 for an unknown application and 403 to an investigator', async () => {
    expect((await request('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await request('not-a-uuid')).statusCode).toBe(404);
    const application = await approvedApplication();
    expect((await request(application.uuid, investigator)).statusCode).toBe(403);
    expect(await followupRow(application.id)).toBeUndefined();
  });
});

describe('GET /applications/:uuid/followup', () => {
  it('answers 404 until requested, then the report to those who manage and to investigators on the application only', async () => {
    const application = await approvedApplication();
    expect((await read(application.uuid)).statusCode).toBe(404);
    await request(application.uuid);
    expect((await read(application.uuid)).json().data.application_uuid).toBe(application.uuid);
    expect((await read(application.uuid, investigator)).statusCode).toBe(403);
    await t.db.insertInto('investigations').values({ application_id: application.id, user_id: investigatorId }).execute();
    expect((await read(application.uuid, investigator)).statusCode).toBe(200);
  });

  it('lets staff download the follow-up’s attachment, and investigators only on their own applications', async () => {
    const application = await approvedApplication();
    await request(application.uuid);
    const upload = multipart([{ name: 'file', filename: 'rapport.pdf', content: pdf(), type: 'application/pdf' }]);
    const uploaded = await call(t.app, {
      method: 'POST',
      url: `/api/v1/portal/applications/${application.uuid}/followup/files`,
      cookie: application.applicant,
      headers: upload.headers,
      payload: upload.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const { files } = (await read(application.uuid)).json().data;
    expect(files).toEqual([expect.objectContaining({ uuid: uploaded.json().data.uuid, name: 'rapport.pdf', mime: 'application/pdf' })]);
    const download = (cookie: string) =>
      call(t.app, { method: 'GET', url: `/api/v1/applications/${application.uuid}/files/${files[0].uuid}`, cookie });
    const file = await download(admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('rapport.pdf');
    expect((await download(investigator)).statusCode).toBe(403);
  });
});

describe('/periods/:uuid/followup-requests', () => {
  it('counts the approved applications not yet asked, then requests them all and mails each applicant', async () => {
    const period = await createPeriod(t.db, 'Uppföljning alla');
    const applicants = await Promise.all(['a', 'b', 'c', 'd'].map((n) => createApplicant(t.db, `${n}-period@followups.test`)));
    const [first, second, third] = await Promise.all(
      applicants.slice(0, 3).map((frontendUserId) => createApplication(t.db, { periodId: period.id, frontendUserId, status: approved })),
    );
    await createApplication(t.db, { periodId: period.id, frontendUserId: applicants[3], status: rejected });
    await request(third.uuid);
    const url = `/api/v1/periods/${period.uuid}/followup-requests`;
    expect((await call(t.app, { method: 'GET', url, cookie: admin })).json()).toEqual({ data: { pending: 2, stood_aside: 0 } });
    const response = await call(t.app, { method: 'POST', url, cookie: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { requested: 2, stood_aside: 0 } });
    for (const application of [first, second]) expect(await followupRow(application.id)).toBeDefined();
    expect(await mailsTo('a-period@followups.test')).toHaveLength(1);
    expect(await mailsTo('d-period@followups.test')).toEqual([]);
    expect((await call(t.app, { method: 'GET', url, cookie: admin })).json()).toEqual({ data: { pending: 0, stood_aside: 0 } });
    expect((await call(t.app, { method: 'POST', url, cookie: admin })).json()).toEqual({ data: { requested: 0, stood_aside: 0 } });
  });

  it('answers 404 for an unknown period and 403 to an investigator', async () => {
    const url = '/api/v1/periods/00000000-0000-4000-8000-000000000000/followup-requests';
    expect((await call(t.app, { method: 'GET', url, cookie: admin })).statusCode).toBe(404);
    const period = await createPeriod(t.db, 'Uppföljning utredare');
    const own = `/api/v1/periods/${period.uuid}/followup-requests`;
    expect((await call(t.app, { method: 'POST', url: own, cookie: investigator })).statusCode).toBe(403);
    expect(
      (await call(t.app, { method: 'GET', url: own, cookie: await applicantCookie(t.db, await createApplicant(t.db, 'x@followups.test')) }))
        .statusCode,
    ).toBe(401);
  });
});
