import { sql } from 'kysely';
import { AppError } from '../errors.js';
import { enums } from '../../resources/enums.js';
import { addDays } from '../clock.js';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';

// The grants' books as a journal: each event writes its voucher once, when it happens, numbered once in its series and
// financial year; nothing is rewritten (the table's trigger refuses it). A decision changed, or instalments revived,
// is a correction: vouchers that reverse the earlier ones, and a new one, dated the day of the change.
// - a decision books the approved amount as granted and not yet paid, on the day it was made (a board's: its meeting's);
// - a payout paid moves it from the liability to the bank on the day paid, and a paid payout the bank returned moves it
//   back on the day of the return (it is still owed to the applicant);
// - a repayment received, and instalments that lapsed, book money that came back or was never paid as returned.

export type VoucherKind = Database['journal_vouchers']['kind'];

/** The vouchers' series: B for bidrag (grants). */
export const SERIES = 'B';

/** The accounts of payment_settings, by what they are for. */
export interface BookkeepingAccounts {
  grants: number;
  payable: number;
  bank: number;
  returned: number;
}

/** What each kind of voucher debits and credits, by the accounts' purposes. */
export const purposes: Record<VoucherKind, [debit: keyof BookkeepingAccounts, credit: keyof BookkeepingAccounts]> = {
  decision: ['grants', 'payable'],
  payout_paid: ['payable', 'bank'],
  payout_returned: ['bank', 'payable'],
  repayment_received: ['bank', 'returned'],
  instalment_lapsed: ['payable', 'returned'],
};

/** The accounts a voucher of `kind` books on today. */
const entries = (kind: VoucherKind, accounts: BookkeepingAccounts) => ({
  debit: accounts[purposes[kind][0]],
  credit: accounts[purposes[kind][1]],
});

/** The first day of the financial year `day` belongs to, when the year starts on the first of `firstMonth`. */
export function financialYearOf(day: string, firstMonth: number): string {
  const year = Number(day.slice(0, 4));
  const start = Number(day.slice(5, 7)) >= firstMonth ? year : year - 1;
  return `${start}-${String(firstMonth).padStart(2, '0')}-01`;
}

/** The last day of the financial year that starts on `start`. */
export const financialYearEnd = (start: string): string => addDays(`${Number(start.slice(0, 4)) + 1}${start.slice(4)}`, -1);

/** The books' settings: the accounts by purpose and the financial year's first month. */
export async function journalSettings(db: Db): Promise<{ accounts: BookkeepingAccounts; firstMonth: number }> {
  const row = await db
    .selectFrom('payment_settings')
    .select(['account_grants', 'account_payable', 'account_bank', 'account_returned', 'financial_year_first_month'])
    .executeTakeFirstOrThrow();
  return {
    accounts: {
      grants: Number(row.account_grants),
      payable: Number(row.account_payable),
      bank: Number(row.account_bank),
      returned: Number(row.account_returned),
    },
    firstMonth: row.financial_year_first_month,
  };
}

/** Today in Stockholm by the database's clock, as the decisions' own timestamps take it. */
export async function bookingDay(trx: Db): Promise<string> {
  const { rows } = await sql<{ day: string }>`SELECT to_char((now() AT TIME ZONE 'Europe/Stockholm')::date, 'YYYY-MM-DD') AS day`.execute(
    trx,
  );
  return rows[0].day;
}

interface NewVoucher {
  kind: VoucherKind;
  day: string;
  applicationId: number;
  reference: string;
  sourceId?: number | null;
  amount: number;
  debit: number;
  credit: number;
  reverses?: number;
  bookedBy: number | null;
}

/**
 * Writes one voucher with the next number of its series and financial year: drawing the number holds the counter's
 * row until the transaction ends, so numbers follow each other without gaps and a rolled-back voucher frees its own.
 */
async function writeVoucher(trx: Db, voucher: NewVoucher, firstMonth: number): Promise<void> {
  const financialYear = financialYearOf(voucher.day, firstMonth);
  const { last_number } = await trx
    .insertInto('journal_series')
    .values({ series: SERIES, financial_year: financialYear, last_number: 1 })
    .onConflict((oc) => oc.columns(['series', 'financial_year']).doUpdateSet({ last_number: sql<number>`journal_series.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('journal_vouchers')
    .values({
      series: SERIES,
      financial_year: financialYear,
      number: last_number,
      day: voucher.day,
      kind: voucher.kind,
      application_id: voucher.applicationId,
      reference: voucher.reference,
      source_id: voucher.sourceId ?? null,
      amount: voucher.amount,
      debit_account: voucher.debit,
      credit_account: voucher.credit,
      reverses_id: voucher.reverses ?? null,
      booked_by: voucher.bookedBy,
    })
    .execute();
}

/** Holds the application's books until the transaction ends, so two events of it never book the same change twice. */
async function holdBooks(trx: Db, applicationId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('journal'), ${applicationId})`.execute(trx);
}

async function referenceOf(trx: Db, applicationId: number): Promise<string> {
  const row = await trx.selectFrom('applications').select('reference').where('id', '=', applicationId).executeTakeFirstOrThrow();
  return row.reference ?? '';
}

/** The vouchers of a kind that stand for an application: neither corrections nor corrected. */
function standing(trx: Db, applicationId: number, kind: VoucherKind) {
  return trx
    .selectFrom('journal_vouchers as j')
    .selectAll('j')
    .where('j.application_id', '=', applicationId)
    .where('j.kind', '=', kind)
    .where('j.reverses_id', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('journal_vouchers as r').select('r.id').whereRef('r.reverses_id', '=', 'j.id'))))
    .orderBy('j.id')
    .execute();
}

/**
 * Brings what the books hold of a decision or of lapsed instalments to `target` öre on `day`: nothing when they hold
 * it; more lapsed is booked as its own voucher; any other change reverses what stands and books the new amount.
 */
async function bookBalance(
  trx: Db,
  applicationId: number,
  kind: 'decision' | 'instalment_lapsed',
  target: number,
  day: string,
  by: number | null,
) {
  await holdBooks(trx, applicationId);
  const stands = await standing(trx, applicationId, kind);
  const booked = stands.reduce((sum, voucher) => sum + Number(voucher.amount), 0);
  if (booked === target) return;
  const { accounts, firstMonth } = await journalSettings(trx);
  const reference = await referenceOf(trx, applicationId);
  const base = { kind, day, applicationId, reference, bookedBy: by };
  if (kind === 'instalment_lapsed' && target > booked) {
    await writeVoucher(trx, { ...base, amount: target - booked, ...entries(kind, accounts) }, firstMonth);
    return;
  }
  for (const voucher of stands) {
    const amount = Number(voucher.amount);
    await writeVoucher(
      trx,
      { ...base, amount, debit: voucher.credit_account, credit: voucher.debit_account, reverses: voucher.id },
      firstMonth,
    );
  }
  if (target > 0) await writeVoucher(trx, { ...base, amount: target, ...entries(kind, accounts) }, firstMonth);
}

/** What the books should hold of the application's decision and of its lapsed instalments: nothing unless approved. */
async function grantTargets(trx: Db, applicationId: number) {
  const row = await trx
    .selectFrom('applications as a')
    .select(['a.status', 'a.approved_money'])
    .select((eb) =>
      eb
        .selectFrom('payout_instalments as i')
        .select(sql<string>`coalesce(sum(i.amount), 0)::text`.as('sum'))
        .whereRef('i.application_id', '=', 'a.id')
        .where('i.lapsed_at', 'is not', null)
        .as('lapsed'),
    )
    .where('a.id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const approved = row.status === enums.application_status.approved;
  return { decision: approved ? Number(row.approved_money ?? 0) : 0, lapsed: approved ? Number(row.lapsed ?? 0) : 0 };
}

/** Books the application's decision as it stands now, on `day` (correcting what was booked before). */
export async function bookDecision(trx: Db, applicationId: number, day: string, by: number | null): Promise<void> {
  await bookBalance(trx, applicationId, 'decision', (await grantTargets(trx, applicationId)).decision, day, by);
}

/** Books the application's lapsed instalments as they stand now, on `day` (correcting what was booked before). */
export async function bookLapses(trx: Db, applicationId: number, day: string, by: number | null): Promise<void> {
  await bookBalance(trx, applicationId, 'instalment_lapsed', (await grantTargets(trx, applicationId)).lapsed, day, by);
}

/**
 * Books the application's decision and lapsed instalments as they stand now (after the caller's change), on `day`:
 * what was booked before and differs is corrected. Every change of a decision, a plan or a lapse calls it.
 */
export async function bookGrant(trx: Db, applicationId: number, day: string, by: number | null): Promise<void> {
  await bookDecision(trx, applicationId, day, by);
  await bookLapses(trx, applicationId, day, by);
}

/** Books an event of a payout or repayment (its row `sourceId`) on `day`, on the accounts its kind books today. */
async function bookEvent(
  trx: Db,
  kind: 'payout_paid' | 'payout_returned' | 'repayment_received',
  source: { id: number; application_id: number; amount: number },
  day: string,
  by: number | null,
) {
  const { accounts, firstMonth } = await journalSettings(trx);
  const voucher = {
    kind,
    day,
    applicationId: source.application_id,
    reference: await referenceOf(trx, source.application_id),
    sourceId: source.id,
    amount: Number(source.amount),
    bookedBy: by,
  };
  await writeVoucher(trx, { ...voucher, ...entries(kind, accounts) }, firstMonth);
}

/** Books a payout paid on `day`: from the liability to the bank. */
export async function bookPayoutPaid(trx: Db, payoutId: number, day: string, by: number | null): Promise<void> {
  const payout = await trx
    .selectFrom('payouts')
    .select(['id', 'application_id', 'amount'])
    .where('id', '=', payoutId)
    .executeTakeFirstOrThrow();
  await bookEvent(trx, 'payout_paid', payout, day, by);
}

/** Books the return of a payout the books hold as paid, on `day`: back from the bank to the liability. */
export async function bookPayoutReturned(trx: Db, payoutId: number, day: string, by: number | null): Promise<void> {
  const paid = await trx
    .selectFrom('journal_vouchers')
    .select(['source_id as id', 'application_id', 'amount'])
    .where('kind', '=', 'payout_paid')
    .where('source_id', '=', payoutId)
    .where('reverses_id', 'is', null)
    .executeTakeFirst();
  if (paid) await bookEvent(trx, 'payout_returned', { ...paid, id: payoutId }, day, by);
}

/** Books a repayment received on `day`: into the bank as returned grants. */
export async function bookRepaymentReceived(trx: Db, repaymentId: number, day: string, by: number | null): Promise<void> {
  const repayment = await trx
    .selectFrom('repayments')
    .select(['id', 'application_id', 'amount'])
    .where('id', '=', repaymentId)
    .executeTakeFirstOrThrow();
  await bookEvent(trx, 'repayment_received', repayment, day, by);
}

/**
 * Moves the financial year's start to `firstMonth`, which numbers the vouchers anew in the years it gives (in the order
 * they were booked): only while nothing was exported, since an accounting program may hold the numbers after that
 * (409). The caller holds the settings' row.
 */
export async function changeFinancialYear(trx: Db, firstMonth: number): Promise<void> {
  const exported = await trx.selectFrom('bookkeeping_exports').select('id').limit(1).executeTakeFirst();
  if (exported) {
    throw new AppError(409, 'errors.financial_year_exported', {
      errors: { financial_year_first_month: ['errors.financial_year_exported'] },
    });
  }
  await sql`SET LOCAL journal.renumbering = 'on'`.execute(trx);
  await sql`SET CONSTRAINTS journal_vouchers_number DEFERRED`.execute(trx);
  const month = String(firstMonth);
  await sql`
    WITH years AS (
      SELECT id, make_date(extract(year FROM day)::int - (extract(month FROM day) < ${month}::int)::int, ${month}::int, 1) AS year
        FROM journal_vouchers
    ), numbered AS (
      SELECT j.id, y.year, row_number() OVER (PARTITION BY j.series, y.year ORDER BY j.financial_year, j.number) AS number
        FROM journal_vouchers j JOIN years y ON y.id = j.id
    )
    UPDATE journal_vouchers j SET financial_year = n.year, number = n.number FROM numbered n WHERE n.id = j.id
  `.execute(trx);
  await sql`SET LOCAL journal.renumbering = 'off'`.execute(trx);
  await trx.deleteFrom('journal_series').execute();
  await sql`
    INSERT INTO journal_series (series, financial_year, last_number)
    SELECT series, financial_year, max(number) FROM journal_vouchers GROUP BY series, financial_year
  `.execute(trx);
}
