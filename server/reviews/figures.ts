import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { inTransaction } from '../db/inTransaction.js';
import { summarise, weightedScore, type ScoredCriterion } from './scores.js';

/** The review figures of one application as its row keeps them (migration 0028). */
export interface ReviewFigures {
  review_score: number | null;
  review_spread: number | null;
  reviews_in: number;
  reviews_pending: number;
}

/** A reviewer's standing as the figures count it. */
interface Reviewer {
  investigation_id: number;
  application_id: number;
  conflict_of_interest: boolean | null;
  reviewed_at: Date | null;
}

/** Applications refreshed per statement: a type's refresh after its criteria change goes in chunks of this many. */
const CHUNK = 1_000;

/**
 * What the figures are from the reviewers and their scores: the reviews in (no conflict, sent in) give the mean and
 * spread of their weighted scores; the pending ones have not declared yet or declared no conflict and not sent in;
 * one who stood aside counts in neither. An application whose type has no criteria is not reviewed: no figures.
 */
export function figuresOf(
  criteria: readonly ScoredCriterion[],
  reviewers: readonly Pick<Reviewer, 'investigation_id' | 'conflict_of_interest' | 'reviewed_at'>[],
  scoresOf: (investigationId: number) => Readonly<Record<number, number>>,
): ReviewFigures {
  if (!criteria.length) return { review_score: null, review_spread: null, reviews_in: 0, reviews_pending: 0 };
  const reviewsIn = reviewers.filter((r) => r.conflict_of_interest === false && r.reviewed_at !== null);
  const pending = reviewers.filter((r) => r.conflict_of_interest === null || (r.conflict_of_interest === false && r.reviewed_at === null));
  const weighted = reviewsIn.map((r) => weightedScore(criteria, scoresOf(r.investigation_id))).filter((w): w is number => w !== null);
  const { score, spread } = summarise(weighted);
  return { review_score: score, review_spread: spread, reviews_in: reviewsIn.length, reviews_pending: pending.length };
}

/**
 * Recomputes the review figures of these applications from their reviewers, scores and criteria, and writes those
 * that changed: the one function every change that affects them ends with (a review or declaration written, a
 * reviewer added or removed, a criterion created, changed or deleted), in that change's transaction. The
 * applications' rows are locked first, so of two reviews sent in at once the later transaction counts both.
 */
export function refreshReviewFigures(db: Db, applicationIds: readonly number[]): Promise<void> {
  const ids = [...new Set(applicationIds)].sort((a, b) => a - b);
  if (!ids.length) return Promise.resolve();
  return inTransaction(db, async (trx) => {
    for (let start = 0; start < ids.length; start += CHUNK) await refreshChunk(trx, ids.slice(start, start + CHUNK));
  });
}

async function refreshChunk(trx: Db, ids: number[]) {
  const applications = await trx
    .selectFrom('applications')
    .select(['id', 'application_type_id', 'review_score', 'review_spread', 'reviews_in', 'reviews_pending'])
    .where('id', '=', sql<number>`any(${ids}::int[])`)
    .orderBy('id')
    .forUpdate()
    .execute();
  const typeIds = [...new Set(applications.map((a) => a.application_type_id).filter((t): t is number => t !== null))];
  const criteria = typeIds.length
    ? await trx
        .selectFrom('review_criteria')
        .select(['id', 'application_type_id', 'scale_max', 'weight'])
        .where('application_type_id', 'in', typeIds)
        .execute()
    : [];
  const reviewers = await trx
    .selectFrom('investigations')
    .select(['id as investigation_id', 'application_id', 'conflict_of_interest', 'reviewed_at'])
    .where('application_id', '=', sql<number>`any(${ids}::int[])`)
    .execute();
  const scores = await trx
    .selectFrom('review_scores as s')
    .innerJoin('investigations as i', 'i.id', 's.investigation_id')
    .select(['s.investigation_id', 's.criterion_id', 's.score'])
    .where('i.application_id', '=', sql<number>`any(${ids}::int[])`)
    .where('i.conflict_of_interest', '=', false)
    .where('i.reviewed_at', 'is not', null)
    .execute();
  const scoresBy = new Map<number, Record<number, number>>();
  for (const s of scores)
    (scoresBy.get(s.investigation_id) ?? scoresBy.set(s.investigation_id, {}).get(s.investigation_id)!)[s.criterion_id] = s.score;

  const changed: (ReviewFigures & { id: number })[] = [];
  for (const application of applications) {
    const figures = figuresOf(
      criteria.filter((c) => c.application_type_id === application.application_type_id),
      reviewers.filter((r) => r.application_id === application.id),
      (investigationId) => scoresBy.get(investigationId) ?? {},
    );
    const same = (Object.keys(figures) as (keyof ReviewFigures)[]).every((key) => figures[key] === application[key]);
    if (!same) changed.push({ id: application.id, ...figures });
  }
  if (!changed.length) return;
  const column = <K extends keyof ReviewFigures>(key: K) => changed.map((c) => c[key]);
  await sql`
    UPDATE applications a
    SET review_score = v.score, review_spread = v.spread, reviews_in = v.reviews_in, reviews_pending = v.pending
    FROM unnest(${changed.map((c) => c.id)}::int[], ${column('review_score')}::int[], ${column('review_spread')}::int[],
                ${column('reviews_in')}::int[], ${column('reviews_pending')}::int[]) AS v(id, score, spread, reviews_in, pending)
    WHERE a.id = v.id
  `.execute(trx);
}

/**
 * The same for every application of these types that has, or had, review figures: after a criterion of the type was
 * created, changed or deleted (its weight or scale changes every score; the first criterion makes the type reviewed,
 * the last one's deletion ends that).
 */
export async function refreshReviewFiguresOfTypes(db: Db, typeIds: readonly (number | null | undefined)[]): Promise<void> {
  const types = [...new Set(typeIds)].filter((t): t is number => typeof t === 'number');
  if (!types.length) return;
  await inTransaction(db, async (trx) => {
    const rows = await trx
      .selectFrom('applications as a')
      .select('a.id')
      .where('a.application_type_id', 'in', types)
      .where((eb) =>
        eb.or([
          eb.exists(eb.selectFrom('investigations as i').select('i.id').whereRef('i.application_id', '=', 'a.id')),
          eb('a.reviews_in', '>', 0),
          eb('a.reviews_pending', '>', 0),
          eb('a.review_score', 'is not', null),
        ]),
      )
      .execute();
    await refreshReviewFigures(
      trx,
      rows.map((r) => r.id),
    );
  });
}
