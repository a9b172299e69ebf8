import { sql, type Kysely } from 'kysely';

/**
 * A change of a told decision waits for a second person (migration 0035): those who manage the application hear of
 * it, as of an applicant's message, in a notification of its own kind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
    ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
      CHECK (kind IN ('applicant_message', 'followup_sent_in', 'decision_change_asked'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM notifications WHERE kind = 'decision_change_asked';
    ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
    ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('applicant_message', 'followup_sent_in'));
  `.execute(db);
}
