import { sql, type Expression, type SqlBool } from 'kysely';
import { enums, enumLabel } from '../../resources/enums.js';
import { accountDisplay } from '../../resources/payoutAccounts.js';
import { personName } from '../../resources/users.js';
import type { Locale } from '../../resources/locales.js';
import { csvStream, spreadsheetLocale } from '../csv.js';
import type { Db } from '../db/connect.js';
import type { Translate } from '../i18n.js';
import { listPage, type ListGrammar, type ListQuery } from '../lists/listQuery.js';
import { referenceContains } from '../lists/search.js';
import { contentWithheld, noneOf, type Viewer } from '../auth/standing.js';
import { receiptsOfPayouts } from './receipts.js';

// The payouts list of staff who manage or approve payouts: of the periods they hold either ability for, newest
// request first; by status, period and batch, a search in the applications' references. Each sort walks an index
// of migration 0026, or within one period of 0045 (ties broken by the id), so a page costs the same at a million
// payouts; the total is counted up to COUNT_UP_TO, past which the list says "more than".

export const payoutListGrammar: ListGrammar = {
  sorts: ['requested_at', 'amount', 'status'],
  defaultSort: { field: 'requested_at', order: 'desc' },
  search: true,
  // prepared_by_others: prepared by another than the reader, so theirs to attest (two attest every payout).
  filters: { period: 'id', batch: 'id', prepared_by_others: 'boolean' },
  statuses: Object.values(enums.payout_status),
  byId: true,
};

export const COUNT_UP_TO = 10_000;

/** What names a payout's payee and its application (`a`): its reference, and the names payeeName reads. */
export const payeeColumns = [
  'a.reference',
  'a.org_name',
  'a.contact_first_name',
  'a.contact_last_name',
  'a.applicant_first_name',
  'a.applicant_last_name',
] as const;

/** The payouts as staff see them (`p`), with their application (`a`), period, attesters and batch. */
export function payoutRows(db: Db) {
  return db
    .selectFrom('payouts as p')
    .innerJoin('applications as a', 'a.id', 'p.application_id')
    .innerJoin('periods as pe', 'pe.id', 'a.period_id')
    .leftJoin('users as pu', 'pu.id', 'p.prepared_by')
    .leftJoin('users as au', 'au.id', 'p.approved_by')
    .leftJoin('users as ru', 'ru.id', 'p.return_asked_by')
    .select([
      'p.id',
      'p.amount',
      'p.account_type',
      'p.clearing_number',
      'p.account_number',
      'p.status',
      'p.requested_at',
      'p.prepared_at',
      'p.approved_at',
      'p.rejected_at',
      'p.reject_reason',
      'p.batch_id',
      'p.paid_on',
      'p.returned_at',
      'p.return_reason',
      'p.bank_reference',
      'p.return_asked_at',
      'p.return_asked_reason',
      'p.return_asked_bank_reference',
      'ru.id as return_asker_id',
      'ru.first_name as return_asker_first_name',
      'ru.last_name as return_asker_last_name',
      'p.instalment_id',
      'p.application_id',
      'a.uuid as application_uuid',
      ...payeeColumns,
      'pe.id as period_id',
      'pe.name as period_name',
      'pu.id as preparer_id',
      'pu.first_name as preparer_first_name',
      'pu.last_name as preparer_last_name',
      'au.id as approver_id',
      'au.first_name as approver_first_name',
      'au.last_name as approver_last_name',
    ]);
}

export type PayoutJoined = Awaited<ReturnType<ReturnType<typeof payoutRows>['executeTakeFirstOrThrow']>>;

/** Who is paid, as the application gives it: the organisation's name, else its contact's, else the applicant's. */
export function payeeName(
  row: Pick<PayoutJoined, 'org_name' | 'contact_first_name' | 'contact_last_name' | 'applicant_first_name' | 'applicant_last_name'>,
) {
  return (
    row.org_name?.trim() ||
    personName(row.contact_first_name, row.contact_last_name).trim() ||
    personName(row.applicant_first_name, row.applicant_last_name).trim()
  );
}

const staffMember = (id: number | null, first: string | null, last: string | null) =>
  id === null ? null : { id, name: personName(first, last) };

/**
 * A payout in the API's shape (amount in öre), as the viewer may read it: to one who stood aside from its application
 * the application's reference, the payee and the steps alone, without the amount, the account or the reasons.
 */
export function payoutRow(row: PayoutJoined, viewer: Viewer) {
  const aside = viewer.stoodAside.has(row.application_id);
  return {
    id: row.id,
    application: { uuid: row.application_uuid, reference: row.reference },
    payee: payeeName(row),
    period: { id: row.period_id, name: row.period_name },
    amount: aside ? null : row.amount,
    account: aside ? null : { kind: row.account_type, display: accountDisplay(row.account_type, row.account_number, row.clearing_number) },
    status: row.status,
    requested_at: row.requested_at,
    prepared_by: staffMember(row.preparer_id, row.preparer_first_name, row.preparer_last_name),
    prepared_at: row.prepared_at,
    approved_by: staffMember(row.approver_id, row.approver_first_name, row.approver_last_name),
    approved_at: row.approved_at,
    rejected_at: row.rejected_at,
    reject_reason: aside ? null : row.reject_reason,
    batch_id: row.batch_id,
    paid_on: row.paid_on,
    returned_at: row.returned_at,
    return_reason: aside ? null : row.return_reason,
    bank_reference: aside ? null : row.bank_reference,
    return_asked:
      row.return_asker_id === null
        ? null
        : {
            by: staffMember(row.return_asker_id, row.return_asker_first_name, row.return_asker_last_name)!,
            at: row.return_asked_at!,
            reason: aside ? null : row.return_asked_reason,
            bank_reference: aside ? null : row.return_asked_bank_reference,
          },
    withheld: aside ? ('stood_aside' as const) : null,
  };
}
export type PayoutRow = ReturnType<typeof payoutRow>;

/** Which periods the payouts list covers (request.scope: null for every one), and who reads it (request.viewer). */
export interface PayoutsWithin {
  periods: number[] | null;
  viewer: Viewer;
}

/**
 * The list's WHERE on a payout (`p`): the caller's periods, the statuses, the filters and the search; sorted by amount,
 * without the payouts whose amount is withheld from the reader, so that no row's place tells it.
 */
function conditions(query: ListQuery, { periods, viewer }: PayoutsWithin): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  if (query.sort === 'amount') all.push(noneOf(sql.ref('p.application_id'), contentWithheld(viewer)));
  // The payout's own period (migration 0045): one period's payouts walk its index in every sort.
  if (periods) all.push(sql<SqlBool>`p.period_id = any(${periods.length ? periods : [-1]}::int[])`);
  if (query.ids.period !== undefined) all.push(sql<SqlBool>`p.period_id = ${query.ids.period}`);
  if (query.ids.batch !== undefined) all.push(sql<SqlBool>`p.batch_id = ${query.ids.batch}`);
  if (query.statuses.length && query.statuses.length < payoutListGrammar.statuses!.length) {
    all.push(sql<SqlBool>`p.status = any(${query.statuses}::int[])`);
  }
  if (query.only) all.push(sql<SqlBool>`p.id = any(${query.only}::int[])`);
  if (query.flags.prepared_by_others !== undefined) {
    // Written as the two ranges around the reader, so the index of (status, preparer) finds them without reading the
    // reader's own, which may be most of a status; the reader's id written into the statement (a whole number from
    // their session), so that a plan PostgreSQL keeps for the statement is the reader's own, never one guessed for any
    // preparer, which would walk every payout of the status.
    const others =
      viewer.userId === null
        ? sql<SqlBool>`p.prepared_by is not null`
        : sql<SqlBool>`(p.prepared_by < ${sql.lit(viewer.userId)} or p.prepared_by > ${sql.lit(viewer.userId)})`;
    all.push(query.flags.prepared_by_others ? others : sql<SqlBool>`(p.prepared_by is null or not ${others})`);
  }
  if (query.search) {
    // The few applications whose reference matches, found first by their reference's index, then their payouts by theirs.
    all.push(
      sql<SqlBool>`p.application_id = any(array(select id from applications where ${referenceContains(sql.ref('reference'), query.search)}))`,
    );
  }
  return all.length ? sql<SqlBool>`${sql.join(all, sql` and `)}` : sql<SqlBool>`true`;
}

/** A query in the sort's order: its terms, then the id that breaks ties. */
interface Orderable<Q> {
  orderBy(expression: ReturnType<typeof sql>): Q;
}
function ordered<Q extends Orderable<Q>>(q: Q, query: ListQuery): Q {
  for (const term of orderTerms(query)) q = q.orderBy(term);
  return q;
}

/**
 * The sort's terms: by status, newest first within a status (the index (status, requested_at desc, id desc) walked
 * forwards, or backwards for the statuses from the highest down).
 */
function orderTerms(query: ListQuery) {
  const [dir, opposite] = query.direction === 'asc' ? [sql.raw('asc'), sql.raw('desc')] : [sql.raw('desc'), sql.raw('asc')];
  if (query.sort === 'status') return [sql`p.status ${dir}`, sql`p.requested_at ${opposite}`, sql`p.id ${opposite}`];
  const key = query.sort === 'amount' ? sql`p.amount` : sql`p.requested_at`;
  return [sql`${key} ${dir}`, sql`p.id ${dir}`];
}

/** One page of the payouts of `within`'s periods, each as its reader may read it, in the list envelope. */
export async function listPayouts(db: Db, query: ListQuery, within: PayoutsWithin) {
  const where = conditions(query, within);
  const offset = (query.page - 1) * query.perPage;
  // The page's ids from the payout's own row (the sort keys are there), then the columns of those alone.
  const ids = ordered(db.selectFrom('payouts as p').select('p.id').where(where), query)
    .limit(sql.lit(query.perPage))
    .offset(sql.lit(offset));
  const [page, { total }] = await Promise.all([
    ordered(payoutRows(db).where(sql<SqlBool>`p.id = any(array(${ids}))`), query).execute(),
    db
      .selectFrom(
        db
          .selectFrom('payouts as p')
          .select('p.id')
          .where(where)
          .limit(COUNT_UP_TO + 1)
          .as('m'),
      )
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const exact = total <= COUNT_UP_TO;
  return listPage(
    await withReceipts(
      db,
      page.map((row) => payoutRow(row, within.viewer)),
    ),
    exact ? total : COUNT_UP_TO,
    query,
    exact,
  );
}

/** Every payout the list's query matches, in its order, a batch at a time: the CSV export's rows. */
export async function* exportedPayouts(db: Db, query: ListQuery, within: PayoutsWithin, batchSize = 1000) {
  const where = conditions(query, within);
  for (let offset = 0; ; offset += batchSize) {
    const rows = await ordered(payoutRows(db).where(where), query).limit(batchSize).offset(offset).execute();
    if (rows.length) yield rows.map((row) => payoutRow(row, within.viewer));
    if (rows.length < batchSize) return;
  }
}

/** One payout as the viewer sees it, with its receipts, or undefined. */
export async function payoutById(db: Db, payoutId: number, viewer: Viewer) {
  const row = await payoutRows(db).where('p.id', '=', payoutId).executeTakeFirst();
  return row && (await withReceipts(db, [payoutRow(row, viewer)]))[0];
}

/** The rows with the receipts the applicant attached to each (none to one who stood aside): what an approver checks. */
async function withReceipts(db: Db, rows: PayoutRow[]) {
  const receipts = await receiptsOfPayouts(
    db,
    rows.filter((row) => row.withheld === null).map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, receipts: receipts.get(row.id) ?? [] }));
}

const exportKeys = [
  'id',
  'reference',
  'payee',
  'period',
  'amount',
  'account_kind',
  'account',
  'status',
  'requested_at',
  'prepared_by',
  'approved_by',
  'batch',
  'paid_on',
] as const;

/**
 * The CSV of the payouts the batches hold, in the user's language: headers and statuses translated, amounts in kronor
 * and times as the user's spreadsheet reads them (server/csv.ts spreadsheetLocale), times in Stockholm.
 */
export function payoutsCsv(batches: AsyncIterable<PayoutRow[]>, { t, locale }: { t: Translate; locale: Locale }) {
  const format = spreadsheetLocale(locale);
  const columns = exportKeys.map((key) => ({ key, header: t(`app.payouts.export.${key}`) }));
  async function* cells() {
    for await (const rows of batches) {
      yield rows.map((row) => ({
        id: row.id,
        reference: row.application.reference,
        payee: row.payee,
        period: row.period.name,
        amount: row.amount === null ? null : format.kronor(row.amount),
        account_kind: row.account && t(`app.payouts.account_kinds.${row.account.kind}`),
        account: row.account?.display ?? null,
        status: enumLabel(t, 'payout_status', row.status),
        requested_at: format.dateTime(row.requested_at),
        prepared_by: row.prepared_by?.name ?? null,
        approved_by: row.approved_by?.name ?? null,
        batch: row.batch_id,
        paid_on: row.paid_on,
      }));
    }
  }
  return csvStream(cells(), columns, format.delimiter);
}
