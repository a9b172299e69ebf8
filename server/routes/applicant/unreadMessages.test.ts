import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { applicantCookie, createApplicant, createApplication, createPeriod } from '../../test/handlingFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let period: number;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  period = (await createPeriod(t.db, 'Olästa meddelanden')).id;
  await createStaff(t.db, 'admin', 'unread-admin@test.se');
  admin = await sessionCookie(t.app, 'unread-admin@test.se');
});
afterAll(() => t.close());

const staffWrites = async (uuid: string, body: string) => {
  const response = await call(t.app, {
    method: 'POST',
    url: `/api/v1/applications/${uuid}/messages`,
    cookie: admin,
    payload: { data: { body } },
  });
  expect(response.statusCode, response.body).toBe(201);
};

/** The applicant's list as the dashboard reads it: unread count by application uuid. */
async function unreadOf(cookie: string): Promise<Record<string, number>> {
  const response = await call(t.app, { method: 'GET', url: '/api/v1/portal/applications', cookie });
  expect(response.statusCode, response.body).toBe(200);
  return Object.fromEntries((response.json().data as { uuid: string; unread_messages: number }[]).map((a) => [a.uuid, a.unread_messages]));
}

describe('the applicant’s unread messages in their list of applications', () => {
  it('counts staff’s messages not yet read per application, and none once the thread is read', async () => {
    const id = await createApplicant(t.db, `${randomUUID()}@test.se`);
    const cookie = await applicantCookie(t.db, id);
    const first = await createApplication(t.db, { periodId: period, frontendUserId: id });
    const second = await createApplication(t.db, { periodId: period, frontendUserId: id });
    const draft = await createApplication(t.db, { periodId: period, frontendUserId: id, status: enums.application_status.draft });
    expect(await unreadOf(cookie)).toEqual({ [first.uuid]: 0, [second.uuid]: 0, [draft.uuid]: 0 });

    await staffWrites(first.uuid, 'Hej! Vi har tagit emot din ansökan.');
    await staffWrites(first.uuid, 'Kan du skicka budgeten?');
    await staffWrites(second.uuid, 'En fråga om den andra ansökan.');
    // The applicant's own messages are never unread for them.
    const own = await call(t.app, {
      method: 'POST',
      url: `/api/v1/portal/applications/${first.uuid}/messages`,
      cookie,
      payload: { data: { body: 'Svar kommer.' } },
    });
    expect(own.statusCode).toBe(201);
    expect(await unreadOf(cookie)).toEqual({ [first.uuid]: 2, [second.uuid]: 1, [draft.uuid]: 0 });

    const read = await call(t.app, { method: 'GET', url: `/api/v1/portal/applications/${first.uuid}/messages`, cookie });
    expect(read.statusCode).toBe(200);
    expect(await unreadOf(cookie)).toEqual({ [first.uuid]: 0, [second.uuid]: 1, [draft.uuid]: 0 });

    await staffWrites(first.uuid, 'Tack, budgeten har kommit.');
    expect(await unreadOf(cookie)).toEqual({ [first.uuid]: 1, [second.uuid]: 1, [draft.uuid]: 0 });
  });

  it('leaves other applicants’ counts alone', async () => {
    const a = await createApplicant(t.db, `${randomUUID()}@test.se`);
    const b = await createApplicant(t.db, `${randomUUID()}@test.se`);
    const ofA = await createApplication(t.db, { periodId: period, frontendUserId: a });
    const ofB = await createApplication(t.db, { periodId: period, frontendUserId: b });
    await staffWrites(ofA.uuid, 'Till A.');
    expect(await unreadOf(await applicantCookie(t.db, a))).toEqual({ [ofA.uuid]: 1 });
    expect(await unreadOf(await applicantCookie(t.db, b))).toEqual({ [ofB.uuid]: 0 });
  });
});
