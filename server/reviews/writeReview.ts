import { sql } from 'kysely';
import { enums } from '../../resources/enums.js';
import type { Locale } from '../../resources/locales.js';
import { recordHistory } from '../applicationCore/history.js';
import type { Db } from '../db/connect.js';
import { inTransaction } from '../db/inTransaction.js';
import { AppError, invalid, type FieldErrors } from '../errors.js';
import { criteriaOf } from './criteria.js';
import { hasStoodAside, standAside } from './conflicts.js';
import { refreshReviewFigures } from './figures.js';
import { onScale } from './scores.js';

/** What a reviewer sends: their declaration and, with no conflict, their review. */
export interface ReviewInput {
  conflict_of_interest: boolean;
  scores?: Record<string, number>;
  comment?: string | null;
  amount?: number | null;
  status?: number;
}

/**
 * Writes the caller's declaration and review in one transaction: their investigation's columns, their scores, the
 * history (`conflict_declared`, `review`) and the application's figures. A conflict of interest stands them aside:
 * nothing of a review may come with it, any earlier scores and proposal go, and it is final. No conflict and no
 * review only declares; a review must score every criterion of the type on its scale, and sends the review in.
 * Refused (403) for one who is not on the application, and (422) on an application whose type has no criteria.
 */
export async function writeOwnReview(db: Db, applicationId: number, userId: number, input: ReviewInput, locale: Locale): Promise<void> {
  const application = await db
    .selectFrom('applications')
    .select(['id', 'application_type_id'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const criteria = await criteriaOf(db, application.application_type_id, locale);
  await inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('investigations')
      .select(['id', 'conflict_of_interest', 'reviewed_at', 'review_amount', 'review_status', 'review_comment'])
      .where('application_id', '=', application.id)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new AppError(403, 'errors.not_a_reviewer');
    if (!criteria.length) throw new AppError(422, 'errors.no_review_criteria');
    // Stood aside as its reviewer, or at a board meeting: final either way.
    if (current.conflict_of_interest === true || (await hasStoodAside(trx, application.id, userId))) {
      if (input.conflict_of_interest) return;
      throw new AppError(422, 'errors.conflict_is_final', { errors: { conflict_of_interest: ['errors.conflict_is_final'] } });
    }
    if (input.conflict_of_interest) {
      const errors: FieldErrors = {};
      for (const field of ['scores', 'comment', 'amount', 'status'] as const) {
        if (input[field] !== undefined) errors[field] = ['validation.review_with_conflict'];
      }
      if (Object.keys(errors).length) throw invalid(errors);
      await standAside(trx, application.id, userId);
      return;
    }

    const earlier = await trx
      .selectFrom('review_scores')
      .select(['criterion_id', 'score'])
      .where('investigation_id', '=', current.id)
      .orderBy('criterion_id')
      .execute();
    const earlierScores = Object.fromEntries(earlier.map((s) => [String(s.criterion_id), s.score]));
    const proposal = { amount: current.review_amount, status: current.review_status, comment: current.review_comment };
    const now = sql<Date>`now()`;

    const reviewing = (['scores', 'comment', 'amount', 'status'] as const).some((field) => input[field] !== undefined);
    const scores = reviewing ? checkedScores(criteria, input.scores ?? {}) : {};
    if (current.conflict_of_interest === null) {
      await trx
        .updateTable('investigations')
        .set({ conflict_of_interest: false, conflict_declared_at: now, updated_at: now })
        .where('id', '=', current.id)
        .execute();
      await recordHistory(trx, {
        applicationId: application.id,
        userId,
        action: 'conflict_declared',
        before: { conflict_of_interest: null },
        after: { conflict_of_interest: false },
      });
    }
    if (reviewing) {
      const next = {
        amount: input.amount ?? null,
        status: input.status ?? enums.investigation_status.no_proposal,
        comment: input.comment?.trim() ? input.comment : null,
      };
      await trx.deleteFrom('review_scores').where('investigation_id', '=', current.id).execute();
      await trx
        .insertInto('review_scores')
        .values(criteria.map((c) => ({ investigation_id: current.id, criterion_id: c.id, score: scores[c.id] })))
        .execute();
      await trx
        .updateTable('investigations')
        .set({ review_amount: next.amount, review_status: next.status, review_comment: next.comment, reviewed_at: now, updated_at: now })
        .where('id', '=', current.id)
        .execute();
      await recordHistory(trx, {
        applicationId: application.id,
        userId,
        action: 'review',
        before: current.reviewed_at ? { scores: earlierScores, ...proposal } : null,
        after: { scores: Object.fromEntries(criteria.map((c) => [String(c.id), scores[c.id]])), ...next },
      });
    }
    await refreshReviewFigures(trx, [application.id]);
  });
}

/**
 * The scores by criterion when every criterion has one on its scale; else a 422 with an error per criterion missing
 * or off its scale (`scores.<id>`, naming the criterion and its scale) and per id that is no criterion of the type.
 */
function checkedScores(criteria: Awaited<ReturnType<typeof criteriaOf>>, given: Record<string, number>): Record<number, number> {
  const errors: FieldErrors = {};
  const scores: Record<number, number> = {};
  for (const criterion of criteria) {
    const score = Object.hasOwn(given, String(criterion.id)) ? given[String(criterion.id)] : undefined;
    if (onScale(criterion, score)) scores[criterion.id] = score;
    else
      errors[`scores.${criterion.id}`] = [
        { key: 'validation.review_score', params: { criterion: criterion.label, max: criterion.scale_max } },
      ];
  }
  for (const key of Object.keys(given)) {
    if (!criteria.some((c) => String(c.id) === key)) errors[`scores.${key}`] = ['validation.review_criterion_unknown'];
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return scores;
}
