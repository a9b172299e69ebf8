import { sql, type Kysely } from 'kysely';

/**
 * Standing aside (jäv) as one fact per person and application, whatever way it was declared: a reviewer's declaration
 * on their review (`investigations.conflict_of_interest`) or a board member's on a meeting's agenda line
 * (`meeting_conflicts`). The access layer reads this table alone (server/access/standing.ts), so a conflict holds on
 * every route that reaches the application, and no later change of the review, the agenda or the meeting takes it
 * away: it is final, append-only like the history, and goes only with its application (`app.deleting_application`,
 * migration 0022). `meeting_id` says at which meeting a board member declared it (no foreign key: a meeting deleted
 * before its decisions leaves the declaration standing); null for a reviewer's.
 * The rows declared so far are carried over, with the time each was declared.
 *
 * Every staff session's lookup also reads the user's open reviews (not declared, or declared and not sent in), which
 * close an application or its reviews to them: a partial index keeps that read to those rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE conflicts_of_interest (
      application_id integer NOT NULL REFERENCES applications ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users ON DELETE RESTRICT,
      declared_at timestamptz NOT NULL,
      meeting_id integer,
      PRIMARY KEY (application_id, user_id)
    );
    CREATE INDEX conflicts_of_interest_user ON conflicts_of_interest (user_id, application_id);
    CREATE INDEX investigations_open_reviews ON investigations (user_id, application_id)
      WHERE reviewed_at IS NULL AND conflict_of_interest IS NOT TRUE;

    CREATE FUNCTION conflicts_of_interest_final() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        IF current_setting('app.deleting_application', true) = OLD.application_id::text THEN
          RETURN OLD;
        END IF;
      END IF;
      RAISE EXCEPTION 'a conflict of interest is final' USING ERRCODE = 'restrict_violation';
    END $$;
    CREATE TRIGGER conflicts_of_interest_final BEFORE UPDATE OR DELETE ON conflicts_of_interest
      FOR EACH ROW EXECUTE FUNCTION conflicts_of_interest_final();
    CREATE TRIGGER conflicts_of_interest_no_truncate BEFORE TRUNCATE ON conflicts_of_interest
      FOR EACH STATEMENT EXECUTE FUNCTION conflicts_of_interest_final();

    INSERT INTO conflicts_of_interest (application_id, user_id, declared_at, meeting_id)
    SELECT DISTINCT ON (application_id, user_id) application_id, user_id, declared_at, meeting_id
    FROM (
      SELECT application_id, user_id, coalesce(conflict_declared_at, updated_at) AS declared_at, NULL::integer AS meeting_id
      FROM investigations WHERE conflict_of_interest
      UNION ALL
      SELECT application_id, user_id, declared_at, meeting_id FROM meeting_conflicts WHERE conflict_of_interest
    ) declared
    ORDER BY application_id, user_id, declared_at;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX investigations_open_reviews;
    DROP TABLE conflicts_of_interest;
    DROP FUNCTION conflicts_of_interest_final();
  `.execute(db);
}
