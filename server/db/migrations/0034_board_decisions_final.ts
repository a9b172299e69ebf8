import { sql, type Kysely } from 'kysely';

/**
 * What a board decided at a meeting stands until a later meeting changes it (server/meetings/meetingDecisions.ts):
 * - `applications.decided_meeting_id`: the meeting whose decision the application's decision is. While it is set, no
 *   one person changes the decision, its status or its period.
 * - A later meeting's agenda line may change that decision: `changes_meeting_id` names the meeting whose decision it
 *   changes and `change_reason` says why ("ändrat beslut"); a line without them is the application's first decision.
 * - An application has one first decision by a board: a unique index over the decided lines that change nothing, so
 *   two meetings deciding it at the same moment cannot both commit.
 * Applications decided on two meetings' agendas before this (the check held only when the agenda was set) keep both
 * lines: the later one becomes a change of the earlier one, its reason saying so, and the application's decision is
 * the later meeting's, as it is today.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE meeting_agenda
      ADD COLUMN changes_meeting_id integer REFERENCES meetings ON DELETE RESTRICT,
      ADD COLUMN change_reason text CHECK (length(change_reason) BETWEEN 1 AND 2000),
      ADD CONSTRAINT meeting_agenda_change_has_reason CHECK ((changes_meeting_id IS NULL) = (change_reason IS NULL)),
      ADD CONSTRAINT meeting_agenda_changes_another CHECK (changes_meeting_id <> meeting_id);
    ALTER TABLE applications ADD COLUMN decided_meeting_id integer REFERENCES meetings ON DELETE RESTRICT;

    WITH decided AS (
      SELECT ag.meeting_id, ag.application_id,
             lag(ag.meeting_id) OVER (PARTITION BY ag.application_id ORDER BY m.decided_at, m.id) AS earlier
        FROM meeting_agenda ag JOIN meetings m ON m.id = ag.meeting_id
       WHERE ag.decided_status IS NOT NULL
    )
    UPDATE meeting_agenda ag
       SET changes_meeting_id = d.earlier,
           change_reason = 'Beslutat på nytt vid ett senare sammanträde (före ändrade beslut fick en egen punkt).'
      FROM decided d
     WHERE d.earlier IS NOT NULL AND ag.meeting_id = d.meeting_id AND ag.application_id = d.application_id;

    UPDATE applications a
       SET decided_meeting_id = (
         SELECT ag.meeting_id FROM meeting_agenda ag JOIN meetings m ON m.id = ag.meeting_id
          WHERE ag.application_id = a.id AND ag.decided_status IS NOT NULL
          ORDER BY m.decided_at DESC, m.id DESC LIMIT 1)
     WHERE EXISTS (SELECT 1 FROM meeting_agenda ag WHERE ag.application_id = a.id AND ag.decided_status IS NOT NULL);

    CREATE UNIQUE INDEX meeting_agenda_decided_once ON meeting_agenda (application_id)
      WHERE decided_status IS NOT NULL AND changes_meeting_id IS NULL;
    CREATE INDEX meeting_agenda_changes ON meeting_agenda (changes_meeting_id) WHERE changes_meeting_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE applications DROP COLUMN decided_meeting_id;
    ALTER TABLE meeting_agenda DROP COLUMN changes_meeting_id, DROP COLUMN change_reason;
  `.execute(db);
}
