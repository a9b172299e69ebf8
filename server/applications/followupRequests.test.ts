import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { createStaff, createTestApp, type TestApp } from '../test/testApp.js';
import { releasedAs, sentInApplication } from '../test/handlingFixtures.js';
import { followupDueDate, nextReminderAt, remindDueFollowups, requestFollowup, type FollowupMailDeps } from './followupRequests.js';

let t: TestApp;
let deps: FollowupMailDeps;
let staffId: number;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  deps = { mailer: t.mailer, config: t.config, jobs: t.jobs };
  staffId = await createStaff(t.db, 'admin', 'admin@reminders.test');
});
afterAll(() => t.close());

const mailsTo = (recipient: string) =>
  t.db.selectFrom('outbox').select(['subject', 'body_text']).where('recipient', '=', recipient).orderBy('id').execute();

/** An approved application whose follow-up was requested at `at` (a time of its own, so other tests' rows are older or newer). */
async function requestedAt(at: Date, locale = 'sv-SE') {
  const application = await sentInApplication(t.db, locale);
  const { approved } = enums.application_status;
  await t.db
    .updateTable('applications')
    .set({ status: approved, ...releasedAs(approved) })
    .where('id', '=', application.id)
    .execute();
  await requestFollowup(t.db, deps, application.uuid, staffId, at);
  return application;
}

/**
 * Each test moves the clock far from the others' (tests run in any order), and reminds only what is due by then;
 * other tests' follow-ups were requested at other times and are reminded, or not, by their own calls.
 */
let year = 2030;
const freshTime = () => new Date(`${year++}-03-10T09:00:00Z`);

describe('remindDueFollowups', () => {
  it('reminds once, FOLLOWUP_REMINDER_DAYS after the request, in the applicant’s language, with a link and the due date', async () => {
    const at = freshTime();
    const application = await requestedAt(at, 'en-US');
    expect(await mailsTo(application.email)).toHaveLength(1);
    // Others requested before this test's time may be reminded by this call: count this applicant's mails.
    await remindDueFollowups(t.db, deps, new Date(at.getTime() + 13.9 * DAY));
    expect(await mailsTo(application.email)).toHaveLength(1);

    expect(nextReminderAt(at, t.config.followupReminderDays)).toEqual(new Date(at.getTime() + 14 * DAY));
    const due = nextReminderAt(at, t.config.followupReminderDays);
    expect(await remindDueFollowups(t.db, deps, due)).toBeGreaterThanOrEqual(1);
    const [, reminder] = await mailsTo(application.email);
    expect(reminder.subject).toBe(`Reminder: follow-up report on your application ${application.reference} – Ansökningsportalen`);
    expect(reminder.body_text).toContain(
      `Please send it in by ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(`${followupDueDate(at, 30)}T12:00:00Z`))}`,
    );
    expect(reminder.body_text).toContain(`?next=${encodeURIComponent(`/followup/${application.uuid}`)}`);
    const row = await t.db
      .selectFrom('application_followups')
      .select('reminded_at')
      .where('application_id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(row.reminded_at).toEqual(due);

    expect(await remindDueFollowups(t.db, deps, new Date(due.getTime() + DAY))).toBe(0);
    expect(await mailsTo(application.email)).toHaveLength(2);
  });

  it('sends nothing for a follow-up sent in, or an application no longer approved', async () => {
    const at = freshTime();
    const sentIn = await requestedAt(at);
    await t.db.updateTable('applications').set({ followup_sent_in_at: at }).where('id', '=', sentIn.id).execute();
    const rejected = await requestedAt(at);
    await t.db.updateTable('applications').set({ status: enums.application_status.rejected }).where('id', '=', rejected.id).execute();
    await remindDueFollowups(t.db, deps, new Date(at.getTime() + 15 * DAY));
    expect(await mailsTo(sentIn.email)).toHaveLength(1);
    expect(await mailsTo(rejected.email)).toHaveLength(1);
    const rows = await t.db
      .selectFrom('application_followups')
      .select('reminded_at')
      .where('application_id', 'in', [sentIn.id, rejected.id])
      .execute();
    expect(rows.map((r) => r.reminded_at)).toEqual([null, null]);
  });

  it('sends one reminder when two runs go at once', async () => {
    const at = freshTime();
    const application = await requestedAt(at);
    const now = new Date(at.getTime() + 14 * DAY);
    await Promise.all([remindDueFollowups(t.db, deps, now), remindDueFollowups(t.db, deps, now)]);
    expect(await mailsTo(application.email)).toHaveLength(2);
  });
});

describe('followupDueDate', () => {
  it('counts from the day in Stockholm', () => {
    // 23:30 UTC on 31 December is already 1 January in Stockholm.
    expect(followupDueDate(new Date('2026-12-31T23:30:00Z'), 30)).toBe('2027-01-31');
    expect(followupDueDate(new Date('2026-03-28T12:00:00Z'), 2)).toBe('2026-03-30');
  });
});
