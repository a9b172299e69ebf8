import { sql, type Kysely } from 'kysely';

/**
 * The staff lists' review sorts (server/reviews/listTerms.ts) walk an index of their own, as every other sort does
 * (migration 0023): behind the status, with the period included, and per period (migration 0024) for a list of one
 * period. A score or spread not yet given sorts as the smallest (NULLS FIRST), so one index serves both directions.
 * The filters use the same indexes: `review_score_min` a range of the score within each status, `reviews_pending` one
 * of the pending count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX applications_sort_review_score ON applications (status, review_score NULLS FIRST, id) INCLUDE (period_id);
    CREATE INDEX applications_sort_review_spread ON applications (status, review_spread NULLS FIRST, id) INCLUDE (period_id);
    CREATE INDEX applications_sort_reviews_pending ON applications (status, reviews_pending, id) INCLUDE (period_id);
    CREATE INDEX applications_period_sort_review_score ON applications (period_id, status, review_score NULLS FIRST, id);
    CREATE INDEX applications_period_sort_review_spread ON applications (period_id, status, review_spread NULLS FIRST, id);
    CREATE INDEX applications_period_sort_reviews_pending ON applications (period_id, status, reviews_pending, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX applications_sort_review_score, applications_sort_review_spread, applications_sort_reviews_pending,
      applications_period_sort_review_score, applications_period_sort_review_spread, applications_period_sort_reviews_pending;
  `.execute(db);
}
