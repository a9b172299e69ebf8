import { sql, type Kysely } from 'kysely';

/**
 * What needs a staff user (server/work/): each count is its list's total, so each list filter behind one gets a partial
 * index of the rows it can match, which stay few whatever the number of applications: follow-ups sent in and not yet
 * read, follow-ups still to come in (overdue is a day's cut of them), decisions not yet released, and payouts by their
 * preparer. And the daily summary mail each user may ask for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Each (status, reference, id), as the sort indexes of migration 0023 begin: the list's default page walks one per
  // status and stops at once where a status has none, and a count reads these columns alone (an index-only scan).
  await sql`
    CREATE INDEX applications_followups_to_read ON applications (status, reference, id) INCLUDE (period_id)
      WHERE followup_sent_in_at IS NOT NULL AND NOT finished;
    CREATE INDEX applications_followups_awaited ON applications (status, reference, id) INCLUDE (followup_at, period_id)
      WHERE followup_at IS NOT NULL AND followup_sent_in_at IS NULL AND NOT finished;
    CREATE INDEX applications_unreleased ON applications (status, reference, id) INCLUDE (period_id)
      WHERE released_at IS NULL AND distribution_mail_sent_at IS NULL AND status IN (40, -10);
    -- The payouts prepared by others than the reader: two ranges of preparers around theirs, within a status.
    CREATE INDEX payouts_preparer ON payouts (status, prepared_by);
    ALTER TABLE users ADD COLUMN daily_summary boolean NOT NULL DEFAULT false;
    -- The Stockholm day a user's summary was last mailed: a run retried (or twice) mails nobody twice.
    ALTER TABLE users ADD COLUMN daily_summary_on date;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX applications_followups_to_read;
    DROP INDEX applications_followups_awaited;
    DROP INDEX applications_unreleased;
    DROP INDEX payouts_preparer;
    ALTER TABLE users DROP COLUMN daily_summary, DROP COLUMN daily_summary_on;
  `.execute(db);
}
