import { sql, type Kysely } from 'kysely';

/**
 * The follow-up report after a grant: one per application, requested by staff, answered and sent in
 * by the applicant. The due date and the sent-in time stay on `applications` (`followup_at`, `followup_sent_in_at`),
 * where the lists and progress indicators read them. A follow-up's attachments are application files marked
 * `followup`, kept apart from the form's files as a message's are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE application_followups (
      application_id int PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
      requested_at timestamptz NOT NULL,
      requested_by int NULL REFERENCES users (id) ON DELETE SET NULL,
      reminded_at timestamptz NULL,
      according_to_plan boolean NULL,
      according_to_plan_comment text NULL CHECK (length(according_to_plan_comment) <= 2000),
      participants int NULL CHECK (participants >= 0),
      events int NULL CHECK (events >= 0),
      marketing text NULL CHECK (length(marketing) <= 5000),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    -- The reminder's search: follow-ups not yet reminded, by when they were requested.
    CREATE INDEX application_followups_unreminded ON application_followups (requested_at) WHERE reminded_at IS NULL;
    ALTER TABLE application_files ADD COLUMN followup boolean NOT NULL DEFAULT false;
    -- The lists' followups preset: requested and not finished (sent in or not).
    DROP INDEX applications_followups;
    CREATE INDEX applications_followups ON applications (followup_at) WHERE followup_at IS NOT NULL AND NOT finished;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX applications_followups;
    CREATE INDEX applications_followups ON applications (followup_at) WHERE followup_sent_in_at IS NULL;
    ALTER TABLE application_files DROP COLUMN followup;
    DROP TABLE application_followups;
  `.execute(db);
}
