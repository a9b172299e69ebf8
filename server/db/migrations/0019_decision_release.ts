import { sql, type Kysely } from 'kysely';

/**
 * What the applicant has been told of a decision, and the decision's own global goals:
 * - `mailed_status`, `mailed_money`: the decision the last decision mail stated (the amount only for an approval), so
 *   a decision changed after its mail is seen as not yet told (server/applications/told.ts).
 * - `released_at`, `released_status`, `released_money`: the decision as it reached the applicant, by its mail or by
 *   staff without one; until the decision standing is the one released, the applicant sees the application as under
 *   investigation.
 * - `decision_global_goals`: the goals a decision names, apart from `global_goals`, the applicant's answer, which a
 *   decision used to overwrite.
 *
 * Mails already sent told the decision of the time: the last `decision_mail_sent` entry's decision and the amount of
 * the last decision before it (today's, without a history), and they released it. The goals a decision wrote over the
 * applicant's are given back from the first decision's history entry, where nothing has changed them since the last.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE applications
      ADD COLUMN mailed_status smallint,
      ADD COLUMN mailed_money bigint,
      ADD COLUMN released_at timestamptz,
      ADD COLUMN released_status smallint,
      ADD COLUMN released_money bigint,
      ADD COLUMN decision_global_goals smallint[] NOT NULL DEFAULT '{}';

    WITH told AS (
      SELECT a.id, coalesce((m.after->>'decision')::smallint, a.status) AS status,
             coalesce(d.money, a.approved_money) AS money, a.distribution_mail_sent_at AS sent_at
      FROM applications a
      LEFT JOIN LATERAL (
        SELECT h.id, h.after FROM application_history h
        WHERE h.application_id = a.id AND h.action = 'decision_mail_sent'
        ORDER BY h.id DESC LIMIT 1
      ) m ON true
      LEFT JOIN LATERAL (
        SELECT (h.after->>'approved_money')::bigint AS money FROM application_history h
        WHERE h.application_id = a.id AND h.action = 'decision' AND h.id < m.id
        ORDER BY h.id DESC LIMIT 1
      ) d ON true
      WHERE a.distribution_mail_sent_at IS NOT NULL
    )
    UPDATE applications a
    SET mailed_status = told.status,
        mailed_money = CASE WHEN told.status = 40 THEN told.money END,
        released_at = told.sent_at,
        released_status = told.status,
        released_money = CASE WHEN told.status = 40 THEN told.money END
    FROM told
    WHERE told.id = a.id;

    -- A decision in a period without the distribution cap set the goals (the decision form started from the
    -- applicant's); a rejection names none.
    UPDATE applications a
    SET decision_global_goals = a.global_goals
    FROM periods p
    WHERE p.id = a.period_id AND a.status = 40 AND a.decided_at IS NOT NULL AND NOT p.uses_money_distribution_cap;

    WITH first AS (
      SELECT DISTINCT ON (h.application_id) h.application_id, h.before->'global_goals' AS goals
      FROM application_history h
      WHERE h.action = 'decision' AND jsonb_typeof(h.before->'global_goals') = 'array'
      ORDER BY h.application_id, h.id
    ), last AS (
      SELECT DISTINCT ON (h.application_id) h.application_id, h.after->'global_goals' AS goals
      FROM application_history h
      WHERE h.action = 'decision' AND jsonb_typeof(h.after->'global_goals') = 'array'
      ORDER BY h.application_id, h.id DESC
    )
    UPDATE applications a
    SET global_goals = ARRAY(SELECT g::smallint FROM jsonb_array_elements_text(first.goals) AS g)
    FROM first, last
    WHERE first.application_id = a.id AND last.application_id = a.id
      AND to_jsonb(a.global_goals) = last.goals AND first.goals <> last.goals;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE applications
      DROP COLUMN mailed_status, DROP COLUMN mailed_money, DROP COLUMN released_at, DROP COLUMN released_status,
      DROP COLUMN released_money, DROP COLUMN decision_global_goals;
  `.execute(db);
}
