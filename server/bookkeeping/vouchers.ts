import { sql } from 'kysely';
import { orgNumber } from '../../resources/validators.js';
import { personName } from '../../resources/users.js';
import type { Db } from '../db/connect.js';
import { assertTakesPart, type Viewer } from '../auth/standing.js';
import { AppError, invalid } from '../errors.js';
import { financialYearEnd, financialYearOf, journalSettings, purposes, type BookkeepingAccounts, type VoucherKind } from './journal.js';
import { pc8 } from './sieFields.js';
import { checkedHead, sieHeadText, sieVouchersText, type SieAccount, type SieFileInput, type SieHead, type SieVoucher } from './sieFile.js';

// The journal's vouchers of a range of Stockholm days as an SIE file's: each with the number it was given when booked,
// the day it books, when and by whom it was booked; a correction names the voucher it reverses. Read twice, the same
// days give the same vouchers.

export interface VoucherTexts {
  voucher: (kind: VoucherKind, reference: string) => string;
  /** A correction's text, naming the voucher it reverses ("B 12"). */
  reversal: (kind: VoucherKind, reference: string, reversed: string) => string;
  account: (purpose: keyof BookkeepingAccounts) => string;
}

/** The financial years a range reaches: that of its last day (0) and the one before it (-1), no further. */
export interface RangeYears {
  current: { start: string; end: string };
  previous?: { start: string; end: string };
}

/**
 * The years of the days from..to: #RAR 0 is the financial year of `to`, #RAR -1 the year before when `from` reaches
 * into it. 422 beside `from` for a range reaching further back than the year before.
 */
export function rangeYears(from: string, to: string, firstMonth: number): RangeYears {
  const start = financialYearOf(to, firstMonth);
  const current = { start, end: financialYearEnd(start) };
  if (from >= start) return { current };
  const previousStart = financialYearOf(`${Number(start.slice(0, 4)) - 1}${start.slice(4)}`, firstMonth);
  if (from < previousStart) {
    throw invalid({ from: [{ key: 'validation.bookkeeping_range_years', params: { first: previousStart } }] });
  }
  return { current, previous: { start: previousStart, end: financialYearEnd(previousStart) } };
}

/** The journal's rows of the days from..to, in the file's order (financial year, series, number). */
function voucherRows(db: Db, range: { from: string; to: string }) {
  return (
    db
      .selectFrom('journal_vouchers as j')
      .leftJoin('journal_vouchers as r', 'r.id', 'j.reverses_id')
      .leftJoin('users as u', 'u.id', 'j.booked_by')
      .select([
        'j.series',
        'j.number',
        'j.financial_year',
        'j.day',
        'j.kind',
        'j.reference',
        'j.amount',
        'j.debit_account',
        'j.credit_account',
        'r.series as reversed_series',
        'r.number as reversed_number',
        'u.first_name',
        'u.last_name',
        sql<string>`to_char((j.booked_at AT TIME ZONE 'Europe/Stockholm')::date, 'YYYY-MM-DD')`.as('booked_on'),
      ])
      .where('j.day', '>=', range.from)
      .where('j.day', '<=', range.to)
      // The file's order: the series, then the year and the number within it.
      .orderBy('j.series')
      .orderBy('j.financial_year')
      .orderBy('j.number')
  );
}
type VoucherRow = Awaited<ReturnType<ReturnType<typeof voucherRows>['executeTakeFirstOrThrow']>>;

const asVoucher =
  (texts: VoucherTexts) =>
  (row: VoucherRow): SieVoucher => {
    const ore = Number(row.amount);
    const reversal = row.reversed_number !== null;
    return {
      series: row.series,
      number: row.number,
      day: row.day,
      text: reversal
        ? texts.reversal(row.kind, row.reference, `${row.reversed_series} ${row.reversed_number}`)
        : texts.voucher(row.kind, row.reference),
      registered: { day: row.booked_on, by: personName(row.first_name, row.last_name) },
      transactions: [
        { account: row.debit_account, ore },
        { account: row.credit_account, ore: -ore },
      ],
    };
  };

/**
 * The vouchers booked on the days from..to, in the file's order, `size` at a time: one statement read through a cursor,
 * so no read holds more than a batch however many there are, and PostgreSQL plans it knowing the whole range (the
 * days' index and a sort: a read resumed after a batch's place could only walk the numbers' index from there, through
 * every later voucher of the books).
 */
export async function* journalVoucherBatches(db: Db, range: { from: string; to: string }, texts: VoucherTexts, size = 500) {
  let batch: SieVoucher[] = [];
  for await (const row of voucherRows(db, range).stream(size)) {
    batch.push(asVoucher(texts)(row));
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/**
 * The books of the days from..to are whole or not given: refused (403) to a viewer who stood aside from any
 * application booked in them. Answers how many vouchers they hold.
 */
async function assertWholeBooks(db: Db, range: { from: string; to: string }, viewer: Viewer): Promise<number> {
  const rows = await db
    .selectFrom('journal_vouchers')
    .select(['application_id', sql<string>`count(*)`.as('vouchers')])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy('application_id')
    .orderBy('application_id')
    .execute();
  await assertTakesPart(
    db,
    viewer,
    rows.map((row) => row.application_id),
  );
  return rows.reduce((sum, row) => sum + Number(row.vouchers), 0);
}

/** The accounts the vouchers of the range book on, each by the purpose it first served, as the file declares them. */
async function bookedAccounts(db: Db, range: { from: string; to: string }) {
  const rows = await db
    .selectFrom('journal_vouchers')
    .select(['kind', sql<boolean>`reverses_id IS NOT NULL`.as('reversal'), 'debit_account', 'credit_account'])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy(['kind', sql`reverses_id IS NOT NULL`, 'debit_account', 'credit_account'])
    .orderBy(sql`min(financial_year)`)
    .orderBy(sql`min(number)`)
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    reversal: row.reversal,
    transactions: [{ account: row.debit_account }, { account: row.credit_account }],
  }));
}

/**
 * The foundation from payment_settings; 422 when the name or organisation number the file needs is not set yet (the
 * payment settings page sets them).
 */
export async function bookkeepingSettings(db: Db) {
  const row = await db.selectFrom('payment_settings').select(['name', 'org_number']).executeTakeFirst();
  if (!row?.name.trim() || orgNumber(row.org_number) !== null) throw new AppError(422, 'errors.bookkeeping_settings_missing');
  const { accounts, firstMonth } = await journalSettings(db);
  return { foundation: { name: row.name, organisationNumber: row.org_number }, accounts, firstMonth };
}

/**
 * The accounts as the file declares them, each once: today's accounts by their purpose, and any other a voucher books
 * on (the settings changed since) by the purpose it served there.
 */
export function declaredAccounts(
  accounts: BookkeepingAccounts,
  vouchers: { kind: VoucherKind; reversal: boolean; transactions: { account: number }[] }[],
  name: (purpose: keyof BookkeepingAccounts) => string,
): SieAccount[] {
  const declared = new Map<number, string>();
  for (const purpose of ['grants', 'payable', 'bank', 'returned'] as const) {
    if (!declared.has(accounts[purpose])) declared.set(accounts[purpose], name(purpose));
  }
  for (const voucher of vouchers) {
    const [debit, credit] = purposes[voucher.kind];
    const [debitPurpose, creditPurpose] = voucher.reversal ? [credit, debit] : [debit, credit];
    const [first, second] = voucher.transactions;
    if (!declared.has(first.account)) declared.set(first.account, name(debitPurpose));
    if (!declared.has(second.account)) declared.set(second.account, name(creditPurpose));
  }
  return [...declared].map(([number, accountName]) => ({ number, name: accountName }));
}

/**
 * The SIE file of the days from..to as it is written, a batch of vouchers at a time (PC8 bytes), and how many vouchers
 * it holds. The head is written and checked before anything is sent: missing settings (422) and a viewer who stood
 * aside (403) are refused as an answer, not as a file cut short.
 */
export async function sieExport(
  db: Db,
  range: { from: string; to: string },
  texts: VoucherTexts,
  viewer: Viewer,
  written: Pick<SieFileInput, 'program' | 'generatedOn'>,
): Promise<{ chunks: AsyncGenerator<Buffer>; vouchers: number }> {
  const { foundation, accounts, firstMonth } = await bookkeepingSettings(db);
  const years = rangeYears(range.from, range.to, firstMonth);
  const vouchers = await assertWholeBooks(db, range, viewer);
  const head: SieHead = {
    ...written,
    foundation,
    financialYears: [years.current, ...(years.previous ? [years.previous] : [])],
    accounts: declaredAccounts(accounts, await bookedAccounts(db, range), texts.account),
  };
  const check = checkedHead(head);
  const headText = sieHeadText(head);
  async function* chunks() {
    yield pc8(headText);
    for await (const batch of journalVoucherBatches(db, range, texts)) {
      for (const voucher of batch) check(voucher);
      yield pc8(sieVouchersText(batch));
    }
  }
  return { chunks: chunks(), vouchers };
}
