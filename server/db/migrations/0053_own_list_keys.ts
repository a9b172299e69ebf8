import { sql, type Kysely } from 'kysely';

/**
 * The own-investigations list (server/applications/investigations.ts) sorted and filtered a user's applications by
 * reading each one's row by primary key: some 2 000 index descents and as many heap pages, scattered through the table,
 * so a page cost two and a half times as much at a million applications as at ten thousand. Each investigation now keeps
 * the application's keys that list reads (its status, period, type, when it was sent in, reference, amount, applicant's
 * name and the reviews' figures), and one index of the user's investigations holds them: the list reads that index
 * alone, a few pages per thousand investigations, whatever the size of the table.
 *
 * Kept by triggers, with the copy written in one place: when an investigation is added, and again on every
 * investigation of an application whose keys change (the applicant's name among them, cleared with the account as
 * migration 0023 clears it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE investigations
      ADD COLUMN application_status smallint,
      ADD COLUMN application_period_id integer,
      ADD COLUMN application_type_id integer,
      ADD COLUMN application_sent_in_at timestamptz,
      ADD COLUMN application_reference text,
      ADD COLUMN application_money bigint,
      ADD COLUMN applicant_last_name text COLLATE swedish,
      ADD COLUMN applicant_first_name text COLLATE swedish,
      ADD COLUMN application_review_score smallint,
      ADD COLUMN application_review_spread smallint,
      ADD COLUMN application_reviews_pending smallint;

    CREATE FUNCTION investigations_application_keys() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT a.status, a.period_id, a.application_type_id, a.sent_in_at, a.reference, a.money, a.applicant_last_name,
             a.applicant_first_name, a.review_score, a.review_spread, a.reviews_pending
        INTO NEW.application_status, NEW.application_period_id, NEW.application_type_id, NEW.application_sent_in_at,
             NEW.application_reference, NEW.application_money, NEW.applicant_last_name, NEW.applicant_first_name,
             NEW.application_review_score, NEW.application_review_spread, NEW.application_reviews_pending
        FROM applications a WHERE a.id = NEW.application_id;
      RETURN NEW;
    END $$;
    CREATE TRIGGER investigations_application_keys BEFORE INSERT OR UPDATE OF application_id ON investigations
      FOR EACH ROW EXECUTE FUNCTION investigations_application_keys();

    -- The application's row as updated is what the copy above reads, so its investigations are written again by it.
    CREATE FUNCTION applications_keys_to_investigations() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE investigations SET application_id = application_id WHERE application_id = NEW.id;
      RETURN NULL;
    END $$;
    -- Every column, not UPDATE OF: the applicant's name is also set by a BEFORE trigger (0023), which UPDATE OF misses.
    CREATE TRIGGER applications_keys_to_investigations AFTER UPDATE ON applications FOR EACH ROW
      WHEN ((OLD.status, OLD.period_id, OLD.application_type_id, OLD.sent_in_at, OLD.reference, OLD.money,
             OLD.applicant_last_name, OLD.applicant_first_name, OLD.review_score, OLD.review_spread, OLD.reviews_pending)
        IS DISTINCT FROM
            (NEW.status, NEW.period_id, NEW.application_type_id, NEW.sent_in_at, NEW.reference, NEW.money,
             NEW.applicant_last_name, NEW.applicant_first_name, NEW.review_score, NEW.review_spread, NEW.reviews_pending))
      EXECUTE FUNCTION applications_keys_to_investigations();

    -- The investigations already there, copied by the same trigger.
    UPDATE investigations SET application_id = application_id;
    ALTER TABLE investigations ALTER COLUMN application_status SET NOT NULL,
      ALTER COLUMN application_period_id SET NOT NULL, ALTER COLUMN application_reviews_pending SET NOT NULL;

    -- The user's investigations with everything the own list sorts and filters by, in the index itself: the list is an
    -- index-only scan. It serves what investigations_user served (the user's investigations), which goes.
    CREATE INDEX investigations_own_list ON investigations (user_id) INCLUDE (application_id, application_status,
      application_period_id, application_type_id, application_sent_in_at, application_reference, application_money,
      applicant_last_name, applicant_first_name, application_review_score, application_review_spread,
      application_reviews_pending, reviewed_at, conflict_of_interest);
    DROP INDEX investigations_user;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX investigations_user ON investigations (user_id);
    DROP INDEX investigations_own_list;
    DROP TRIGGER applications_keys_to_investigations ON applications;
    DROP FUNCTION applications_keys_to_investigations();
    DROP TRIGGER investigations_application_keys ON investigations;
    DROP FUNCTION investigations_application_keys();
    ALTER TABLE investigations DROP COLUMN application_status, DROP COLUMN application_period_id,
      DROP COLUMN application_type_id, DROP COLUMN application_sent_in_at, DROP COLUMN application_reference,
      DROP COLUMN application_money, DROP COLUMN applicant_last_name, DROP COLUMN applicant_first_name,
      DROP COLUMN application_review_score, DROP COLUMN application_review_spread, DROP COLUMN application_reviews_pending;
  `.execute(db);
}
