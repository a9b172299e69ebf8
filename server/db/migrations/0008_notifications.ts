import { sql, type Kysely } from 'kysely';

/**
 * Staff's notifications: where a staff user's notification mails go (none: no mails), whether a user who manages
 * applications hears of every application, and the notifications themselves, one row per recipient, written in the
 * transaction of what caused them (an applicant's message, a follow-up sent in).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN notifications_email text,
      ADD COLUMN notify_on_applications boolean NOT NULL DEFAULT false;

    CREATE TABLE notifications (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('applicant_message', 'followup_sent_in')),
      application_id integer NOT NULL REFERENCES applications ON DELETE CASCADE,
      message_id integer REFERENCES application_messages ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz
    );
    -- A user's newest first, and their unread count, each from an index of their own rows.
    CREATE INDEX notifications_user_newest ON notifications (user_id, id DESC);
    CREATE INDEX notifications_user_unread ON notifications (user_id) WHERE read_at IS NULL;
    -- The foreign keys' deletes (an application, a message) find their notifications without a scan.
    CREATE INDEX notifications_application ON notifications (application_id);
    CREATE INDEX notifications_message ON notifications (message_id) WHERE message_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE notifications;
    ALTER TABLE users DROP COLUMN notifications_email, DROP COLUMN notify_on_applications;
  `.execute(db);
}
