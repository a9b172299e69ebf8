import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { FilterKind, ListQuery } from '../lists/listQuery.js';
import { hundredthsOfPercent } from './scores.js';

/**
 * What the staff application lists sort and filter by of the reviews: the figures on the application's row
 * (figures.ts keeps them), each sort walking an index of its own (migration 0029).
 */

export const reviewSorts = ['review_score', 'review_spread', 'reviews_pending'] as const;

/** `review_score_min`: a percent, 0–100; `reviews_pending`: true for some pending, false for none. */
export const reviewFilters = { review_score_min: 'percent', reviews_pending: 'boolean' } as const satisfies Record<string, FilterKind>;

/**
 * Where a list reads the figures: the application's row (`a`), or the copy of them an investigation keeps for its
 * reader's own list (migration 0053).
 */
export interface ReviewColumns {
  score: RawBuilder<unknown>;
  spread: RawBuilder<unknown>;
  pending: RawBuilder<unknown>;
}
export const applicationReviewColumns: ReviewColumns = {
  score: sql`a.review_score`,
  spread: sql`a.review_spread`,
  pending: sql`a.reviews_pending`,
};

/** The sorts' ORDER BY terms; a score or spread not yet given sorts as the smallest. */
export const reviewSortTermsOf = (
  columns: ReviewColumns,
): Record<(typeof reviewSorts)[number], { terms: RawBuilder<unknown>[]; nullsSmallest?: boolean }> => ({
  review_score: { terms: [columns.score], nullsSmallest: true },
  review_spread: { terms: [columns.spread], nullsSmallest: true },
  reviews_pending: { terms: [columns.pending] },
});
export const reviewSortTerms = reviewSortTermsOf(applicationReviewColumns);

/** The filters' conditions. */
export function reviewConditions(
  query: Pick<ListQuery, 'numbers' | 'flags'>,
  columns: ReviewColumns = applicationReviewColumns,
): RawBuilder<SqlBool>[] {
  const all: RawBuilder<SqlBool>[] = [];
  const min = query.numbers.review_score_min;
  if (min !== undefined) all.push(sql<SqlBool>`${columns.score} >= ${sql.lit(hundredthsOfPercent(min))}`);
  const pending = query.flags.reviews_pending;
  if (pending !== undefined) all.push(pending ? sql<SqlBool>`${columns.pending} > 0` : sql<SqlBool>`${columns.pending} = 0`);
  return all;
}

/** A list row's review figures, as the lists answer them. */
export const reviewOf = (row: {
  review_score: number | null;
  review_spread: number | null;
  reviews_in: number;
  reviews_pending: number;
}) => ({
  score: row.review_score,
  spread: row.review_spread,
  reviews_in: row.reviews_in,
  reviews_pending: row.reviews_pending,
});
