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
