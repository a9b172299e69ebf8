import type { Locale } from '../../resources/locales.js';
import type { Viewer } from '../auth/standing.js';
import { personName } from '../../resources/users.js';
import type { Db } from '../db/connect.js';
import { AppError, notFound } from '../errors.js';
import { criteriaOf } from './criteria.js';
import { weightedScore } from './scores.js';

/** The application as a review reads it: its type's criteria and what a reviewer needs to judge a conflict. */
async function reviewedApplication(db: Db, applicationId: number) {
  const row = await db
    .selectFrom('applications as a')
    .leftJoin('frontend_users as f', 'f.id', 'a.frontend_user_id')
    .select([
      'a.id',
      'a.reference',
      'a.application_type_id',
      'a.org_name',
      'a.frontend_user_id',
      'f.first_name',
      'f.last_name',
      'a.review_score',
      'a.review_spread',
      'a.reviews_in',
      'a.reviews_pending',
    ])
    .where('a.id', '=', applicationId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Every reviewer's review of the application, with their scores by criterion. */
async function reviewsOf(db: Db, applicationId: number) {
  const rows = await db
    .selectFrom('investigations as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select([
      'i.id',
      'i.user_id',
      'u.first_name',
      'u.last_name',
      'i.conflict_of_interest',
      'i.review_comment as comment',
      'i.review_amount as amount',
      'i.review_status as status',
      'i.reviewed_at',
    ])
    .where('i.application_id', '=', applicationId)
    .orderBy('i.created_at')
    .orderBy('i.id')
    .execute();
  const scores = rows.length
    ? await db
        .selectFrom('review_scores')
        .select(['investigation_id', 'criterion_id', 'score'])
        .where(
          'investigation_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
    : [];
  return rows.map((r) => ({
    ...r,
    scores: Object.fromEntries(scores.filter((s) => s.investigation_id === r.id).map((s) => [String(s.criterion_id), s.score])),
  }));
}

/**
 * The reviews of an application as the caller may read them: the criteria in their language, the applicant, their own
 * review, and, once they have sent theirs in (or when they manage the application and review none of it), the
 * others' reviews and the summary. One who stood aside from it (as its reviewer or at a board meeting) sees only their
 * own declaration. Neither a reviewer nor a manager of the application: 403.
 */
export async function reviewsView(db: Db, applicationId: number, caller: { viewer: Viewer; manages: boolean }, locale: Locale) {
  const application = await reviewedApplication(db, applicationId);
  const [criteria, reviews] = await Promise.all([criteriaOf(db, application.application_type_id, locale), reviewsOf(db, applicationId)]);
  const own = reviews.find((r) => r.user_id === caller.viewer.userId);
  if (!own && !caller.manages) throw new AppError(403, 'errors.not_a_reviewer');
  const aside = caller.viewer.stoodAside.has(applicationId) || own?.conflict_of_interest === true;
  // A reviewer's own review comes first, whatever else they may do with the application (server/auth/standing.ts).
  const seesOthers = !aside && (own ? own.conflict_of_interest === false && own.reviewed_at !== null : caller.manages);
  const isIn = (r: (typeof reviews)[number]) => r.conflict_of_interest === false && r.reviewed_at !== null;
  return {
    criteria,
    applicant: {
      reference: application.reference,
      name: application.frontend_user_id === null ? null : personName(application.first_name, application.last_name),
      organisation: application.org_name,
    },
    mine: own
      ? {
          conflict_of_interest: own.conflict_of_interest,
          scores: own.scores,
          comment: own.comment,
          amount: own.amount,
          status: own.status,
          reviewed_at: own.reviewed_at,
        }
      : null,
    reviews: seesOthers
      ? reviews.map((r) => ({
          user_id: r.user_id,
          name: personName(r.first_name, r.last_name),
          conflict_of_interest: r.conflict_of_interest,
          scores: r.scores,
          comment: r.comment,
          amount: r.amount,
          status: r.status,
          reviewed_at: r.reviewed_at,
          weighted_score: isIn(r) ? weightedScore(criteria, r.scores) : null,
        }))
      : null,
    summary: seesOthers
      ? {
          score: application.review_score,
          spread: application.review_spread,
          reviews_in: application.reviews_in,
          reviews_pending: application.reviews_pending,
          stood_aside: reviews
            .filter((r) => r.conflict_of_interest === true)
            .map((r) => ({ user_id: r.user_id, name: personName(r.first_name, r.last_name) })),
        }
      : null,
  };
}
export type ReviewsView = Awaited<ReturnType<typeof reviewsView>>;
