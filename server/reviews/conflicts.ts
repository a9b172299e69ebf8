import { sql } from 'kysely';
import { enums } from '../../resources/enums.js';
import { recordHistory } from '../applicationCore/history.js';
import type { Db } from '../db/connect.js';
import { refreshReviewFigures } from './figures.js';

/**
 * Standing aside from an application (jäv), however it is declared: as its reviewer or as a member of a board meeting
 * that has it on the agenda. One fact per person and application (`conflicts_of_interest`, final), which the access
 * layer reads on every route (server/auth/standing.ts); a review the person had sent in goes with it, as it does when
 * a reviewer stands aside, so nothing they judged counts in the figures or the meeting's proposals.
 */

/** Whether the user stood aside from the application, in any way. */
export async function hasStoodAside(db: Db, applicationId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('conflicts_of_interest')
    .select('user_id')
    .where('application_id', '=', applicationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return !!row;
}

/**
 * Stands the user aside from the application in the caller's transaction, which holds the application's row: the
 * conflict recorded once, their investigation (if any) marked and emptied of its review, the history entry
 * (`conflict_declared`, with the review it removed and the meeting it was declared at) and the figures refreshed.
 * Standing aside again changes nothing.
 */
export async function standAside(trx: Db, applicationId: number, userId: number, meetingId: number | null = null): Promise<void> {
  const recorded = await trx
    .insertInto('conflicts_of_interest')
    .values({ application_id: applicationId, user_id: userId, declared_at: sql<Date>`now()`, meeting_id: meetingId })
    .onConflict((oc) => oc.columns(['application_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (!recorded) return;
  const review = await trx
    .selectFrom('investigations')
    .select([
      'id',
      'conflict_of_interest',
      'reviewed_at',
      'amount',
      'status',
      'comment',
      'review_amount',
      'review_status',
      'review_comment',
    ])
    .where('application_id', '=', applicationId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  let removed = {};
  if (review) {
    if (review.reviewed_at) {
      const scores = await trx
        .selectFrom('review_scores')
        .select(['criterion_id', 'score'])
        .where('investigation_id', '=', review.id)
        .orderBy('criterion_id')
        .execute();
      removed = {
        scores: Object.fromEntries(scores.map((s) => [String(s.criterion_id), s.score])),
        amount: review.review_amount,
        status: review.review_status,
        comment: review.review_comment,
      };
    }
    // The investigation's own proposal goes too: one who stood aside proposes nothing.
    if (review.amount !== null || review.comment !== null || review.status !== enums.investigation_status.no_proposal) {
      removed = { ...removed, investigation: { amount: review.amount, status: review.status, comment: review.comment } };
    }
    await trx.deleteFrom('review_scores').where('investigation_id', '=', review.id).execute();
    await trx
      .updateTable('investigations')
      .set({
        conflict_of_interest: true,
        conflict_declared_at: sql<Date>`now()`,
        reviewed_at: null,
        amount: null,
        status: enums.investigation_status.no_proposal,
        comment: null,
        review_amount: null,
        review_status: enums.investigation_status.no_proposal,
        review_comment: null,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', review.id)
      .execute();
  }
  // What stood aside goes with the declaration into the history: the review and proposal it removed, if any.
  await recordHistory(trx, {
    applicationId,
    userId,
    action: 'conflict_declared',
    before: { conflict_of_interest: review?.conflict_of_interest ?? null, ...removed },
    after: { conflict_of_interest: true, ...(meetingId === null ? {} : { meeting_id: meetingId }) },
  });
  if (review) await refreshReviewFigures(trx, [applicationId]);
}
