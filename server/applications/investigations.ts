import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { enums } from '../../resources/enums.js';
import type { Db } from '../db/connect.js';
import { AppError, notFound } from '../errors.js';
import { fromTheEnd, listPage, type ListGrammar, type ListQuery } from '../lists/listQuery.js';
import { contentWithheld, noneOfJoined, readsReviewsOf, reviewsWithheld, withheldFrom, type Viewer } from '../auth/standing.js';
import { staffApplicant } from './lists.js';
import { recordHistory } from '../applicationCore/history.js';
import { personName } from '../../resources/users.js';
import { refreshReviewFigures } from '../reviews/figures.js';
import { reviewConditions, reviewFilters, reviewOf, reviewSorts, reviewSortTermsOf, type ReviewColumns } from '../reviews/listTerms.js';

// The queries of investigations: who investigates an application, and each one's proposal.

/**
 * The own list reads the user's investigations alone: each keeps the application's keys the list sorts and filters by
 * (migration 0053), and one index holds them, so the list costs what the user's investigations cost, not the table.
 */
const ownReviewColumns: ReviewColumns = {
  score: sql`i.application_review_score`,
  spread: sql`i.application_review_spread`,
  pending: sql`i.application_reviews_pending`,
};

/** The own-investigations list sorts by these only (anything else is a 422); ties broken by the application's id. */
const ownSorts: Record<string, RawBuilder<unknown>[]> = {
  sent_in_at: [sql`i.application_sent_in_at`],
  reference: [sql`i.application_reference`],
  status: [sql`i.application_status`],
  // The applicant's name as the application's row keeps it (migration 0023), in Swedish collation.
  applicant: [sql`i.applicant_last_name`, sql`i.applicant_first_name`],
  money: [sql`i.application_money`],
  // A score or spread not yet given sorts as the smallest, as in the other lists.
  ...Object.fromEntries(
    Object.entries(reviewSortTermsOf(ownReviewColumns)).map(([name, { terms, nullsSmallest }]) => [
      name,
      nullsSmallest ? terms.map((term) => sql`coalesce(${term}, -1)`) : terms,
    ]),
  ),
};
export const ownList: ListGrammar = {
  sorts: Object.keys(ownSorts),
  defaultSort: { field: 'sent_in_at', order: 'asc' },
  search: false,
  // todo: the user's own review is still to be sent in (they have not stood aside) on an application under review.
  filters: { ...reviewFilters, todo: 'boolean' },
  fromEnd: true,
};

/** Whether an application of the type has review criteria: an application of such a type is reviewed. */
const underReview = (type: RawBuilder<unknown>) =>
  sql<SqlBool>`exists (select 1 from review_criteria c where c.application_type_id = ${type})`;

/** The user's own review, their investigation `i`, is still to do: not sent in and no conflict declared. */
const reviewToDo = sql<SqlBool>`(${underReview(sql`i.application_type_id`)} and i.reviewed_at is null
  and i.conflict_of_interest is not true)`;

/** The own list's `my_review`: null where the application is not reviewed. */
function myReview(row: { under_review: SqlBool; conflict_of_interest: boolean | null; reviewed_at: Date | null }) {
  if (!row.under_review) return null;
  if (row.conflict_of_interest === true) return 'stood_aside' as const;
  return row.reviewed_at ? ('done' as const) : ('todo' as const);
}

/**
 * The staff users on an application, each with their investigation as the viewer may read it, in the order they were
 * added: a reviewer whose own review is not in yet reads none of the others' (server/auth/standing.ts).
 */
export async function investigatorsOf(db: Db, applicationId: number, viewer: Viewer) {
  const blind = !readsReviewsOf(viewer, applicationId);
  const rows = await db
    .selectFrom('investigations as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select([
      'i.id',
      'i.user_id',
      'i.amount',
      'i.status',
      'i.comment',
      'i.created_at',
      'i.updated_at',
      'u.first_name',
      'u.last_name',
      'u.email',
    ])
    .where('i.application_id', '=', applicationId)
    .orderBy('i.created_at')
    .orderBy('i.id')
    .execute();
  return rows.map((r) => {
    const withheld = blind && r.user_id !== viewer.userId;
    return {
      user_id: r.user_id,
      name: personName(r.first_name, r.last_name),
      email: r.email,
      investigation: {
        id: r.id,
        amount: withheld ? null : r.amount,
        status: withheld ? null : r.status,
        comment: withheld ? null : r.comment,
        created_at: r.created_at,
        updated_at: r.updated_at,
      },
      withheld,
    };
  });
}

/** Puts the user on the application, recorded in its history; false when they were on it already. */
export function addInvestigator(
  db: Db,
  applicationId: number,
  user: { id: number; first_name: string | null; last_name: string | null },
  staffId: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('investigations')
      .values({ application_id: applicationId, user_id: user.id })
      .onConflict((oc) => oc.columns(['application_id', 'user_id']).doNothing())
      .returning(['id'])
      .executeTakeFirst();
    if (row) {
      await recordHistory(trx, {
        applicationId,
        userId: staffId,
        action: 'investigator_added',
        before: null,
        after: { user_id: user.id, name: personName(user.first_name, user.last_name) },
      });
      // On an application under review, an investigator is a reviewer whose review is pending.
      await refreshReviewFigures(trx, [applicationId]);
    }
    return !!row;
  });
}

/** Takes the investigator off, deleting their investigation, recorded in the history; 404 when removed meanwhile. */
export async function removeInvestigator(db: Db, applicationId: number, removed: { user_id: number; name: string }, staffId: number) {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('investigations')
      .where('application_id', '=', applicationId)
      .where('user_id', '=', removed.user_id)
      .returningAll()
      .executeTakeFirst();
    // Removed meanwhile by someone else: nothing to record.
    if (!row) throw notFound();
    await recordHistory(trx, {
      applicationId,
      userId: staffId,
      action: 'investigator_removed',
      before: { user_id: removed.user_id, name: removed.name, amount: row.amount, status: row.status, comment: row.comment },
      after: null,
    });
    // Their review, pending or in, goes with them.
    await refreshReviewFigures(trx, [applicationId]);
  });
}

/**
 * The applications the own list leaves out for its reader (as the staff lists do, lists.ts): sorted or filtered by the
 * reviews' figures, those whose figures are withheld from them; sorted by the amount, those they stood aside from.
 */
function ownLeftOut(query: ListQuery, viewer: Viewer): number[] {
  if (
    (reviewSorts as readonly string[]).includes(query.sort) ||
    Object.keys(query.numbers).length ||
    query.flags.reviews_pending !== undefined
  )
    return reviewsWithheld(viewer);
  return query.sort === 'money' ? contentWithheld(viewer) : [];
}

/**
 * The own list is counted exactly up to this many: it grows with one person's work, not with the table, and past its
 * cap each page is sorted from all of it (measured at 2 000 investigations: a cap of 1 000, as the searches', made the
 * page half as fast again).
 */
export const OWN_COUNT_UP_TO = 10_000;

/**
 * One page of the viewer's own investigations on applications sent in, each as they may read it, counted up to
 * OWN_COUNT_UP_TO; a negative page counts from the end (the list reversed, `fromTheEnd`).
 */
export function ownInvestigations(
  db: Db,
  viewer: Viewer & { userId: number },
  query: ListQuery,
  periods: number[] | null,
  countUpTo = OWN_COUNT_UP_TO,
) {
  const pageOf = (q: ListQuery) => ownFromStart(db, viewer, q, periods, countUpTo);
  return query.page < 0 ? fromTheEnd(query, pageOf) : pageOf(query);
}

/** A page counted from the start (ownInvestigations). */
async function ownFromStart(
  db: Db,
  viewer: Viewer & { userId: number },
  listQuery: ListQuery,
  periods: number[] | null,
  countUpTo: number,
) {
  const { page, perPage, sort, direction } = listQuery;
  const userId = viewer.userId;
  const todo = listQuery.flags.todo;
  const mine = db
    .selectFrom('investigations as i')
    .where('i.user_id', '=', userId)
    .where('i.application_status', '<>', enums.application_status.draft)
    .$if(periods !== null, (q) => q.where('i.application_period_id', 'in', periods?.length ? periods : [-1]))
    .$if(todo !== undefined, (q) => q.where(todo ? reviewToDo : sql<SqlBool>`not ${reviewToDo}`))
    .where((eb) => eb.and(reviewConditions(listQuery, ownReviewColumns)))
    .where(noneOfJoined(sql.ref('i.application_id'), ownLeftOut(listQuery, viewer)));
  // One reading of the user's investigations, with their sort keys (`m`), both counts them (up to one past the cap) and
  // gives the page's ids: each of those index entries is read once.
  const order = sql.raw(direction);
  const terms = ownSorts[sort];
  const keys = terms.map((term, i) => term.as(`k${i}`));
  const byKeys = sql.join([...terms.map((_, i) => sql`${sql.ref(`m.k${i}`)} ${order}`), sql`m.id ${order}`]);
  const found = await db
    .with(
      (cte) => cte('m').materialized(),
      () =>
        mine
          .select('i.application_id as id')
          .select(keys)
          .limit(sql.lit(countUpTo + 1)),
    )
    .selectNoFrom([
      sql<number>`(select count(*)::int from m)`.as('total'),
      sql<number[]>`array(select m.id from m order by ${byKeys} limit ${sql.lit(perPage)} offset ${sql.lit((page - 1) * perPage)})`.as(
        'ids',
      ),
    ])
    .executeTakeFirstOrThrow();
  const total = found.total;
  const exact = total <= countUpTo;
  // Past the cap the collected rows are some of the user's, not the first in order: the page is then sorted from all.
  let pageIds = mine.select('i.application_id');
  for (const term of terms) pageIds = pageIds.orderBy(sql`${term} ${order}`);
  const onPage = exact
    ? sql<SqlBool>`i.application_id = any(${found.ids}::int[])`
    : sql<SqlBool>`i.application_id = any(array(${pageIds
        .orderBy('i.application_id', direction)
        .limit(sql.lit(perPage))
        .offset(sql.lit((page - 1) * perPage))}))`;
  const base = db
    .selectFrom('investigations as i')
    .innerJoin('applications as a', 'a.id', 'i.application_id')
    .where('i.user_id', '=', userId)
    .where(onPage);
  let query = base
    .leftJoin('frontend_users as f', 'f.id', 'a.frontend_user_id')
    .innerJoin('periods as p', 'p.id', 'a.period_id')
    .select([
      'a.id',
      'a.uuid',
      'a.reference',
      'a.status',
      'a.money',
      'a.sent_in_at',
      'a.frontend_user_id',
      'f.first_name',
      'f.last_name',
      'f.email',
      'p.id as period_id',
      'p.uuid as period_uuid',
      'p.name as period_name',
      'i.status as investigation_status',
      'i.amount',
      'i.updated_at',
      'i.conflict_of_interest',
      'i.reviewed_at',
      'a.review_score',
      'a.review_spread',
      'a.reviews_in',
      'a.reviews_pending',
      underReview(sql`a.application_type_id`).as('under_review'),
    ]);
  for (const term of ownSorts[sort]) query = query.orderBy(sql`${term} ${order}`);
  const rows = await query.orderBy('a.id', direction).execute();
  return listPage(
    rows.map((r) => {
      const withheld = withheldFrom(viewer, r.id);
      return {
        id: r.id,
        uuid: r.uuid,
        reference: r.reference,
        status: r.status,
        applicant: staffApplicant(r.frontend_user_id, r.first_name, r.last_name, r.email),
        period: { id: r.period_id, uuid: r.period_uuid, name: r.period_name },
        money_value: withheld === 'stood_aside' ? null : r.money,
        sent_in_at: r.sent_in_at,
        investigation: { status: r.investigation_status, amount: r.amount, updated_at: r.updated_at },
        review: withheld ? null : reviewOf(r),
        my_review: myReview(r),
        withheld,
      };
    }),
    exact ? total : countUpTo,
    { page, perPage },
    exact,
  );
}

/** Writes the investigator's own proposal, recorded in the history; 403 when they are not on the application. */
export function writeOwnInvestigation(
  db: Db,
  applicationId: number,
  userId: number,
  next: { amount: number | null; status: number; comment: string | null },
) {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('investigations')
      .select(['amount', 'status', 'comment'])
      .where('application_id', '=', applicationId)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new AppError(403, 'errors.not_investigator');
    const row = await trx
      .updateTable('investigations')
      .set({ ...next, updated_at: sql<Date>`now()` })
      .where('application_id', '=', applicationId)
      .where('user_id', '=', userId)
      .returning(['id', 'amount', 'status', 'comment', 'created_at', 'updated_at'])
      .executeTakeFirstOrThrow();
    await recordHistory(trx, { applicationId, userId, action: 'investigation', before: { ...current }, after: next });
    return row;
  });
}
