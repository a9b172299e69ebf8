import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { releasedAs, sentInApplication } from '../test/handlingFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

// The reminder through the queue, as the app runs it, on a clock the test moves.

const DAY = 24 * 60 * 60 * 1000;
let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await createStaff(t.db, 'admin', 'admin@queue-reminders.test');
  admin = await sessionCookie(t.app, 'admin@queue-reminders.test');
});
afterAll(() => t.close());

const mailsTo = (recipient: string) =>
  t.db.selectFrom('outbox').select('subject').where('recipient', '=', recipient).orderBy('id').execute();
/** Runs the reminders' job as the queue does and waits until it has finished. */
async function runReminderJob() {
  const id = await t.jobs.send('followup-reminders');
  const state = async () =>
    (await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE name = 'followup-reminders' AND id = ${id}`.execute(t.db)).rows[0]
      ?.state;
  await expect.poll(state, { timeout: 10_000 }).toBe('completed');
}

describe('the follow-up reminder on the job queue', () => {
  it('goes once when the clock has moved 14 days, and the request stores the job that wakes it then', async () => {
    const application = await sentInApplication(t.db, 'sv-SE');
    const { approved } = enums.application_status;
    await t.db
      .updateTable('applications')
      .set({ status: approved, ...releasedAs(approved) })
      .where('id', '=', application.id)
      .execute();
    const requested = await call(t.app, {
      method: 'POST',
      url: `/api/v1/applications/${application.uuid}/followup/request`,
      cookie: admin,
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const requestedAt = new Date(requested.json<{ data: { requested_at: string } }>().data.requested_at);

    const { rows: wakeUps } = await sql<{ start_after: Date }>`
      SELECT start_after FROM pgboss.job WHERE name = 'followup-reminders' AND state = 'created' ORDER BY start_after DESC LIMIT 1
    `.execute(t.db);
    expect(wakeUps[0].start_after.getTime()).toBe(requestedAt.getTime() + 14 * DAY);

    offset = 13.9 * DAY;
    await runReminderJob();
    expect(await mailsTo(application.email)).toHaveLength(1);

    offset = 14 * DAY;
    await runReminderJob();
    const mails = await mailsTo(application.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toMatch(/^Påminnelse/);

    offset = 20 * DAY;
    await runReminderJob();
    expect(await mailsTo(application.email)).toHaveLength(2);
  });
});
