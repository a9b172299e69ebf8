import type { Kysely } from 'kysely';
import type { HistoryAction } from '../../resources/history.js';
import type { Database } from '../db/schema.js';

/** A staff user's views of one application within this long of their last recorded one are that one: a reload, or a
 * return to the window, is not another reading of the applicant's data. */
export const VIEW_WINDOW_MINUTES = 30;

export interface HistoryEntry {
  applicationId: number;
  /** The staff user who did it; null when the applicant or the system did. */
  userId: number | null;
  /** What happened, one of the kinds the admin tells (resources/history.ts). */
  action: HistoryAction;
  /** The changed values only, before and after: enough to show "Mottagen -> Under utredning". */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Appends one entry to an application's history (append-only: the database refuses updates and deletes). Pass the
 * transaction that makes the change, so the entry exists exactly when the change does.
 */
export async function recordHistory(db: Kysely<Database>, entry: HistoryEntry): Promise<number> {
  const row = await db.insertInto('application_history').values(historyRow(entry)).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The same entry for each of many applications, in one statement (a batch anonymised, an account's kept applications). */
export async function recordHistoryOfEach(db: Kysely<Database>, applicationIds: number[], entry: Omit<HistoryEntry, 'applicationId'>) {
  if (!applicationIds.length) return;
  await db
    .insertInto('application_history')
    .values(applicationIds.map((applicationId) => historyRow({ ...entry, applicationId })))
    .execute();
}

/** Many entries in few statements (a batch's payouts each in its application's history), 1 000 at a time. */
export async function recordHistories(db: Kysely<Database>, entries: HistoryEntry[]) {
  for (let start = 0; start < entries.length; start += 1000) {
    await db
      .insertInto('application_history')
      .values(entries.slice(start, start + 1000).map(historyRow))
      .execute();
  }
}

const historyRow = (entry: HistoryEntry) => ({
  application_id: entry.applicationId,
  user_id: entry.userId,
  action: entry.action,
  before: entry.before == null ? null : JSON.stringify(entry.before),
  after: entry.after == null ? null : JSON.stringify(entry.after),
});

/**
 * Records that a staff user opened an application, so the foundation can answer who has read an applicant's data;
 * once per user and application within VIEW_WINDOW_MINUTES of their last recorded view, at `now` (the app's clock).
 */
export async function recordView(db: Kysely<Database>, applicationId: number, userId: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - VIEW_WINDOW_MINUTES * 60_000);
  await db
    .insertInto('application_history')
    .columns(['application_id', 'user_id', 'action', 'created_at'])
    .expression(
      db
        .selectNoFrom((eb) => [
          eb.val(applicationId).as('application_id'),
          eb.val(userId).as('user_id'),
          eb.val('viewed').as('action'),
          eb.val(now).as('created_at'),
        ])
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('application_history as h')
                .select('h.id')
                .where('h.application_id', '=', applicationId)
                .where('h.user_id', '=', userId)
                .where('h.action', '=', 'viewed')
                .where('h.created_at', '>', since),
            ),
          ),
        ),
    )
    .execute();
}
