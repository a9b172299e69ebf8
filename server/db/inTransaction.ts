import type { Kysely } from 'kysely';

/**
 * Runs `work` in the caller's transaction when `db` is one, else in a new one: a write that keeps its steps together
 * can then also be one part of a larger whole that commits at once (an import's rows, the demo).
 */
export function inTransaction<DB, T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
