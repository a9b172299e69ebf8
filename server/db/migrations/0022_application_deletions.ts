import { sql, type Kysely } from 'kysely';

/**
 * Staff who manage applications may delete one that is not approved:
 * - application_deletions records who deleted which reference, and when, with what went with it. It outlives the
 *   application and its period (no foreign key to either), names no applicant, and is append-only like the history.
 *   A staff user named in it cannot be deleted (ON DELETE RESTRICT: "still in use", deactivate them instead).
 * - The history stays append-only but for this: a transaction that names the application it deletes
 *   (`app.deleting_application`) may delete that application's entries, through the delete's cascade. The check moves
 *   from the one UPDATE OR DELETE trigger to a trigger per event, so the anonymising rule of 0017 is untouched.
 * - The log's indexes serve its list (server/applications/deletion.ts): each sort walks one, ties broken by the id, in
 *   both directions, for the whole log and for one period; the search reads the trigram index of the folded
 *   reference, as every search does (migration 0020). Its totals are kept per period, as the applications' are
 *   (migration 0014), by a statement trigger on the one change the log takes, an insert: a page of the whole log or of
 *   some periods then sums a few rows instead of counting the log (at a million entries the count took 50 ms).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE application_deletions (
      id serial PRIMARY KEY,
      reference text,
      application_uuid uuid NOT NULL,
      -- The period as it was: the id for staff's scope, the name for reading once the period is gone.
      period_id integer NOT NULL,
      period_name text NOT NULL,
      status smallint NOT NULL,
      files integer NOT NULL,
      messages integer NOT NULL,
      followup boolean NOT NULL,
      user_id integer NOT NULL REFERENCES users ON DELETE RESTRICT,
      deleted_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX application_deletions_deleted_at ON application_deletions (deleted_at DESC, id DESC);
    CREATE INDEX application_deletions_reference ON application_deletions (reference, id);
    CREATE INDEX application_deletions_period ON application_deletions (period_id, deleted_at DESC, id DESC);
    CREATE INDEX application_deletions_period_reference ON application_deletions (period_id, reference, id);
    CREATE INDEX application_deletions_reference_trgm ON application_deletions USING gin (search_fold(reference) gin_trgm_ops);

    CREATE TABLE application_deletion_tallies (
      period_id integer PRIMARY KEY,
      deletions bigint NOT NULL
    );
    CREATE FUNCTION application_deletions_tally() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- In key order, so two transactions lock the tally rows in the same order.
      INSERT INTO application_deletion_tallies AS t (period_id, deletions)
      SELECT period_id, count(*) FROM added GROUP BY period_id ORDER BY period_id
      ON CONFLICT (period_id) DO UPDATE SET deletions = t.deletions + excluded.deletions;
      RETURN NULL;
    END $$;
    CREATE TRIGGER application_deletions_tally AFTER INSERT ON application_deletions
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION application_deletions_tally();
    CREATE INDEX application_deletions_user ON application_deletions (user_id);

    CREATE FUNCTION application_deletions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'application_deletions is append-only' USING ERRCODE = 'restrict_violation';
    END $$;
    CREATE TRIGGER application_deletions_append_only BEFORE UPDATE OR DELETE ON application_deletions
      FOR EACH ROW EXECUTE FUNCTION application_deletions_append_only();
    CREATE TRIGGER application_deletions_no_truncate BEFORE TRUNCATE ON application_deletions
      FOR EACH STATEMENT EXECUTE FUNCTION application_deletions_append_only();

    CREATE FUNCTION application_history_deleted_with_application() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('app.deleting_application', true) = OLD.application_id::text THEN
        RETURN OLD;
      END IF;
      RAISE EXCEPTION 'application_history is append-only' USING ERRCODE = 'restrict_violation';
    END $$;
    DROP TRIGGER application_history_append_only ON application_history;
    CREATE TRIGGER application_history_append_only BEFORE UPDATE ON application_history
      FOR EACH ROW EXECUTE FUNCTION application_history_append_only();
    CREATE TRIGGER application_history_deleted_with_application BEFORE DELETE ON application_history
      FOR EACH ROW EXECUTE FUNCTION application_history_deleted_with_application();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER application_history_deleted_with_application ON application_history;
    DROP TRIGGER application_history_append_only ON application_history;
    CREATE TRIGGER application_history_append_only BEFORE UPDATE OR DELETE ON application_history
      FOR EACH ROW EXECUTE FUNCTION application_history_append_only();
    DROP FUNCTION application_history_deleted_with_application();
    DROP TABLE application_deletions;
    DROP TABLE application_deletion_tallies;
    DROP FUNCTION application_deletions_tally();
    DROP FUNCTION application_deletions_append_only();
  `.execute(db);
}
