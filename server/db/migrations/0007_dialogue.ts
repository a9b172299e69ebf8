import { sql, type Kysely } from 'kysely';

/**
 * The dialogue between the foundation and the applicant: messages on an application sent in, written by its applicant
 * or by staff, at most one welcome message per application; their attachments are files of the application
 * (application_files, so the file routes download them) that belong to a message, staff's marked when they are the
 * agreement; and the "unread messages" flag of the staff lists, set when the applicant writes and cleared when staff
 * read the thread.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE applications ADD COLUMN unread_messages boolean NOT NULL DEFAULT false;
    -- The lists' "unread" preset reads the few flagged applications through this index.
    CREATE INDEX applications_unread_messages ON applications (id) WHERE unread_messages;

    CREATE TABLE application_messages (
      id serial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      application_id integer NOT NULL REFERENCES applications ON DELETE CASCADE,
      -- Written by the application's applicant, or else by staff: the staff user, null once that user is deleted.
      from_applicant boolean NOT NULL,
      user_id integer REFERENCES users ON DELETE SET NULL,
      body text NOT NULL CHECK (length(body) BETWEEN 1 AND 10000),
      is_welcome_message boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      -- When the other side read it: staff for the applicant's messages, the applicant for staff's.
      read_at timestamptz,
      CHECK (NOT (from_applicant AND user_id IS NOT NULL)),
      CHECK (NOT (from_applicant AND is_welcome_message))
    );
    CREATE INDEX application_messages_application ON application_messages (application_id, id);
    -- One welcome message per application, whatever the code does: two sent at once cannot both be stored.
    CREATE UNIQUE INDEX application_messages_one_welcome ON application_messages (application_id) WHERE is_welcome_message;

    ALTER TABLE application_files
      ADD COLUMN message_id integer REFERENCES application_messages ON DELETE CASCADE,
      ADD COLUMN is_agreement boolean NOT NULL DEFAULT false,
      ADD CONSTRAINT application_files_agreement_of_message CHECK (NOT is_agreement OR message_id IS NOT NULL);
    CREATE INDEX application_files_message ON application_files (message_id) WHERE message_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM application_files WHERE message_id IS NOT NULL;
    ALTER TABLE application_files DROP COLUMN message_id, DROP COLUMN is_agreement;
    DROP TABLE application_messages;
    DROP INDEX applications_unread_messages;
    ALTER TABLE applications DROP COLUMN unread_messages;
  `.execute(db);
}
