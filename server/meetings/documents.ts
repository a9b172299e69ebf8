import { sql } from 'kysely';
import { enums } from '../../resources/enums.js';
import type { Locale } from '../../resources/locales.js';
import { personName } from '../../resources/users.js';
import { staffApplication } from '../applications/staffView.js';
import type { Db } from '../db/connect.js';
import { AppError } from '../errors.js';
import { readsReviewsOf, type Viewer } from '../auth/standing.js';
import { weightedScore } from '../reviews/scores.js';
import { meetingById } from './meetings.js';

// What the board pack and the minutes print, gathered here; the PDFs are built from it in pdf/.

const { approved } = enums.application_status;

/** The foundation's name as the payment settings give it, else the portal's. */
async function foundationName(db: Db, fallback: string) {
  const settings = await db.selectFrom('payment_settings').select('name').executeTakeFirst();
  return settings?.name.trim() || fallback;
}

/** Each reviewer's review of the applications: scores per criterion (labels in `locale`), comment and proposal. */
async function reviewsOf(db: Db, applicationIds: number[], locale: Locale) {
  if (!applicationIds.length) return [];
  const reviewers = await db
    .selectFrom('investigations as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select([
      'i.id',
      'i.application_id',
      'i.conflict_of_interest',
      'i.reviewed_at',
      'i.review_amount as amount',
      'i.review_status as status',
      'i.review_comment as comment',
      'u.first_name',
      'u.last_name',
    ])
    .where('i.application_id', 'in', applicationIds)
    .orderBy(sql`u.last_name collate swedish`)
    .orderBy('u.id')
    .execute();
  const scores = reviewers.length
    ? await db
        .selectFrom('review_scores as s')
        .innerJoin('review_criteria as c', 'c.id', 's.criterion_id')
        .select([
          's.investigation_id',
          's.criterion_id',
          's.score',
          'c.scale_max',
          'c.weight',
          locale === 'sv-SE' ? 'c.label_sv as label' : 'c.label_en as label',
        ])
        .where(
          's.investigation_id',
          'in',
          reviewers.map((r) => r.id),
        )
        .orderBy('c.order')
        .orderBy('c.id')
        .execute()
    : [];
  return reviewers.map((r) => {
    const own = scores.filter((s) => s.investigation_id === r.id);
    return {
      application_id: r.application_id,
      name: personName(r.first_name, r.last_name),
      conflict_of_interest: r.conflict_of_interest,
      sent_in: r.conflict_of_interest === false && r.reviewed_at !== null,
      scores: own.map((s) => ({ label: s.label, score: s.score, scale_max: s.scale_max })),
      weighted: weightedScore(
        own.map((s) => ({ id: s.criterion_id, scale_max: s.scale_max, weight: s.weight })),
        Object.fromEntries(own.map((s) => [s.criterion_id, s.score])),
      ),
      amount: r.amount,
      status: r.status,
      comment: r.comment,
    };
  });
}
export type Review = Awaited<ReturnType<typeof reviewsOf>>[number];

/**
 * The board pack: the meeting, its agenda with the totals, and a page per application as staff read it with its
 * reviews, as the reader may read them (server/auth/standing.ts): the applications the reader stood aside from keep
 * only their summary line, and one whose review the reader has not sent in has no one else's reviews.
 */
export async function boardPackOf(db: Db, meetingId: number, viewer: Viewer, locale: Locale, productName: string) {
  const meeting = await meetingById(db, meetingId, viewer);
  const shown = meeting.agenda.filter((line) => line.withheld !== 'stood_aside');
  const applications = [];
  for (const line of shown) applications.push(await staffApplication(db, line.application.uuid));
  const reviews = await reviewsOf(
    db,
    applications.map((a) => a.id),
    locale,
  );
  return {
    foundation: await foundationName(db, productName),
    meeting,
    pages: applications.map((application) => {
      const own = readsReviewsOf(viewer, application.id) ? reviews.filter((r) => r.application_id === application.id) : [];
      return {
        application,
        line: meeting.agenda.find((line) => line.application.uuid === application.uuid)!,
        reviews: own.filter((r) => r.sent_in),
        stood_aside: own.filter((r) => r.conflict_of_interest === true).map((r) => r.name),
        reviews_withheld: !readsReviewsOf(viewer, application.id),
      };
    }),
  };
}
export type BoardPack = Awaited<ReturnType<typeof boardPackOf>>;

/**
 * The minutes of a decided meeting (409 before): the meeting, each decision, the conflicts of interest declared by
 * its members and by the applications' reviewers, and the totals.
 */
export async function minutesOf(db: Db, meetingId: number, viewer: Viewer, productName: string) {
  const meeting = await meetingById(db, meetingId, viewer);
  if (!meeting.decided_at) throw new AppError(409, 'errors.meeting_not_decided');
  const reviewers = meeting.agenda.length
    ? await db
        .selectFrom('investigations as i')
        .innerJoin('users as u', 'u.id', 'i.user_id')
        .innerJoin('applications as a', 'a.id', 'i.application_id')
        .innerJoin('meeting_agenda as ag', (join) => join.onRef('ag.application_id', '=', 'a.id').on('ag.meeting_id', '=', meetingId))
        .select(['a.reference', 'u.first_name', 'u.last_name'])
        .where('i.conflict_of_interest', '=', true)
        .orderBy('ag.position')
        .orderBy(sql`u.last_name collate swedish`)
        .execute()
    : [];
  const granted = meeting.agenda.filter((line) => line.decided_status === approved);
  return {
    foundation: await foundationName(db, productName),
    meeting,
    board_conflicts: meeting.agenda.flatMap((line) => line.conflicts.map((c) => ({ reference: line.application.reference, name: c.name }))),
    reviewer_conflicts: reviewers.map((r) => ({ reference: r.reference, name: personName(r.first_name, r.last_name) })),
    counts: { approved: granted.length, rejected: meeting.agenda.length - granted.length },
  };
}
export type Minutes = Awaited<ReturnType<typeof minutesOf>>;
