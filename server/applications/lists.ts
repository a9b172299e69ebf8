import { sql, type Compilable, type CompiledQuery, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { decidedStatuses, listedStatuses } from '../../resources/applications.js';
import { enums } from '../../resources/enums.js';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { fromTheEnd, listPage, type ListGrammar, type ListQuery } from '../lists/listQuery.js';
import { contains, containsOnWalk, referenceContains } from '../lists/search.js';
import { payoutStateSql } from '../payouts/payoutState.js';
import { reviewConditions, reviewFilters, reviewOf, reviewSorts, reviewSortTerms } from '../reviews/listTerms.js';
import { contentWithheld, noneOf, reviewsWithheld, unconcerned, withheldFrom, type Viewer } from '../auth/standing.js';
import { reachableByStaff } from '../applicationCore/staffReach.js';
import { changedAfterMail, type Mailed } from '../applicationCore/told.js';
import { personName } from '../../resources/users.js';
import { isOpen } from '../periods.js';

/**
 * The sorts by an application's amounts and progress, which are withheld from one who stood aside from it (a list so
 * sorted leaves those rows out for them: `leftOut`).
 */
const amountSorts = [
  'money',
  'approved_money',
  'approved_fou',
  'approved_nok',
  'followup_sent_in_at',
  'followup_at',
  'distribution_mail_sent_at',
] as const;

/** The three staff lists (all, decided, a period's decisioning): what each may filter and sort by. */
export const listSpecs = {
  all: {
    statuses: listedStatuses,
    sorts: ['reference', 'status', 'applicant', 'money', 'sent_in_at', 'created_at', ...reviewSorts],
    defaultSort: { field: 'reference', order: 'asc' },
    // unread and followups are the presets of applications/{status?}{unread?}.
    filters: {
      period: 'id',
      organisation_id: 'id',
      unread: 'boolean',
      followups: 'boolean',
      // What needs staff (server/work/): follow-ups sent in and not yet read, those still awaited past a day's start,
      // and the applications of the periods open on a day that nobody investigates.
      followups_to_read: 'boolean',
      followup_overdue_on: 'day',
      unassigned_on: 'day',
      // Applications with signals not yet checked (server/signals/).
      signals: 'boolean',
      ...reviewFilters,
    },
    search: true,
    fromEnd: true,
  },
  decided: {
    statuses: decidedStatuses,
    sorts: ['reference', 'applicant', ...amountSorts, ...reviewSorts],
    defaultSort: { field: 'reference', order: 'asc' },
    // unreleased: decided, and the applicant not yet told (neither mailed nor released).
    filters: { organisation: 'text', frontend_user: 'id', period: 'id', month: 'month', unreleased: 'boolean', ...reviewFilters },
    search: false,
    fromEnd: true,
  },
  decisioning: {
    statuses: listedStatuses,
    sorts: ['reference', 'status', 'applicant', 'period', 'money', ...reviewSorts],
    defaultSort: { field: 'reference', order: 'asc' },
    filters: { ...reviewFilters },
    search: false,
    fromEnd: true,
  },
} satisfies Record<string, ListGrammar>;

/** The WHERE's builder: the applications as `a`, as `db.selectFrom('applications as a')` names them. */
type Where = ExpressionBuilder<Database & { a: Database['applications'] }, 'a'>;

/**
 * ORDER BY terms per whitelisted sort name; Swedish collation for names, so Å, Ä, Ö come after Z. An amount or date
 * not set sorts as the smallest (first ascending, last descending), so "largest first" starts with amounts; the
 * indexes of migration 0006 are built in that order, so one index serves both directions.
 */
const sortTerms: Record<string, { terms: RawBuilder<unknown>[]; nullsSmallest?: boolean }> = {
  reference: { terms: [sql`a.reference`] },
  status: { terms: [sql`a.status`] },
  // The applicant's name as the application's row keeps it (in Swedish collation, migration 0023): no join to sort.
  applicant: { terms: [sql`a.applicant_last_name`, sql`a.applicant_first_name`, sql`a.frontend_user_id`] },
  money: { terms: [sql`a.money`], nullsSmallest: true },
  approved_money: { terms: [sql`a.approved_money`], nullsSmallest: true },
  approved_fou: { terms: [sql`a.approved_fou`], nullsSmallest: true },
  approved_nok: { terms: [sql`a.approved_nok`], nullsSmallest: true },
  followup_sent_in_at: { terms: [sql`a.followup_sent_in_at`], nullsSmallest: true },
  followup_at: { terms: [sql`a.followup_at`], nullsSmallest: true },
  distribution_mail_sent_at: { terms: [sql`a.distribution_mail_sent_at`], nullsSmallest: true },
  sent_in_at: { terms: [sql`a.sent_in_at`], nullsSmallest: true },
  created_at: { terms: [sql`a.created_at`] },
  // Only the decisioning list, of one period, sorts by it: its order is then the applications' ids.
  period: { terms: [sql`a.period_id`] },
  ...reviewSortTerms,
};

/** The applicant's whole name as searched; the same expression as the trigram index frontend_users_name_trgm. */
const fullName = (alias: string) =>
  sql<string>`(coalesce(${sql.ref(`${alias}.first_name`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.last_name`)}, ''))`;

/**
 * Which periods a list covers, always said, so that a list cannot show every period by forgetting: `periods` those the
 * caller holds an ability for (request.scope: null for every period), or `periodId` one period its route checked;
 * and who reads it (`viewer`, request.viewer), so that a row is never shown beyond where its reader stands.
 */
export type ListWithin = ({ periods: number[] | null; periodId?: undefined } | { periodId: number; periods?: undefined }) & {
  viewer: Viewer;
};

/** Every period, read by one who stands nowhere: for tests and benchmarks of what a list holds. */
export const everyPeriod: ListWithin = { periods: null, viewer: unconcerned };

/**
 * The sorts and filters that read what may be withheld from a reader (server/auth/standing.ts): the reviews' figures,
 * and an application's amounts and progress, withheld from one who stood aside from it. A list sorted or filtered by
 * one of them leaves out the rows withheld from its reader (and counts without them), so no row's place in the order
 * or presence in the list tells what its reader may not read.
 */
const readsReviews = { sorts: new Set<string>(reviewSorts), filters: new Set<string>(Object.keys(reviewFilters)) };
const readsContent = {
  sorts: new Set<string>(amountSorts),
  filters: new Set(['unread', 'followups', 'followups_to_read', 'followup_overdue_on', 'unreleased', 'signals']),
};

/** The applications a list leaves out for its reader: those whose withheld values its sort or a filter reads. */
function leftOut(query: ListQuery, viewer: Viewer): number[] {
  const filters = [...Object.keys(query.flags), ...Object.keys(query.texts), ...Object.keys(query.numbers)];
  const reads = (part: { sorts: Set<string>; filters: Set<string> }) =>
    part.sorts.has(query.sort) || filters.some((f) => part.filters.has(f));
  if (reads(readsReviews)) return reviewsWithheld(viewer);
  if (reads(readsContent)) return contentWithheld(viewer);
  return [];
}

/**
 * How a search's people are matched (`searching`): the applicants found through their trigram indexes, and the
 * organisations they are people of, collected into arrays within the condition (`array`); the names and addresses the
 * application's row keeps (`row`: what a walk of a sort index tests, see pageFromStart); or left out for the caller to
 * add (`apart`).
 */
type Searching = 'array' | 'row' | 'apart';

/** The WHERE of a list: its statuses, periods, the filters and the search, all on the application's own row. */
function conditions(db: Db, query: ListQuery, { periodId, periods, viewer }: ListWithin, searching: Searching = 'array') {
  const withheld = leftOut(query, viewer);
  return (eb: Where): Expression<SqlBool> => {
    const all: Expression<SqlBool>[] = [eb('a.status', 'in', query.statuses)];
    if (withheld.length) all.push(noneOf(sql.ref('a.id'), withheld));
    if (periodId !== undefined) all.push(eb('a.period_id', '=', periodId));
    if (periods) all.push(eb('a.period_id', 'in', periods.length ? periods : [-1]));
    if (query.ids.period !== undefined) all.push(eb('a.period_id', '=', query.ids.period));
    if (query.ids.frontend_user !== undefined) all.push(eb('a.frontend_user_id', '=', query.ids.frontend_user));
    // An organisation's applications, whoever of its people wrote them (its page in the admin links here).
    if (query.ids.organisation_id !== undefined) all.push(eb('a.organisation_id', '=', query.ids.organisation_id));
    // The applicant wrote and staff have not read the thread yet (server/applicationCore/messages.ts keeps the flag).
    if (query.flags.unread) all.push(eb('a.unread_messages', '=', true));
    // In the follow-up stage: requested and not yet finished, whether the applicant is still to send it in or staff
    // are still to read it (the progress indicators tell the two apart).
    if (query.flags.followups) all.push(eb.and([eb('a.followup_at', 'is not', null), eb('a.finished', '=', false)]));
    // Some signal not yet checked: the count kept on the row, walked by the partial indexes of migration 0049 (the
    // zero written into the statement, so that even a generic plan matches the indexes' predicate).
    if (query.flags.signals !== undefined) {
      all.push(query.flags.signals ? sql<SqlBool>`a.unchecked_signals > 0` : sql<SqlBool>`a.unchecked_signals = 0`);
    }
    // The follow-up reports staff are still to read, and those still awaited: written as the partial indexes of
    // migration 0050 are, so each is read from its own few rows.
    if (query.flags.followups_to_read !== undefined) {
      const toRead = sql<SqlBool>`(a.followup_sent_in_at is not null and not a.finished)`;
      all.push(query.flags.followups_to_read ? toRead : sql<SqlBool>`not ${toRead}`);
    }
    // Due before the day and not yet sent in: overdue on that day (the due date's last minute is still in time).
    if (query.texts.followup_overdue_on) {
      all.push(sql<SqlBool>`(a.followup_at < ${query.texts.followup_overdue_on} and a.followup_sent_in_at is null and not a.finished)`);
    }
    // In a period open on the day, and no staff user on it yet.
    if (query.texts.unassigned_on) {
      const day = query.texts.unassigned_on;
      const open = query.anyOf[OPEN_PERIODS] as number[] | undefined;
      if (!open) all.push(sql<SqlBool>`a.period_id in (select p.id from periods p where ${isOpen('p', day)})`);
      else if (!open.length) all.push(sql<SqlBool>`false`);
      else all.push(sql<SqlBool>`a.period_id in (${sql.join(open.map((id) => sql.lit(id)))})`);
      all.push(sql<SqlBool>`not exists (select 1 from investigations i where i.application_id = a.id)`);
    }
    if (query.flags.unreleased !== undefined) {
      const untold = sql<SqlBool>`(a.released_at is null and a.distribution_mail_sent_at is null)`;
      all.push(query.flags.unreleased ? untold : sql<SqlBool>`not ${untold}`);
    }
    if (query.texts.organisation) all.push(contains(eb.ref('a.org_name'), query.texts.organisation));
    if (query.texts.month) {
      // The month as the foundation counts it, in Stockholm time.
      const first = `${query.texts.month}-01`;
      all.push(sql<SqlBool>`a.sent_in_at >= (${first}::date::timestamp at time zone 'Europe/Stockholm')`);
      all.push(sql<SqlBool>`a.sent_in_at < ((${first}::date + interval '1 month')::timestamp at time zone 'Europe/Stockholm')`);
    }
    all.push(...reviewConditions(query));
    if (query.search && searching !== 'apart') {
      const term = query.search;
      // Either one bitmap scan of the applications, the trigram indexes of reference and organisation ORed with the
      // applicants matched first through theirs (= any(array(...)) collects them once), each row read once; or, walking
      // a sort index, each row tested alone: an application by any of its organisation's people's names too.
      const people =
        searching === 'row'
          ? [containsOnWalk(eb.ref('a.searched_people'), term)]
          : [
              sql<SqlBool>`a.frontend_user_id = any(array(${searchedApplicants(db, term)}))`,
              sql<SqlBool>`a.organisation_id = any(array(${organisationsOf(searchedApplicants(db, term))}))`,
            ];
      all.push(eb.or([referenceContains(eb.ref('a.reference'), term), contains(eb.ref('a.org_name'), term), ...people]));
    }
    return eb.and(all);
  };
}

/**
 * The organisations the given applicants (a statement answering their `id`s) are people of: a search finds each one's
 * applications by any of them. Each applicant's looked up by the index of people (OFFSET 0 keeps it a loop): reading
 * every membership for a hash cost more than the lookups of the thousands a common name finds.
 */
const organisationsOf = (applicants: unknown) =>
  sql`select distinct o.organisation_id from (${applicants}) p
    cross join lateral (select m.organisation_id from organisation_members m where m.frontend_user_id = p.id offset 0) o`;

/** The applicants a search finds by name or e-mail, through their trigram indexes. */
function searchedApplicants(db: Db, term: string) {
  return db
    .selectFrom('frontend_users as u')
    .select('u.id')
    .where((w) => w.or([contains(fullName('u'), term), contains(w.ref('u.email'), term)]));
}

/**
 * The applicant as staff see them: null once the application is anonymised (server/dataProtection/), which names no
 * applicant any more.
 */
export function staffApplicant(id: number | null, firstName: string | null, lastName: string | null, email: string | null) {
  return id === null ? null : { id, name: personName(firstName, lastName), email: email ?? '' };
}

/** The applications as every staff list shows them, joined with their applicant (none once anonymised), period and type. */
function joined(db: Db) {
  return db
    .selectFrom('applications as a')
    .leftJoin('frontend_users as f', 'f.id', 'a.frontend_user_id')
    .innerJoin('periods as p', 'p.id', 'a.period_id')
    .leftJoin('application_types as t', 't.id', 'a.application_type_id');
}

/**
 * The columns of a list row, and with `decided` those the decided list adds: every column read is one the answer
 * shows, since reading and converting a page's columns is much of what a list costs.
 */
function rows(db: Db, kind?: keyof typeof listSpecs) {
  return joined(db)
    .select([
      'a.id',
      'a.uuid',
      'a.reference',
      'a.status',
      'a.money',
      'a.approved_money',
      'a.org_name',
      'a.sent_in_at',
      'a.finished',
      'a.followup_at',
      'a.followup_sent_in_at',
      'a.distribution_mail_sent_at',
      'a.mailed_status',
      'a.mailed_money',
      'a.unread_messages',
      'a.review_score',
      'a.review_spread',
      'a.reviews_in',
      'a.reviews_pending',
      'a.unchecked_signals',
      'f.id as applicant_id',
      'f.first_name',
      'f.last_name',
      'f.email',
      'p.id as period_id',
      'p.uuid as period_uuid',
      'p.name as period_name',
      't.label as application_type',
      payoutStateSql('a').as('payout_state'),
    ])
    .$if(kind === 'decided', (q) =>
      q.select(['a.approved_fou', 'a.approved_nok', 'a.global_goals', 'a.decision_global_goals', 'a.org_city']),
    );
}

type Joined = Awaited<ReturnType<ReturnType<typeof rows>['executeTakeFirstOrThrow']>>;

/** A row's progress indicators; the mail's says too when the decision changed after it was sent. */
export function progressOf(
  row: Mailed & Pick<Joined, 'unread_messages' | 'followup_at' | 'followup_sent_in_at' | 'finished' | 'payout_state'>,
) {
  return {
    unhandled: row.status === enums.application_status.received,
    unread_messages: row.unread_messages,
    followup_at: row.followup_at,
    followup_sent_in_at: row.followup_sent_in_at,
    distribution_mail_sent_at: row.distribution_mail_sent_at,
    decision_changed_after_mail: changedAfterMail(row),
    finished: row.finished,
    payout: row.payout_state,
  };
}

/**
 * A list row in the API's shape (money in öre; money_value is the name lists use), as its reader may read it: one who
 * stood aside from the application reads its reference, applicant, status, period, type and sent-in date alone; a
 * reviewer whose own review is not in, no review figures (`withheld` says which).
 */
export function listRow(row: Joined, viewer: Viewer) {
  const withheld = withheldFrom(viewer, row.id);
  const aside = withheld === 'stood_aside';
  return {
    id: row.id,
    uuid: row.uuid,
    reference: row.reference,
    status: row.status,
    applicant: staffApplicant(row.applicant_id, row.first_name, row.last_name, row.email),
    org_name: row.org_name,
    period: { id: row.period_id, uuid: row.period_uuid, name: row.period_name },
    period_name: row.period_name,
    application_type: row.application_type,
    money: aside ? null : row.money,
    money_value: aside ? null : row.money,
    approved_money: aside ? null : row.approved_money,
    sent_in_at: row.sent_in_at,
    finished: aside ? null : row.finished,
    progress: aside ? null : progressOf(row),
    review: withheld ? null : reviewOf(row),
    // How many of its signals are unchecked (server/signals/), for the row's chip.
    signals: aside ? null : row.unchecked_signals,
    withheld,
  };
}
export type ListRow = ReturnType<typeof listRow>;

/** The decided list's extra columns: the decision's parts and the categories as text (none to one who stood aside). */
async function withDecision(db: Db, page: Joined[], viewer: Viewer) {
  const ids = page.map((r) => r.id);
  const labels = ids.length
    ? await db
        .selectFrom('application_categories as ac')
        .innerJoin('categories as c', 'c.id', 'ac.category_id')
        .select(['ac.application_id', 'c.label', 'c.type'])
        .where('ac.application_id', 'in', ids)
        .orderBy(sql`c.label collate swedish`)
        .orderBy('c.id')
        .execute()
    : [];
  const text = (id: number, type: number) =>
    labels
      .filter((l) => l.application_id === id && l.type === type)
      .map((l) => l.label)
      .join(', ');
  return page.map((row) => {
    const listed = listRow(row, viewer);
    return { ...listed, ...(listed.withheld === 'stood_aside' ? decisionWithheld : decisionOf(row, text)) };
  });
}

/** The decided list's extra columns of a row whose reader stood aside from it. */
const decisionWithheld = {
  org_city: null,
  targets_text: null,
  purposes_text: null,
  focuses_text: null,
  approved_money_value: null,
  approved_fou: null,
  approved_nok: null,
  global_goals: null,
  decision_global_goals: null,
  followup_at: null,
  followup_sent_in_at: null,
  distribution_mail_sent_at: null,
};

/** The decided list's extra columns of one row, with the categories' labels of each type as `text` joins them. */
function decisionOf(row: Joined, text: (id: number, type: number) => string) {
  const { target_group, purpose, focus_area } = enums.category_type;
  return {
    org_city: row.org_city ?? null,
    targets_text: text(row.id, target_group),
    purposes_text: text(row.id, purpose),
    focuses_text: text(row.id, focus_area),
    approved_money_value: row.approved_money,
    approved_fou: row.approved_fou ?? null,
    approved_nok: row.approved_nok ?? null,
    // The applicant's goals and the decision's, each under its own name.
    global_goals: row.global_goals ?? [],
    decision_global_goals: row.decision_global_goals ?? [],
    followup_at: row.followup_at,
    followup_sent_in_at: row.followup_sent_in_at,
    distribution_mail_sent_at: row.distribution_mail_sent_at,
  };
}

/**
 * The filters the tallies keep a row per value of (the list's statuses and the caller's periods always): a list with
 * any other filter, or a search, is counted from its matches. Named here rather than excluded, so a filter added to
 * `conditions` is counted until the tallies learn it, never left out of a total.
 */
export const talliedFilters = { ids: ['period'], flags: ['unread', 'followups'], texts: ['month'], numbers: [] } as const;
const talliesCount = (query: ListQuery) =>
  !query.search &&
  (Object.keys(talliedFilters) as (keyof typeof talliedFilters)[]).every((kind) =>
    Object.keys(query[kind]).every((name) => (talliedFilters[kind] as readonly string[]).includes(name)),
  );

/**
 * A list's total from the tallies the database keeps (migration 0014), when they count what it filters by: a sum of
 * a few rows instead of a count of every match. With it, `all`: every application sent in. Undefined for a search or
 * a filter they do not count.
 */
async function tallied(db: Db, query: ListQuery, within: ListWithin): Promise<{ total: number; all: number } | undefined> {
  if (!talliesCount(query)) return undefined;
  const tally = await talliesOf(db, query, within).executeTakeFirstOrThrow();
  const withheld = leftOut(query, within.viewer);
  if (!withheld.length) return tally;
  // The tallies count every row; those the list leaves out for its reader are few, and counted apart.
  const { count } = await db
    .selectFrom('applications as a')
    .select(sql<number>`count(*)::int`.as('count'))
    .where(conditions(db, query, { ...within, viewer: unconcerned }))
    .where(sql<SqlBool>`a.id = any(${withheld}::int[])`)
    .executeTakeFirstOrThrow();
  return { total: tally.total - count, all: tally.all };
}

/** The statement of `tallied`: one row of `total` and `all`. */
function talliesOf(db: Db, query: ListQuery, { periodId, periods }: ListWithin) {
  return db.selectFrom('application_tallies as t').select((eb) => {
    const all: Expression<SqlBool>[] = [eb('t.status', 'in', query.statuses)];
    if (periodId !== undefined) all.push(eb('t.period_id', '=', periodId));
    if (periods) all.push(eb('t.period_id', 'in', periods.length ? periods : [-1]));
    if (query.ids.period !== undefined) all.push(eb('t.period_id', '=', query.ids.period));
    if (query.flags.unread) all.push(eb('t.unread', '=', true));
    if (query.flags.followups) all.push(eb('t.in_followup', '=', true));
    if (query.texts.month) all.push(eb('t.month', '=', query.texts.month));
    return [
      sql<number>`coalesce(sum(t.applications) filter (where ${eb.and(all)}), 0)::bigint`.as('total'),
      sql<number>`coalesce(sum(t.applications), 0)::bigint`.as('all'),
    ];
  });
}

/**
 * Whether the list is filtered by status alone, over every period: its page is then always walked (each status's
 * index begins with the status, so the walk reads the page's rows and no others), and its total read in the same
 * statement as the page.
 */
const byStatusAlone = (query: ListQuery, { periodId, periods, viewer }: ListWithin) =>
  !query.search &&
  periodId === undefined &&
  !periods &&
  !leftOut(query, viewer).length &&
  [query.ids, query.flags, query.texts, query.numbers].every((filters) => Object.keys(filters).length === 0);

interface Orderable<Q> {
  orderBy(expression: RawBuilder<unknown>): Q;
}

/** The list's sort: its terms, direction and where nulls go, with the id to break ties. */
function orderOf(query: ListQuery) {
  const { terms, nullsSmallest } = sortTerms[query.sort];
  const direction = sql.raw(query.direction);
  const nulls = sql.raw(nullsSmallest ? (query.direction === 'asc' ? ' nulls first' : ' nulls last') : '');
  return { terms, direction, nulls };
}

function inOrder<Q extends Orderable<Q>>(q: Q, query: ListQuery): Q {
  const { terms, direction, nulls } = orderOf(query);
  for (const term of terms) q = q.orderBy(sql`${term} ${direction}${nulls}`);
  return q.orderBy(sql`a.id ${direction}`);
}

/** Up to this many matches, a page may be sorted from the matches collected first (see listApplications). */
const SORT_MATCHES_BELOW = 10_000;

/**
 * A list the tallies do not count (a search, an organisation, an applicant, a review score) is counted exactly up to
 * this many matches, and beyond as "more than" this many: a count grows with the matches, a page does not, and past a
 * thousand nobody reads on to the end of a search (they narrow it).
 */
export const COUNT_UP_TO = 1_000;

/**
 * One page of a staff list in the list envelope, of the periods `within` says; a negative page counts from
 * the end (the list reversed, `fromTheEnd`), so the last page of a list past the cap is as cheap as its first. `way`
 * is for tests, which compare both ways of finding a page of a counted list: collecting its matches, or walking a
 * sort index; as is `countUpTo`, the cap of an uncounted list's total.
 */
export async function listApplications(
  db: Db,
  kind: keyof typeof listSpecs,
  query: ListQuery,
  within: ListWithin,
  way?: 'collect' | 'walk',
  countUpTo = COUNT_UP_TO,
) {
  const resolved = await withOpenPeriods(db, query);
  const pageOf = (q: ListQuery) => pageFromStart(db, kind, q, within, way, countUpTo);
  return resolved.page < 0 ? fromTheEnd(resolved, pageOf) : pageOf(resolved);
}

/**
 * The periods open on `unassigned_on`'s day, looked up first and written into the statement as numbers: a page then
 * walks each open period's own sort index (migration 0024) from its first row. Asked within the statement, the walk
 * goes through every period's applications in the sort's order until it reaches the open one's, which are the newest
 * by reference (a million rows before the first).
 */
async function withOpenPeriods(db: Db, query: ListQuery): Promise<ListQuery> {
  const day = query.texts.unassigned_on;
  if (!day) return query;
  const open = await db.selectFrom('periods as p').select('p.id').where(isOpen('p', day)).execute();
  return { ...query, anyOf: { ...query.anyOf, [OPEN_PERIODS]: open.map((p) => p.id) } };
}
/** Where `withOpenPeriods` keeps the open periods' ids in the query: no filter of the grammar has this name. */
const OPEN_PERIODS = 'unassigned_on:periods';

/** The status tabs' pages as compiled, by `statusTabPage`'s key; at most MOST_COMPILED, then compiled afresh. */
const statusPages = new Map<string, CompiledQuery<Joined & { total: number }>>();
const MOST_COMPILED = 1_000;

function compiledOnce<R>(compiled: Map<string, CompiledQuery<R>>, key: string, build: () => Compilable<R>): CompiledQuery<R> {
  let query = compiled.get(key);
  if (!query) {
    if (compiled.size >= MOST_COMPILED) compiled.clear();
    compiled.set(key, (query = build().compile()));
  }
  return query;
}

/**
 * A page's sort keys, named `k0`, `k1` … where its matches are collected or walked with them; the ORDER BY of such a
 * table (`byKeys`); and where the page starts and how long it is. Written into the statement (whole numbers the list
 * grammar checked), not passed as parameters: PostgreSQL can then keep one plan per page of a list. As parameters it
 * cannot estimate how far a page walks, and plans every call.
 */
function pageParts(query: ListQuery) {
  const { terms, direction, nulls } = orderOf(query);
  const offset = (query.page - 1) * query.perPage;
  return {
    keys: terms.map((term, i) => term.as(`k${i}`)),
    byKeys: (table: string) =>
      sql.join([
        ...terms.map((_, i) => sql`${sql.ref(`${table}.k${i}`)} ${direction}${nulls}`),
        sql`${sql.ref(`${table}.id`)} ${direction}`,
      ]),
    offset,
    pageSize: sql.lit(query.perPage),
    pageStart: sql.lit(offset),
  };
}

/**
 * The page's ids, found by walking to it: one walk per status of the index of (status, sort key, id) (migration
 * 0023), each as far as the page's end, merged. PostgreSQL cannot walk one index in order for several statuses at once;
 * sorting a few hundred keys is cheap, and a status filter, the common case, walks one. A search by reference of
 * several statuses walks the references' own index once instead (a draft has none, last): each status's walk would
 * test as many rows as that one walk, since the statuses listed are nearly every application with a reference.
 */
function walkedIds(db: Db, query: ListQuery, within: ListWithin) {
  const { keys, byKeys, offset, pageSize, pageStart } = pageParts(query);
  if (walksOnce(query)) {
    return inOrder(
      db
        .selectFrom('applications as a')
        .select('a.id')
        .where(conditions(db, query, within, 'row')),
      query,
    )
      .limit(pageSize)
      .offset(pageStart);
  }
  const reach = sql.lit(offset + query.perPage);
  const perStatus = query.statuses.map((status) =>
    inOrder(
      db
        .selectFrom('applications as a')
        .select('a.id')
        .select(keys)
        .where(conditions(db, { ...query, statuses: [status] }, within, 'row')),
      query,
    ).limit(reach),
  );
  return sql<number>`select w.id from (${sql.join(perStatus, sql` union all `)}) w order by ${byKeys('w')} limit ${pageSize} offset ${pageStart}`;
}
const walksOnce = (query: ListQuery) => !query.statuses.length || (query.search !== null && query.sort === 'reference');

/**
 * A status tab's page (byStatusAlone) and its total, in one statement, built and compiled once per page of each tab:
 * what it depends on is all in the key (no filter, period or reader's standing), and building it cost more of Node's
 * time than reading its answer. Asked before anything else of a list is built.
 */
async function statusTabPage(db: Db, kind: keyof typeof listSpecs, query: ListQuery, within: ListWithin) {
  const key = [kind, query.statuses.join(), query.sort, query.direction, query.page, query.perPage].join('|');
  const withTotal = (
    await db.executeQuery(
      compiledOnce(statusPages, key, () =>
        inOrder(
          rows(db, kind)
            .innerJoin(talliesOf(db, query, within).as('tallies'), (join) => join.onTrue())
            .select('tallies.total')
            .where(sql<SqlBool>`a.id = any(array(${walkedIds(db, query, within)}))`),
          query,
        ),
      ),
    )
  ).rows;
  // A page past the end has no row to carry the total.
  const total = withTotal[0]?.total ?? (await tallied(db, query, within))!.total;
  const data = kind === 'decided' ? await withDecision(db, withTotal, within.viewer) : withTotal.map((row) => listRow(row, within.viewer));
  return listPage(data, total, query, true);
}

/** A page counted from the start (listApplications). */
async function pageFromStart(
  db: Db,
  kind: keyof typeof listSpecs,
  query: ListQuery,
  within: ListWithin,
  way: 'collect' | 'walk' | undefined,
  countUpTo: number,
) {
  if (!way && byStatusAlone(query, within)) return statusTabPage(db, kind, query, within);
  const where = conditions(db, query, within);
  const ordered = <Q extends Orderable<Q>>(q: Q) => inOrder(q, query);
  const { keys, byKeys, pageSize, pageStart, offset } = pageParts(query);
  const walked = () => walkedIds(db, query, within);
  // The page's ids first, from the application's row alone (every sort key is there), then the columns of those 50:
  // a deep page then skips its rows without joining each of them.
  const ids = db.selectFrom('applications as a').select('a.id').where(where);
  /**
   * The matches collected once with their sort keys (`m`), up to `limit`: to count an uncounted list (up to one past
   * its cap) and sort a page, or to sort a counted list's page.
   */
  const matches = (limit: number) =>
    db.with(
      (cte) => cte('m').materialized(),
      () => ids.select(keys).limit(sql.lit(limit)),
    );
  const pageOfMatches = (table = 'm') =>
    sql<
      number[]
    >`array(select ${sql.ref(`${table}.id`)} from ${sql.table(table)} order by ${byKeys(table)} limit ${pageSize} offset ${pageStart})`;
  /**
   * A search's matches up to `limit`, in no order, for `searched` (its applicants) in the statement: first from each
   * applicant to their applications (a nested loop, kept so by OFFSET 0, which stops at the limit instead of gathering
   * every application of a common name), then those found by reference, organisation or one of its people alone.
   */
  const searchMatches = (term: string, limit: number) => {
    const alone = conditions(db, query, within, 'apart');
    const notTheirs = sql<SqlBool>`(a.frontend_user_id is null or a.frontend_user_id not in (select searched.id from searched))`;
    const ofApplicant = ids
      .clearWhere()
      .select(keys)
      .where(alone)
      .where(sql<SqlBool>`a.frontend_user_id = s.id`)
      .offset(0);
    const byText = ids
      .clearWhere()
      .select(keys)
      .select(['a.frontend_user_id as applicant', sql<number>`null::int`.as('block')])
      .where(alone)
      .where((eb) => eb.or([referenceContains(eb.ref('a.reference'), term), contains(eb.ref('a.org_name'), term)]))
      .where(notTheirs)
      .where(sql<SqlBool>`(a.organisation_id is null or a.organisation_id not in (select organisation_id from searched_organisations))`);
    // The applications of the organisations whose people were found, which none of those people wrote.
    const ofOrganisation = ids
      .clearWhere()
      .select(keys)
      .select(['a.frontend_user_id as applicant', sql<number>`null::int`.as('block')])
      .where(alone)
      .where(sql<SqlBool>`a.organisation_id = o.organisation_id`)
      .where(notTheirs)
      .offset(0);
    // Each with its applicant, and where the applicant was found, the page of their table (see `many` below).
    return sql`(select a.*, s.id as applicant, s.block from searched s cross join lateral ${ofApplicant} a) union all (${byText})
      union all (select a.* from searched_organisations o cross join lateral ${ofOrganisation} a)
      limit ${sql.lit(limit)}`;
  };
  // = any(array(…)): the page's ids are found first, once, and their rows then read by primary key. PostgreSQL plans
  // this in about half the time of a join with the subquery, and planning is most of such a page's cost.
  const rowsOf = (pageIds: unknown) => ordered(rows(db, kind).where(sql<SqlBool>`a.id = any(array(${pageIds}))`)).execute();
  const tally = await tallied(db, query, within);
  let total: number;
  let exact = true;
  let found: Joined[];
  if (tally === undefined) {
    // A search, or a filter the tallies do not count, in one statement: its matches collected up to one past the cap
    // (`m`) to count them; within the cap the page is sorted from them. Past it, a sort index is walked, which reads
    // about reach × all / matches applications in each walk; unless, for a search, collecting every match (up to
    // SORT_MATCHES_BELOW, `every`) and sorting them reads fewer: they are collected when fewer than
    // √(reach × all × walks / 1.5) (`all` from the tallies; collecting a match costs about one and a half times walking
    // past one, whose row's names are tested, at a million applications: bench/scale.ts). The matches are estimated
    // from `m` without finding every applicant: the applicants come in the order of their table's pages (a bitmap scan
    // of its trigram indexes), so `m` holds about the share of all matches that its last applicant's page is of the
    // table's pages. A wrong estimate costs time, never rows: either way finds the same page.
    let ctes = sql`m as materialized (${ids.select(keys).limit(sql.lit(countUpTo + 1))})`;
    let pastCap = sql<number[]>`array(${walked()})`;
    if (query.search) {
      const pages = sql`greatest(1, pg_relation_size('frontend_users') / current_setting('block_size')::int)`;
      const many = sql`(select count(*) from m) * ${pages}::float / (1 + coalesce((select max(m.block) from m), ${pages}))`;
      // The walk goes through the listed statuses of every period: the tallies of those statuses alone.
      const walkedPast = talliesOf(db, { ...query, ids: {}, flags: {}, texts: {} }, everyPeriod);
      const walks = walksOnce(query) ? 1 : query.statuses.length;
      const few = sql`ceil(sqrt(${sql.lit((offset + query.perPage) * walks)} * (select w.total from (${walkedPast}) w) / 1.5))`;
      const collect = way === 'walk' ? sql`false` : way === 'collect' ? sql`true` : sql`${many} <= ${few}`;
      const applicants = searchedApplicants(db, query.search).select(sql<number>`(u.ctid::text::point)[0]::int`.as('block'));
      ctes = sql`searched as materialized (${applicants}),
        searched_organisations as materialized (${organisationsOf(sql`select id from searched`)}),
        m as materialized (${searchMatches(query.search, countUpTo + 1)}),
        every as materialized (${searchMatches(query.search, SORT_MATCHES_BELOW + 1)})`;
      pastCap = sql<number[]>`case when ${collect} and (select count(*) from every) <= ${sql.lit(SORT_MATCHES_BELOW)}
        then ${pageOfMatches('every')} else array(${walked()}) end`;
    }
    const {
      rows: [page],
    } = await sql<{ total: number; ids: number[] }>`with ${ctes}
      select (select count(*)::int from m) as total,
        case when (select count(*) from m) > ${sql.lit(countUpTo)} then ${pastCap} else ${pageOfMatches()} end as ids`.execute(db);
    [total, exact] = [Math.min(page.total, countUpTo), page.total <= countUpTo];
    // One array parameter, not one per id: the statement's text is then the same for every page, and prepared once.
    found = page.ids.length ? await ordered(rows(db, kind).where(sql<SqlBool>`a.id = any(${page.ids}::int[])`)).execute() : [];
  } else {
    total = tally.total;
    // Walking a sort index to a page reads about (offset + page) × all / total applications; collecting the matches
    // and sorting them reads `total`. A selective filter (a period) on a deep page is the case where the walk goes
    // far, so few matches are collected first unless the walk is shorter.
    const collect = way ? way === 'collect' : total <= SORT_MATCHES_BELOW && (offset + query.perPage) * tally.all >= total * total;
    found = await rowsOf(
      collect
        ? matches(total)
            .selectFrom('m')
            .select(sql<number>`m.id`.as('id'))
            .orderBy(byKeys('m'))
            .limit(pageSize)
            .offset(pageStart)
        : walked(),
    );
  }
  const data = kind === 'decided' ? await withDecision(db, found, within.viewer) : found.map((row) => listRow(row, within.viewer));
  return listPage(data, total, query, exact);
}

/** The columns the CSV export writes (server/applications/exportCsv.ts), and no others. */
const exportedRows = (db: Db) =>
  joined(db).select([
    'a.id',
    'a.reference',
    'a.status',
    'f.first_name',
    'f.last_name',
    'f.email',
    'a.org_name',
    'p.name as period_name',
    't.label as application_type',
    'a.money',
    'a.approved_money',
    'a.sent_in_at',
    'a.finished',
  ]);
/** A row of the export; `finished` is null, with the amounts, where the reader stood aside from the application. */
export type ExportedRow = Omit<Awaited<ReturnType<ReturnType<typeof exportedRows>['executeTakeFirstOrThrow']>>, 'finished'> & {
  finished: boolean | null;
};

/**
 * Every application of a list in its order, a batch at a time from a database cursor: what the CSV export writes as
 * it reads, so that its first bytes go at once and memory holds one batch, whatever the size. The rows are the
 * export's columns only, as the database gives them: no list row is built for each; a row its reader stood aside from
 * has no amounts and no finished flag, as in the list.
 */
export async function* exportedBatches(db: Db, query: ListQuery, within: ListWithin, size = 250): AsyncGenerator<ExportedRow[]> {
  let batch: ExportedRow[] = [];
  const aside = within.viewer.stoodAside;
  for await (const row of inOrder(exportedRows(db).where(conditions(db, query, within)), query).stream(size)) {
    batch.push(aside.has(row.id) ? { ...row, money: null, approved_money: null, finished: null } : row);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** One application's list row as the viewer reads it (what a status change answers), or undefined. */
export async function applicationRow(db: Db, uuid: string, viewer: Viewer): Promise<ListRow | undefined> {
  const row = await rows(db).where('a.uuid', '=', uuid).where(reachableByStaff('a')).executeTakeFirst();
  return row && listRow(row, viewer);
}
