import { sql, type Kysely } from 'kysely';

/**
 * Staff handling of applications: the decision's parts, the follow-up and
 * distribution-mail dates behind the progress indicators, investigations, and an append-only history of every
 * status change, decision, investigator change and investigation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE applications
      ADD COLUMN approved_fou bigint CHECK (approved_fou >= 0),
      ADD COLUMN approved_nok bigint CHECK (approved_nok >= 0),
      ADD COLUMN followup_at date,
      ADD COLUMN followup_sent_in_at timestamptz,
      ADD COLUMN distribution_mail_sent_at timestamptz;

    CREATE TABLE investigations (
      id serial PRIMARY KEY,
      application_id integer NOT NULL REFERENCES applications ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users ON DELETE CASCADE,
      amount bigint CHECK (amount >= 0),
      status smallint NOT NULL DEFAULT 10,
      comment text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (application_id, user_id)
    );
    CREATE INDEX investigations_user ON investigations (user_id);

    CREATE TABLE application_history (
      id bigserial PRIMARY KEY,
      application_id integer NOT NULL REFERENCES applications ON DELETE CASCADE,
      -- Who did it; null when the applicant or the system did.
      user_id integer REFERENCES users ON DELETE SET NULL,
      action text NOT NULL,
      before jsonb,
      after jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX application_history_application ON application_history (application_id, id);

    -- Nobody edits or deletes the history: the database refuses it, whatever the code does.
    CREATE FUNCTION application_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'application_history is append-only';
    END $$;
    CREATE TRIGGER application_history_append_only BEFORE UPDATE OR DELETE ON application_history
      FOR EACH STATEMENT EXECUTE FUNCTION application_history_append_only();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE application_history;
    DROP FUNCTION application_history_append_only();
    DROP TABLE investigations;
    ALTER TABLE applications
      DROP COLUMN approved_fou, DROP COLUMN approved_nok, DROP COLUMN followup_at, DROP COLUMN followup_sent_in_at,
      DROP COLUMN distribution_mail_sent_at;
  `.execute(db);
}
