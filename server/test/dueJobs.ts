import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

/**
 * How many jobs of these queues are due now and not yet finished. A test that moves the app's clock waits for this to
 * be 0 first: a job queued with a moved clock (a reminder's wake-up in the past) runs at once, and would otherwise run
 * at whatever time the test sets next.
 */
export async function dueJobsLeft(db: Db, names: string[]): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pgboss.job
    WHERE name = ANY(${names}) AND state IN ('created', 'retry', 'active') AND start_after <= now()
  `.execute(db);
  return rows[0].n;
}
