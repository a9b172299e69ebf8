import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface HistoryEntry {
  applicationId: number;
  /** The staff user who did it; null when the applicant or the system did. */
  userId: number | null;
  /** What happened, e.g. 'status', 'finished', 'decision', 'investigator_added'. */
  action: string;
  /** The changed values only, before and after: enough to show "Mottagen -> Under utredning". */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Appends one entry to an application's history (append-only: the database refuses updates and deletes). Pass the
 * transaction that makes the change, so the entry exists exactly when the change does.
 */
export async function recordHistory(db: Kysely<Database>, entry: HistoryEntry): Promise<number> {
  const row = await db
    .insertInto('application_history')
    .values({
      application_id: entry.applicationId,
      user_id: entry.userId,
      action: entry.action,
      before: entry.before == null ? null : JSON.stringify(entry.before),
      after: entry.after == null ? null : JSON.stringify(entry.after),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
