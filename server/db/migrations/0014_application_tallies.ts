import { sql, type Kysely } from 'kysely';

/**
 * Exact counts and sums of the applications sent in, kept by the database as rows change, so that a list's total,
 * the dashboard's figures and the statistics cost the same at a million applications as at ten thousand (rather than
 * a count or an aggregate over the table on every request).
 *
 * application_tallies: one row per combination of what the lists filter on and the statistics group by: period,
 * status, applicant type, month sent in (Stockholm time: sent at 00:30 on 1 February is February's), unread messages,
 * in the follow-up stage. Each holds the count, the sums applied for and granted, and the follow-ups' participants
 * and events. category_tallies: the count and sums per category, period and status. Drafts (status 10) are left out: no list, figure or table shows them, and their
 * autosaves then never touch a shared row.
 *
 * Kept by statement triggers with transition tables: a statement's changes are summed per row of the tally and
 * applied in key order, so a bulk change costs one upsert per tally row and two transactions lock tally rows in the
 * same order (no deadlock). A deleted application is taken out row by row before it goes, while its categories and
 * follow-up, which the delete cascades to, can still be read. The tallies' own tests compare them with a recount.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE application_tallies (
      period_id integer NOT NULL,
      status integer NOT NULL,
      applicant_type integer,
      month text,
      unread boolean NOT NULL,
      in_followup boolean NOT NULL,
      applications bigint NOT NULL,
      applied bigint NOT NULL,
      approved bigint NOT NULL,
      participants bigint NOT NULL,
      events bigint NOT NULL,
      UNIQUE NULLS NOT DISTINCT (period_id, status, applicant_type, month, unread, in_followup)
    );
    CREATE TABLE category_tallies (
      category_id integer NOT NULL,
      period_id integer NOT NULL,
      status integer NOT NULL,
      applications bigint NOT NULL,
      applied bigint NOT NULL,
      approved bigint NOT NULL,
      PRIMARY KEY (category_id, period_id, status)
    );

    -- What each application sent in adds to its tally row; sign -1 takes it away.
    CREATE FUNCTION application_tally_rows(rows applications[], sign integer)
    RETURNS TABLE (period_id integer, status integer, applicant_type integer, month text, unread boolean,
                   in_followup boolean, applications bigint, applied bigint, approved bigint, participants bigint,
                   events bigint)
    LANGUAGE sql STABLE AS $$
      SELECT a.period_id, a.status, a.applicant_type,
             to_char(a.sent_in_at AT TIME ZONE 'Europe/Stockholm', 'YYYY-MM'),
             a.unread_messages, a.followup_at IS NOT NULL AND NOT a.finished,
             sign, sign * coalesce(a.money, 0), sign * coalesce(a.approved_money, 0),
             CASE WHEN a.followup_sent_in_at IS NULL THEN 0 ELSE sign * coalesce(f.participants, 0) END,
             CASE WHEN a.followup_sent_in_at IS NULL THEN 0 ELSE sign * coalesce(f.events, 0) END
      FROM unnest(rows) a
      LEFT JOIN application_followups f ON f.application_id = a.id
      WHERE a.status <> 10
    $$;

    CREATE FUNCTION category_tally_rows(rows applications[], sign integer)
    RETURNS TABLE (category_id integer, period_id integer, status integer, applications bigint, applied bigint,
                   approved bigint)
    LANGUAGE sql STABLE AS $$
      SELECT ac.category_id, a.period_id, a.status, sign, sign * coalesce(a.money, 0),
             sign * coalesce(a.approved_money, 0)
      FROM unnest(rows) a
      JOIN application_categories ac ON ac.application_id = a.id
      WHERE a.status <> 10
    $$;

    -- Adds the summed changes to the tallies, in key order.
    CREATE FUNCTION add_to_tallies(added application_tallies[]) RETURNS void LANGUAGE sql AS $$
      INSERT INTO application_tallies AS t
      SELECT c.period_id, c.status, c.applicant_type, c.month, c.unread, c.in_followup, sum(c.applications),
             sum(c.applied), sum(c.approved), sum(c.participants), sum(c.events)
      FROM unnest(added) c
      GROUP BY c.period_id, c.status, c.applicant_type, c.month, c.unread, c.in_followup
      HAVING sum(c.applications) <> 0 OR sum(c.applied) <> 0 OR sum(c.approved) <> 0 OR sum(c.participants) <> 0
          OR sum(c.events) <> 0
      ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (period_id, status, applicant_type, month, unread, in_followup) DO UPDATE SET
        applications = t.applications + excluded.applications, applied = t.applied + excluded.applied,
        approved = t.approved + excluded.approved, participants = t.participants + excluded.participants,
        events = t.events + excluded.events
    $$;

    CREATE FUNCTION add_to_category_tallies(added category_tallies[]) RETURNS void LANGUAGE sql AS $$
      INSERT INTO category_tallies AS t
      SELECT c.category_id, c.period_id, c.status, sum(c.applications), sum(c.applied), sum(c.approved)
      FROM unnest(added) c
      GROUP BY c.category_id, c.period_id, c.status
      HAVING sum(c.applications) <> 0 OR sum(c.applied) <> 0 OR sum(c.approved) <> 0
      ORDER BY 1, 2, 3
      ON CONFLICT (category_id, period_id, status) DO UPDATE SET
        applications = t.applications + excluded.applications, applied = t.applied + excluded.applied,
        approved = t.approved + excluded.approved
    $$;

    CREATE FUNCTION applications_tally() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      before applications[] := '{}';
      after applications[] := '{}';
    BEGIN
      IF TG_OP = 'INSERT' THEN
        SELECT coalesce(array_agg(n), '{}') INTO after FROM new_rows n WHERE n.status <> 10;
      ELSE
        -- Only rows whose tallied values changed: an edit of anything else (an autosave) adds nothing.
        SELECT coalesce(array_agg(o), '{}'), coalesce(array_agg(n), '{}') INTO before, after
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.status <> 10 OR n.status <> 10)
          AND (o.period_id, o.status, o.applicant_type, o.sent_in_at, o.unread_messages, o.followup_at, o.finished,
               o.money, o.approved_money, o.followup_sent_in_at)
              IS DISTINCT FROM
              (n.period_id, n.status, n.applicant_type, n.sent_in_at, n.unread_messages, n.followup_at, n.finished,
               n.money, n.approved_money, n.followup_sent_in_at);
      END IF;
      IF cardinality(after) = 0 AND cardinality(before) = 0 THEN RETURN NULL; END IF;
      PERFORM add_to_tallies(ARRAY(
        SELECT r::application_tallies FROM (
          SELECT * FROM application_tally_rows(after, 1) UNION ALL SELECT * FROM application_tally_rows(before, -1)
        ) r));
      PERFORM add_to_category_tallies(ARRAY(
        SELECT r::category_tallies FROM (
          SELECT * FROM category_tally_rows(after, 1) UNION ALL SELECT * FROM category_tally_rows(before, -1)
        ) r));
      RETURN NULL;
    END $$;

    CREATE FUNCTION applications_untally() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.status <> 10 THEN
        PERFORM add_to_tallies(ARRAY(SELECT r::application_tallies FROM application_tally_rows(ARRAY[OLD], -1) r));
        PERFORM add_to_category_tallies(ARRAY(SELECT r::category_tallies FROM category_tally_rows(ARRAY[OLD], -1) r));
      END IF;
      RETURN OLD;
    END $$;

    -- A category chosen or dropped, or a follow-up's figures changed, of an application still there.
    CREATE FUNCTION application_categories_tally() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM add_to_category_tallies(ARRAY(
          SELECT (c.category_id, a.period_id, a.status, 1, coalesce(a.money, 0), coalesce(a.approved_money, 0))::category_tallies
          FROM new_rows c JOIN applications a ON a.id = c.application_id WHERE a.status <> 10));
      ELSE
        PERFORM add_to_category_tallies(ARRAY(
          SELECT (c.category_id, a.period_id, a.status, -1, -coalesce(a.money, 0), -coalesce(a.approved_money, 0))::category_tallies
          FROM old_rows c JOIN applications a ON a.id = c.application_id WHERE a.status <> 10));
      END IF;
      RETURN NULL;
    END $$;

    CREATE FUNCTION application_followups_tally() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      added application_followups[] := '{}';
      removed application_followups[] := '{}';
    BEGIN
      -- Each branch reads only the transition tables its event has.
      IF TG_OP <> 'DELETE' THEN SELECT coalesce(array_agg(n), '{}') INTO added FROM new_rows n; END IF;
      IF TG_OP <> 'INSERT' THEN SELECT coalesce(array_agg(o), '{}') INTO removed FROM old_rows o; END IF;
      PERFORM add_to_tallies(ARRAY(
        SELECT (t.period_id, t.status, t.applicant_type, t.month, t.unread, t.in_followup, 0, 0, 0,
                c.sign * coalesce(c.participants, 0), c.sign * coalesce(c.events, 0))::application_tallies
        FROM (SELECT f.*, 1 AS sign FROM unnest(added) f UNION ALL SELECT f.*, -1 FROM unnest(removed) f) c
        JOIN applications a ON a.id = c.application_id AND a.followup_sent_in_at IS NOT NULL
        CROSS JOIN LATERAL application_tally_rows(ARRAY[a], 1) t));
      RETURN NULL;
    END $$;

    CREATE TRIGGER applications_tally_insert AFTER INSERT ON applications
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION applications_tally();
    CREATE TRIGGER applications_tally_update AFTER UPDATE ON applications
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION applications_tally();
    CREATE TRIGGER applications_tally_delete BEFORE DELETE ON applications
      FOR EACH ROW EXECUTE FUNCTION applications_untally();
    CREATE TRIGGER application_categories_tally_insert AFTER INSERT ON application_categories
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION application_categories_tally();
    CREATE TRIGGER application_categories_tally_delete AFTER DELETE ON application_categories
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION application_categories_tally();
    CREATE TRIGGER application_followups_tally_insert AFTER INSERT ON application_followups
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION application_followups_tally();
    CREATE TRIGGER application_followups_tally_update AFTER UPDATE ON application_followups
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION application_followups_tally();
    CREATE TRIGGER application_followups_tally_delete AFTER DELETE ON application_followups
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION application_followups_tally();
  `.execute(db);
  await fillTallies(db);
}

/** Adds every application already there to the (empty) tallies: what the triggers would have counted. */
export async function fillTallies<D>(db: Kysely<D>): Promise<void> {
  await sql`
    SELECT add_to_tallies(ARRAY(SELECT r::application_tallies
      FROM application_tally_rows(ARRAY(SELECT a FROM applications a), 1) r));
    SELECT add_to_category_tallies(ARRAY(SELECT r::category_tallies
      FROM category_tally_rows(ARRAY(SELECT a FROM applications a), 1) r));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER applications_tally_insert ON applications;
    DROP TRIGGER applications_tally_update ON applications;
    DROP TRIGGER applications_tally_delete ON applications;
    DROP TRIGGER application_categories_tally_insert ON application_categories;
    DROP TRIGGER application_categories_tally_delete ON application_categories;
    DROP TRIGGER application_followups_tally_insert ON application_followups;
    DROP TRIGGER application_followups_tally_update ON application_followups;
    DROP TRIGGER application_followups_tally_delete ON application_followups;
    DROP FUNCTION application_followups_tally(), application_categories_tally(), applications_untally(),
      applications_tally(), add_to_category_tallies(category_tallies[]), add_to_tallies(application_tallies[]),
      category_tally_rows(applications[], integer), application_tally_rows(applications[], integer);
    DROP TABLE category_tallies, application_tallies;
  `.execute(db);
}
