import { sql, type Expression, type SqlBool } from 'kysely';

/** `%`, `_` and `\` in what staff type stand for themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Whether `text` contains `term`, case folded on both sides by `search_fold` (migration 0020): Å, Ä, Ö and every
 * other letter whatever the database's collation, and the same expression as the trigram indexes, so they serve it.
 * Every search and text filter of the lists goes through here.
 */
export function contains(text: Expression<string | null>, term: string): Expression<SqlBool> {
  return sql<SqlBool>`search_fold(${text}) like search_fold(${`%${escapeLike(term)}%`})`;
}

/**
 * `contains` for a row tested as an index is walked: the pattern given as a subquery's value, which the planner does
 * not read, so it reckons with a common term's many matches and walks, where a rare term's estimate would make it read
 * every row to sort the few.
 */
export function containsOnWalk(text: Expression<string | null>, term: string): Expression<SqlBool> {
  return sql<SqlBool>`search_fold(${text}) like (select search_fold(${`%${escapeLike(term)}%`}))`;
}

/** The beginning of an application's reference: its year, a dash, digits ("2026-00"). */
const REFERENCE_START = /^\d{4}-\d*$/;

/**
 * Whether an application's reference contains `term`. References begin with their year (server/applications/submit.ts),
 * so a term that is such a beginning matches as a prefix, by the references' btree (migration 0045): its trigrams
 * ("202", "026", "26-") are in every reference of the year, which a trigram scan reads all of. Any other term is
 * `contains`.
 */
export function referenceContains(reference: Expression<string | null>, term: string): Expression<SqlBool> {
  return REFERENCE_START.test(term) ? sql<SqlBool>`${reference} like ${`${term}%`}` : contains(reference, term);
}
