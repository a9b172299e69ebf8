import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { createApplicant, createApplication, createPeriod, historyOf } from '../../test/handlingFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

// Requesting a follow-up reopens an application marked finished (the demo marks its approved ones so): the lists'
// follow-ups are those not finished, and staff would not find it there otherwise.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'admin@followup-reopen.test');
  admin = await sessionCookie(t.app, 'admin@followup-reopen.test');
});
afterAll(() => t.close());

let applicants = 0;
/** An approved application marked finished, in `periodId`, of an applicant of its own. */
async function finishedApproved(periodId: number) {
  applicants += 1;
  const frontendUserId = await createApplicant(t.db, `reopen-${applicants}@followup-reopen.test`);
  const application = await createApplication(t.db, { periodId, frontendUserId, status: enums.application_status.approved });
  await t.db.updateTable('applications').set({ finished: true }).where('id', '=', application.id).execute();
  return application;
}

const inFollowups = async (periodId: number) => {
  const response = await call(t.app, { method: 'GET', url: `/api/v1/applications/all?followups=1&period=${periodId}`, cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { data: { id: number }[]; total: number } }>().data;
};
const finishedOf = async (id: number) =>
  (await t.db.selectFrom('applications').select('finished').where('id', '=', id).executeTakeFirstOrThrow()).finished;
const finishedChanges = async (id: number) =>
  (await historyOf(t.db, id)).filter((h) => h.action === 'finished').map((h) => ({ before: h.before, after: h.after }));

describe('requesting a follow-up of a finished application', () => {
  it('reopens it, records that in its history, and lists it under ?followups=1', async () => {
    const period = await createPeriod(t.db, 'Återöppnad en');
    const application = await finishedApproved(period.id);
    expect((await inFollowups(period.id)).total).toBe(0);

    const requested = await call(t.app, {
      method: 'POST',
      url: `/api/v1/applications/${application.uuid}/followup/request`,
      cookie: admin,
    });
    expect(requested.statusCode, requested.body).toBe(200);

    expect(await finishedOf(application.id)).toBe(false);
    expect(await finishedChanges(application.id)).toEqual([{ before: { finished: true }, after: { finished: false } }]);
    const listed = await inFollowups(period.id);
    expect(listed.data.map((r) => r.id)).toEqual([application.id]);
    expect(listed.total).toBe(1);
  });

  it('reopens each of a period’s requested together; one not finished gets no such entry', async () => {
    const period = await createPeriod(t.db, 'Återöppnad alla');
    const finished = await finishedApproved(period.id);
    const open = await createApplication(t.db, {
      periodId: period.id,
      frontendUserId: await createApplicant(t.db, 'open@followup-reopen.test'),
      status: enums.application_status.approved,
    });

    const requested = await call(t.app, { method: 'POST', url: `/api/v1/periods/${period.uuid}/followup-requests`, cookie: admin });
    expect(requested.json()).toEqual({ data: { requested: 2, stood_aside: 0 } });

    expect(await finishedOf(finished.id)).toBe(false);
    expect(await finishedChanges(finished.id)).toEqual([{ before: { finished: true }, after: { finished: false } }]);
    expect(await finishedChanges(open.id)).toEqual([]);
    const listed = await inFollowups(period.id);
    expect(listed.data.map((r) => r.id).sort((a, b) => a - b)).toEqual([finished.id, open.id].sort((a, b) => a - b));
    expect(listed.total).toBe(2);
  });

  it('leaves it finished when the request is refused', async () => {
    const period = await createPeriod(t.db, 'Återöppnad aldrig');
    const application = await finishedApproved(period.id);
    await t.db
      .updateTable('frontend_users')
      .set({ active: false })
      .where('email', '=', `reopen-${applicants}@followup-reopen.test`)
      .execute();
    const refused = await call(t.app, { method: 'POST', url: `/api/v1/applications/${application.uuid}/followup/request`, cookie: admin });
    expect(refused.statusCode).toBe(422);
    expect(await finishedOf(application.id)).toBe(true);
    expect(await finishedChanges(application.id)).toEqual([]);
  });
});
