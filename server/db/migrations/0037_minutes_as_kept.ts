import { sql, type Kysely } from 'kysely';

/**
 * Minutes as Swedish foundations keep them (server/meetings/pdf/minutes.ts):
 * - `meetings.secretary_id` (protokollförare), beside the chair and the minutes checker (`adjuster_id`); the meeting's
 *   time (`starts_at`, `ends_at`);
 * - a minutes number per year (`minutes_year`, `minutes_number`), drawn when the decisions are entered, unique;
 * - the figures the minutes print beside the decisions, frozen when they are entered (`frozen_totals`: the period's
 *   amount and what was granted in it besides the meeting), so a reprint next year shows the same;
 * - who of the members was present (`meeting_members.present`, set when the decisions are entered; null before);
 * - a member's dissent (reservation) on an item (`meeting_dissents`).
 * Meetings decided before this are numbered per year in the order they were decided, their members counted present
 * and their figures frozen as they read now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE meetings
      ADD COLUMN secretary_id integer REFERENCES users ON DELETE RESTRICT,
      ADD COLUMN starts_at time,
      ADD COLUMN ends_at time,
      ADD COLUMN minutes_year smallint,
      ADD COLUMN minutes_number integer CHECK (minutes_number > 0),
      ADD COLUMN frozen_totals jsonb,
      ADD CONSTRAINT meetings_minutes_number UNIQUE (minutes_year, minutes_number),
      ADD CONSTRAINT meetings_minutes_when_decided CHECK ((minutes_number IS NULL) = (decided_at IS NULL)),
      ADD CONSTRAINT meetings_time_in_order CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at);
    ALTER TABLE meeting_members ADD COLUMN present boolean;

    CREATE TABLE meeting_dissents (
      meeting_id integer NOT NULL,
      application_id integer NOT NULL,
      user_id integer NOT NULL,
      PRIMARY KEY (meeting_id, application_id, user_id),
      FOREIGN KEY (meeting_id, application_id) REFERENCES meeting_agenda ON DELETE CASCADE,
      FOREIGN KEY (meeting_id, user_id) REFERENCES meeting_members ON DELETE CASCADE
    );

    WITH numbered AS (
      SELECT id, extract(year FROM held_on)::smallint AS year,
             row_number() OVER (PARTITION BY extract(year FROM held_on) ORDER BY decided_at, id) AS number
        FROM meetings WHERE decided_at IS NOT NULL
    )
    UPDATE meetings m SET minutes_year = n.year, minutes_number = n.number FROM numbered n WHERE n.id = m.id;
    UPDATE meeting_members mm SET present = true FROM meetings m WHERE m.id = mm.meeting_id AND m.decided_at IS NOT NULL;
    UPDATE meetings m SET frozen_totals = jsonb_build_object(
        'available_money', p.available_money,
        'approved_elsewhere', (SELECT coalesce(sum(a.approved_money), 0) FROM applications a
          WHERE a.period_id = p.id AND a.status = 40
            AND a.id NOT IN (SELECT application_id FROM meeting_agenda WHERE meeting_id = m.id)))
      FROM periods p WHERE p.id = m.period_id AND m.decided_at IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE meeting_dissents;
    ALTER TABLE meeting_members DROP COLUMN present;
    ALTER TABLE meetings DROP CONSTRAINT meetings_time_in_order, DROP CONSTRAINT meetings_minutes_when_decided,
      DROP CONSTRAINT meetings_minutes_number, DROP COLUMN frozen_totals, DROP COLUMN minutes_number,
      DROP COLUMN minutes_year, DROP COLUMN ends_at, DROP COLUMN starts_at, DROP COLUMN secretary_id;
  `.execute(db);
}
