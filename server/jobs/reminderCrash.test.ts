import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { releasedAs, sentInApplication } from '../test/handlingFixtures.js';
import { killableServer } from '../test/killableServer.js';
import { staffSession } from '../test/serverProcess.js';
import { createStaff, PASSWORD } from '../test/testApp.js';

// The real server process on a PostgreSQL of this test's own, killed while its reminder job is in the middle of its
// transaction: the reminder must still go exactly once, by the next process.

const REMINDER_SECONDS = 6;
const rig = killableServer('reminder-crash');

describe('a crash during the reminder job', () => {
  it('still sends the follow-up reminder exactly once after the restart', { timeout: 240_000 }, async () => {
    const { db, base } = await rig.start({ FOLLOWUP_REMINDER_DAYS: String(REMINDER_SECONDS / 86_400) });

    // An approved application, and staff who request its follow-up.
    await createStaff(db, 'admin', 'crash-admin@test.se');
    const application = await sentInApplication(db, 'en-US');
    await db
      .updateTable('applications')
      .set({ status: 40, approved_money: 10_000_00, ...releasedAs(40, 10_000_00) })
      .where('id', '=', application.id)
      .execute();
    const cookie = await staffSession(base, 'crash-admin@test.se', PASSWORD);
    const requested = await fetch(`${base}/applications/${application.uuid}/followup/request`, {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie },
    });
    expect(requested.status, await requested.text()).toBe(200);
    const mails = async () => (await db.selectFrom('outbox').select('subject').where('recipient', '=', application.email).execute()).length;
    expect(await mails()).toBe(1);

    // Hold the outbox so that the reminder job, when it comes due, waits inside its transaction.
    const outbox = await rig.holdOutbox();
    const waitingInserts = async () => (await rig.waitingForLocks()).mail;
    await expect.poll(waitingInserts, { timeout: 60_000, interval: 250 }).toBe(1);

    // The process dies mid-job; its transaction is rolled back once PostgreSQL sees the client gone.
    await rig.kill();
    await outbox.release();
    await expect.poll(waitingInserts, { timeout: 30_000, interval: 250 }).toBe(0);
    await expect.poll(rig.openTransactions, { timeout: 30_000 }).toBe(0);
    expect(await mails()).toBe(1);

    // The next process sends it, once; and the job cut short, when the queue runs it again, sends nothing more.
    await rig.restart();
    await expect.poll(mails, { timeout: 30_000, interval: 250 }).toBe(2);
    const reminder = await db
      .selectFrom('outbox')
      .select('subject')
      .where('recipient', '=', application.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(reminder.subject).toMatch(/remind/i);
    const unfinished = async () =>
      (
        await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'followup-reminders' AND state IN ('created', 'retry', 'active')
            AND start_after <= now()
        `.execute(db)
      ).rows[0].n;
    await expect.poll(unfinished, { timeout: 150_000, interval: 1000 }).toBe(0);
    expect(await mails()).toBe(2);
  });
});
