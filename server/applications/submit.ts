import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

/**
 * The next reference of the year, "2026-0042": numbered per year in the order applications arrive, never reused.
 * The counter row is locked by the upsert, so two applications sent in at once get different numbers; a year's
 * first number continues after any reference already given (the demo's, or an older system's).
 */
export async function nextReference(db: Db, year: number): Promise<string> {
  const { last } = await db
    .insertInto('reference_counters')
    .values({
      year,
      last: sql<number>`coalesce((select max(split_part(reference, '-', 2)::integer) from applications where reference like ${`${year}-%`}), 0) + 1`,
    })
    .onConflict((oc) => oc.column('year').doUpdateSet({ last: sql<number>`reference_counters.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return `${year}-${String(last).padStart(4, '0')}`;
}

/** The day by which the period promises an answer: its end date plus its answer time. */
export function answerBy(endDate: string, answerWeeks: number): string {
  const date = new Date(`${endDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + answerWeeks * 7);
  return date.toISOString().slice(0, 10);
}
