import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { followupDueDate, remindDueFollowups } from '../../applications/followupRequests.js';
import { dueJobsLeft } from '../../test/dueJobs.js';
import { createApplicant, createApplication, createPeriod } from '../../test/handlingFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

// The sign-in link of a mail about a follow-up lasts until the report is due (to the end of that day in Stockholm),
// not DIALOGUE_LINK_DAYS: the report is due after 30 days, and a 14-day link would die half-way. The clock is moved.

const DAY = 24 * 60 * 60 * 1000;
let now = new Date();
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
  await createStaff(t.db, 'admin', 'admin@followup-link.test');
  admin = await sessionCookie(t.app, 'admin@followup-link.test');
});
afterAll(() => t.close());

let applicants = 0;

/** An approved application of an applicant of its own, whose follow-up staff request at `at`; with its due date. */
async function requested(at: Date) {
  now = at;
  applicants += 1;
  const email = `applicant-${applicants}@followup-link.test`;
  const period = await createPeriod(t.db, `Uppföljningslänk ${applicants}`);
  const frontendUserId = await createApplicant(t.db, email);
  const application = await createApplication(t.db, { periodId: period.id, frontendUserId, status: enums.application_status.approved });
  const response = await call(t.app, { method: 'POST', url: `/api/v1/applications/${application.uuid}/followup/request`, cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  // The request queues the reminder's wake-up at its time, long past by the real clock: it runs now, at `at`.
  await expect.poll(() => dueJobsLeft(t.db, ['followup-reminders']), { timeout: 10_000 }).toBe(0);
  return { email, due: response.json<{ data: { due_at: string } }>().data.due_at };
}

/** The sign-in token of the applicant's last mail, and its text. */
async function lastLink(email: string) {
  const mails = await t.db.selectFrom('outbox').select('body_text').where('recipient', '=', email).orderBy('id').execute();
  const body = mails.at(-1)!.body_text;
  return { token: /\/logga-in\/([\w-]+)\?next=%2Ffollowup%2F/.exec(body)![1], body, count: mails.length };
}

const signIn = (token: string) => call(t.app, { method: 'POST', url: '/api/v1/frontend-users/login', payload: { data: { token } } });

/** The first moment of the day after `day` in Stockholm (summer time in the days these tests use: UTC+2). */
const dayAfter = (day: string) => new Date(new Date(`${day}T00:00:00+02:00`).getTime() + DAY);

describe('the sign-in link of a follow-up mail', () => {
  it('still signs in 20 days after the request, and says it lasts through the due date', async () => {
    const application = await requested(new Date('2026-06-01T08:00:00Z'));
    expect(application.due).toBe(followupDueDate(new Date('2026-06-01T08:00:00Z'), 30));
    const { token, body } = await lastLink(application.email);
    expect(body).toContain('Länken gäller till och med 1 juli 2026.');
    now = new Date('2026-06-21T08:00:00Z');
    expect((await signIn(token)).statusCode).toBe(200);
  });

  it('works through the last minute of the due date in Stockholm and no longer after it', async () => {
    const first = await requested(new Date('2026-06-01T09:00:00Z'));
    now = new Date(dayAfter(first.due).getTime() - 60_000);
    expect((await signIn((await lastLink(first.email)).token)).statusCode).toBe(200);

    const second = await requested(new Date('2026-06-01T09:00:00Z'));
    now = dayAfter(second.due);
    const refused = await signIn((await lastLink(second.email)).token);
    expect(refused.statusCode).toBe(422);
  });

  it('of the reminder lasts until the due date too', async () => {
    const at = new Date('2026-06-01T10:00:00Z');
    const application = await requested(at);
    now = new Date(at.getTime() + 14 * DAY);
    const deps = { mailer: t.mailer, jobs: t.jobs, config: t.config };
    expect(await remindDueFollowups(t.db, deps, now)).toBeGreaterThanOrEqual(1);
    const reminder = await lastLink(application.email);
    expect(reminder.count).toBe(2);
    expect(reminder.body).toContain('Länken gäller till och med 1 juli 2026.');

    now = new Date(at.getTime() + 29 * DAY);
    expect((await signIn(reminder.token)).statusCode).toBe(200);
    const again = await requested(at);
    now = new Date(at.getTime() + 14 * DAY);
    await remindDueFollowups(t.db, deps, now);
    now = dayAfter(again.due);
    expect((await signIn((await lastLink(again.email)).token)).statusCode).toBe(422);
  });
});
