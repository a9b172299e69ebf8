import { sql, type SqlBool, type Updateable } from 'kysely';
import { enums } from '../../resources/enums.js';
import { personName } from '../../resources/users.js';
import { isBankDay, nextBankDay } from '../../resources/bankDays.js';
import { addDays, stockholmDay } from '../clock.js';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { AppError, invalid, notFound } from '../errors.js';
import { listPage, type ListGrammar, type ListQuery } from '../lists/listQuery.js';
import { paymentFile } from './paymentFile.js';
import { PaymentBatchError, type CreditorAccount } from './paymentBatch.js';
import { mailPayoutOutcome, type PayoutMailDeps } from './grantMails.js';
import { bookPayoutPaid } from '../bookkeeping/journal.js';
import { contentWithheld, type Viewer } from '../auth/standing.js';
import { movePayouts } from './lifecycle.js';
import { payeeColumns, payeeName, payoutRow, payoutRows } from './payoutList.js';
import { paymentDebtor } from './paymentSettings.js';

// Payment batches: approved payouts gathered into one payment file for the bank, each payout into one batch only
// (a conditional UPDATE: of two batches made at once with one payout, one gets it and the other is refused whole).
// The batch is marked sent once the file has gone to the bank, then its payouts paid, all or some, with the day, or
// one returned by the bank with a reason. Each step is recorded in the history of every application it touches, and
// the applicant is mailed when their payout is paid or returned.

const { in_batch } = enums.payout_status;

/**
 * The day the bank is asked to pay a batch: the next bank day unless told. A day in the past, more than a year ahead
 * or no bank day (a weekend, a holiday, Midsummer, Christmas or New Year's Eve) is a 422.
 */
function executionDay(now: Date, asked: string | undefined): string {
  const today = stockholmDay(now);
  if (asked === undefined) return nextBankDay(today);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asked) || addDays(asked, 0) !== asked) throw invalid({ execution_date: ['validation.date'] });
  if (asked < today || asked > addDays(today, 366)) throw invalid({ execution_date: ['validation.execution_date'] });
  if (!isBankDay(asked)) throw invalid({ execution_date: ['validation.execution_date_bank_day'] });
  return asked;
}

/**
 * Gathers the approved payouts not in a batch into a new batch made by `staffId`, paid on `executionDate` (the next
 * bank day unless given). Any payout that is not such (unknown, not approved, in a batch already, also by a batch made at the
 * same time): 409, nothing made. Answers the batch's id.
 */
export async function createBatch(db: Db, payoutIds: number[], staffId: number, now: Date, executionDate?: string) {
  const ids = [...new Set(payoutIds)];
  if (!ids.length) throw invalid({ payout_ids: ['validation.required'] });
  const day = executionDay(now, executionDate);
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .selectNoFrom(sql<number>`nextval(pg_get_serial_sequence('payment_batches', 'id'))::int`.as('id'))
      .executeTakeFirstOrThrow();
    // The message id: the day it was made and the batch's number, unique as the bank requires.
    const messageId = `UTB-${stockholmDay(now).replaceAll('-', '')}-${id}`;
    await trx
      .insertInto('payment_batches')
      .values({ id, message_id: messageId, execution_date: day, created_by: staffId, created_at: now })
      .execute();
    const taken = await movePayouts(trx, 'payout_batched', {
      ids,
      where: (eb) => eb('batch_id', 'is', null),
      set: { batch_id: id },
      userId: staffId,
      after: { batch: id },
    });
    if (taken.length !== ids.length) throw new AppError(409, 'errors.payout_not_batchable');
    return id;
  });
}

/** The batches with their counts and totals (`b`). */
function batchRows(db: Db) {
  return db
    .selectFrom('payment_batches as b')
    .innerJoin('users as cu', 'cu.id', 'b.created_by')
    .leftJoin('users as su', 'su.id', 'b.sent_by')
    .select([
      'b.id',
      'b.message_id',
      'b.execution_date',
      'b.created_at',
      'b.sent_at',
      'b.file_stored_at',
      'b.cancelled_at',
      'b.bank_status',
      'b.bank_status_at',
      'cu.id as creator_id',
      'cu.first_name as creator_first_name',
      'cu.last_name as creator_last_name',
      'su.id as sender_id',
      'su.first_name as sender_first_name',
      'su.last_name as sender_last_name',
      // Kept by a trigger on the payouts (migration 0046).
      'b.payouts',
      'b.total',
      'b.paid',
      'b.returned',
    ]);
}

type BatchJoined = Awaited<ReturnType<ReturnType<typeof batchRows>['executeTakeFirstOrThrow']>>;

/** A batch in the API's shape; its total withheld (`aside`) from one who stood aside from an application of it. */
const batchRow = (row: BatchJoined, aside = false) => ({
  id: row.id,
  message_id: row.message_id,
  execution_date: row.execution_date,
  created_at: row.created_at,
  created_by: { id: row.creator_id, name: personName(row.creator_first_name, row.creator_last_name) },
  sent_at: row.sent_at,
  file_stored_at: row.file_stored_at,
  cancelled_at: row.cancelled_at,
  bank_status: row.bank_status,
  bank_status_at: row.bank_status_at,
  sent_by: row.sender_id === null ? null : { id: row.sender_id, name: personName(row.sender_first_name, row.sender_last_name) },
  payouts: row.payouts,
  total: aside ? null : row.total,
  paid: row.paid,
  returned: row.returned,
  withheld: aside ? ('stood_aside' as const) : null,
});

export const batchListGrammar: ListGrammar = {
  sorts: ['created_at', 'execution_date'],
  defaultSort: { field: 'created_at', order: 'desc' },
  search: false,
  filters: {},
};

/**
 * A page of the batches, newest first, of the periods in `periods` alone when given (a caller who manages payouts of
 * some periods sees the batches whose payouts are all of them); a batch holding a payout of an application the viewer
 * stood aside from is listed without its total, which would tell that payout's amount.
 */
export async function listBatches(db: Db, query: ListQuery, { periods, viewer }: { periods: number[] | null; viewer: Viewer }) {
  const direction = sql.raw(query.direction);
  const aside = contentWithheld(viewer);
  const key = query.sort === 'execution_date' ? sql`b.execution_date` : sql`b.created_at`;
  // A batch is the caller's when all its payouts are (as opening it asks): some of their periods, none of another.
  const mine = periods === null ? sql<SqlBool>`true` : sql<SqlBool>`cardinality(b.period_ids) > 0 and b.period_ids <@ ${periods}::int[]`;
  const withheld = aside.length
    ? sql<boolean>`exists (select 1 from payouts p where p.batch_id = b.id and p.application_id = any(${aside}::int[]))`
    : sql<boolean>`false`;
  const [page, { total }] = await Promise.all([
    batchRows(db)
      .select(withheld.as('aside'))
      .where(mine)
      .orderBy(sql`${key} ${direction}`)
      .orderBy(sql`b.id ${direction}`)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    db
      .selectFrom('payment_batches as b')
      .select(sql<number>`count(*)::int`.as('total'))
      .where(mine)
      .executeTakeFirstOrThrow(),
  ]);
  return listPage(
    page.map((row) => batchRow(row, row.aside)),
    total,
    query,
  );
}

/** One batch with its payouts (404 unknown), for one who may act on all of them (server/routes/scopes.ts). */
export async function batchById(db: Db, batchId: number, viewer: Viewer) {
  const row = await batchRows(db).where('b.id', '=', batchId).executeTakeFirst();
  if (!row) throw notFound();
  const payouts = await payoutRows(db).where('p.batch_id', '=', batchId).orderBy('p.id').execute();
  return { ...batchRow(row), items: payouts.map((payout) => payoutRow(payout, viewer)) };
}

const creditorAccount = (payout: { account_type: string; clearing_number: string | null; account_number: string }): CreditorAccount =>
  payout.account_type === 'bank'
    ? { kind: 'bank', clearing: payout.clearing_number ?? '', account: payout.account_number }
    : { kind: payout.account_type as 'bankgiro' | 'plusgiro', number: payout.account_number };

/**
 * The batch's payment file (pain.001.001.03) with its file name: the foundation from the payment settings as debtor
 * (422 while they lack its name, organisation number or account), each payout a payment to its account, named
 * `P<payout id>` end to end and carrying the application's reference. Written at the first download and stored: the
 * bank may hold it from then on, so every later download gives the same bytes. Refused (409) for a cancelled batch,
 * and at the first download when its execution day has passed (cancel it and make a new one).
 */
export async function batchFile(db: Db, batchId: number, now: Date) {
  return db.transaction().execute(async (trx) => {
    const batch = await trx.selectFrom('payment_batches').selectAll().where('id', '=', batchId).forUpdate().executeTakeFirst();
    if (!batch) throw notFound();
    if (batch.cancelled_at) throw new AppError(409, 'errors.payment_batch_cancelled');
    const filename = `${batch.message_id}.xml`;
    if (batch.file_xml !== null) return { xml: batch.file_xml, filename };
    if (batch.execution_date < stockholmDay(now)) throw new AppError(409, 'errors.execution_date_past');
    const xml = await writeBatchFile(trx, batch);
    await trx.updateTable('payment_batches').set({ file_xml: xml, file_stored_at: now }).where('id', '=', batchId).execute();
    return { xml, filename };
  });
}

async function writeBatchFile(db: Db, batch: { id: number; message_id: string; created_at: Date; execution_date: string }) {
  const debtor = await paymentDebtor(db);
  if (!debtor) throw new AppError(422, 'errors.payment_settings_incomplete');
  // What a payment needs of each payout and no more: a batch may hold ten thousand.
  const payouts = await db
    .selectFrom('payouts as p')
    .innerJoin('applications as a', 'a.id', 'p.application_id')
    .select(['p.id', 'p.amount', 'p.account_type', 'p.clearing_number', 'p.account_number', ...payeeColumns])
    .where('p.batch_id', '=', batch.id)
    .orderBy('p.id')
    .execute();
  try {
    return paymentFile({
      messageId: batch.message_id,
      createdAt: batch.created_at,
      executionDate: batch.execution_date,
      debtor,
      payments: payouts.map((payout) => ({
        endToEndId: `P${payout.id}`,
        amount: payout.amount,
        creditorName: payeeName(payout) || (payout.reference ?? `P${payout.id}`),
        creditorAccount: creditorAccount(payout),
        remittance: payout.reference ?? '',
      })),
    });
  } catch (error) {
    if (error instanceof PaymentBatchError) throw new AppError(422, error.key, { params: error.params });
    throw error;
  }
}

/**
 * Ends a batch that is still open (neither sent nor cancelled) the one way `end` says, in one transaction: the batch's
 * row by a conditional UPDATE (404 unknown, 409 `conflict` when it is not open), then each of its payouts in a batch,
 * each in its application's history.
 */
async function endOpenBatch(db: Db, batchId: number, staffId: number, end: BatchEnd) {
  await db.transaction().execute((trx) => endOpenBatchIn(trx, batchId, staffId, end));
}

interface BatchEnd {
  batch: Updateable<Database['payment_batches']>;
  conflict: string;
  transition: 'payout_sent' | 'payout_unbatched';
  /** What changes of its payouts with their status (out of the batch, when it is cancelled). */
  payouts?: Omit<Updateable<Database['payouts']>, 'status'>;
}

/** `endOpenBatch` in the caller's transaction: the bank's acceptance of a file not yet marked sent sends it. */
export async function endOpenBatchIn(trx: Db, batchId: number, staffId: number, end: BatchEnd) {
  const batch = await trx
    .updateTable('payment_batches')
    .set(end.batch)
    .where('id', '=', batchId)
    .where('sent_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!batch) {
    const known = await trx.selectFrom('payment_batches').select('id').where('id', '=', batchId).executeTakeFirst();
    if (!known) throw notFound();
    throw new AppError(409, end.conflict);
  }
  const leavesBatch = end.payouts?.batch_id === null;
  await movePayouts(trx, end.transition, {
    batchId,
    from: [in_batch],
    set: end.payouts,
    userId: staffId,
    before: { batch: batchId },
    // A payout still in the batch (sent) names it after, as it did before.
    after: leavesBatch ? {} : { batch: batchId },
  });
}

/**
 * Cancels a batch not yet sent: its payouts go back to approved, to be put into a new batch (with a new message id).
 * 409 for a batch sent or cancelled already.
 */
export function cancelBatch(db: Db, batchId: number, staffId: number, now: Date) {
  return endOpenBatch(db, batchId, staffId, {
    batch: { cancelled_at: now, cancelled_by: staffId },
    conflict: 'errors.payment_batch_not_cancellable',
    transition: 'payout_unbatched',
    payouts: { batch_id: null },
  });
}

/** Marks the batch sent to the bank by `staffId`, and its payouts with it: once (409 when it was already, or cancelled). */
export function markBatchSent(db: Db, batchId: number, staffId: number, now: Date) {
  return endOpenBatch(db, batchId, staffId, sending(staffId, now));
}

/** What marking a batch sent changes: the batch's sent time and who, its payouts sent. */
export const sending = (staffId: number, now: Date): BatchEnd => ({
  batch: { sent_at: now, sent_by: staffId },
  conflict: 'errors.payment_batch_sent_already',
  transition: 'payout_sent',
});

/** A paid day: a real day, not after today in Stockholm (422 beside `paid_on`). */
function paidDay(now: Date, day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || addDays(day, 0) !== day) throw invalid({ paid_on: ['validation.date'] });
  if (day > stockholmDay(now)) throw invalid({ paid_on: ['validation.paid_on_future'] });
  return day;
}

/**
 * Marks the sent batch's payouts paid on `paidOn`: all of them still sent, or those listed (each must be a sent payout
 * of the batch: 409 otherwise, nothing changed). Mails each applicant. Answers how many were marked.
 */
export async function markBatchPaid(
  db: Db,
  deps: PayoutMailDeps,
  batchId: number,
  paidOn: string,
  payoutIds: number[] | undefined,
  staffId: number,
  now: Date,
) {
  const day = paidDay(now, paidOn);
  const ids = payoutIds && [...new Set(payoutIds)];
  if (ids && !ids.length) throw invalid({ payout_ids: ['validation.required'] });
  const marked = await db.transaction().execute(async (trx) => {
    const batch = await trx
      .selectFrom('payment_batches')
      .select(['id', 'sent_at'])
      .where('id', '=', batchId)
      .forUpdate()
      .executeTakeFirst();
    if (!batch) throw notFound();
    if (!batch.sent_at) throw new AppError(409, 'errors.payment_batch_not_sent');
    const payouts = await payPayouts(trx, deps, { batchId, ids }, day, staffId);
    if (ids ? payouts.length !== ids.length : !payouts.length) throw new AppError(409, 'errors.payout_not_payable');
    return payouts.length;
  });
  deps.mailer.deliverSoon();
  return marked;
}

/**
 * Pays the sent payouts asked of on `day`: each in its history, booked, and its applicant mailed. `bankReference` is the
 * bank's word on it, when it gave one. Answers those paid; the others are left as they were.
 */
export async function payPayouts(
  trx: Db,
  deps: PayoutMailDeps,
  which: { ids?: readonly number[]; batchId?: number },
  day: string,
  staffId: number,
  bank?: { reference: string; recorded: Record<string, unknown> },
) {
  const payouts = await movePayouts(trx, 'payout_paid', {
    ...which,
    set: { paid_on: day, ...(bank && { bank_reference: bank.reference }) },
    userId: staffId,
    after: { paid_on: day, ...bank?.recorded },
  });
  // Booked in the payouts' order: the vouchers' numbers follow it.
  for (const payout of payouts) {
    await bookPayoutPaid(trx, payout.id, day, staffId);
    await mailPayoutOutcome(trx, deps, payout.id, 'payout_paid', { paidOn: day });
  }
  return payouts;
}
