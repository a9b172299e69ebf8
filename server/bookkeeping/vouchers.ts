import { sql, type RawBuilder } from 'kysely';
import { enums } from '../../resources/enums.js';
import { orgNumber } from '../../resources/validators.js';
import type { Db } from '../db/connect.js';
import { assertTakesPart, type Viewer } from '../auth/standing.js';
import { AppError } from '../errors.js';
import type { SieAccount, SieFileInput, SieVoucher } from './sieFile.js';

// The grants' bookkeeping for a range of Stockholm days, read from the database as the vouchers of an SIE file:
// - a decision books the approved amount as granted and not yet paid, on the day it was made;
// - a payout paid moves it from the liability to the bank on the day paid, and a paid payout the bank returned moves it
//   back on the day of the return (it is still owed to the applicant);
// - a repayment received, and an instalment that lapsed, book money that came back or was never paid as returned.

export type VoucherKind = 'decision' | 'payout_paid' | 'payout_returned' | 'repayment_received' | 'instalment_lapsed';

interface VoucherRow {
  kind: VoucherKind;
  day: string;
  amount: string;
  reference: string | null;
  id: number;
  application_id: number;
}

/** The accounts of payment_settings, by what they are for. */
export interface BookkeepingAccounts {
  grants: number;
  payable: number;
  bank: number;
  returned: number;
}

const STOCKHOLM = 'Europe/Stockholm';

/** A timestamp column's Stockholm day as 'YYYY-MM-DD'. */
const dayOf = (column: string) => sql`to_char((${sql.ref(column)} AT TIME ZONE ${STOCKHOLM})::date, 'YYYY-MM-DD')`;

/** A timestamp column within the Stockholm days from..to (the bounds as instants, so an index on it can serve). */
const within = (column: string, from: string, to: string): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(column)} >= (${from}::date)::timestamp AT TIME ZONE ${STOCKHOLM}
    AND ${sql.ref(column)} < (${to}::date + 1)::timestamp AT TIME ZONE ${STOCKHOLM}`;

/** Every booked event of the days from..to, by day, then kind, then row. */
async function voucherRows(db: Db, from: string, to: string): Promise<VoucherRow[]> {
  const { rows } = await sql<VoucherRow>`
    SELECT * FROM (
      SELECT 'decision' AS kind, ${dayOf('a.decided_at')} AS day, a.approved_money::text AS amount, a.reference, a.id, a.id AS application_id
        FROM applications a
        WHERE a.status = ${enums.application_status.approved} AND a.approved_money > 0 AND ${within('a.decided_at', from, to)}
      UNION ALL
      SELECT 'payout_paid', to_char(p.paid_on, 'YYYY-MM-DD'), p.amount::text, a.reference, p.id, a.id
        FROM payouts p JOIN applications a ON a.id = p.application_id
        WHERE p.paid_on BETWEEN ${from}::date AND ${to}::date
      UNION ALL
      SELECT 'payout_returned', ${dayOf('p.returned_at')}, p.amount::text, a.reference, p.id, a.id
        FROM payouts p JOIN applications a ON a.id = p.application_id
        WHERE p.status = ${enums.payout_status.returned} AND p.paid_on IS NOT NULL AND ${within('p.returned_at', from, to)}
      UNION ALL
      SELECT 'repayment_received', to_char(r.received_on, 'YYYY-MM-DD'), r.amount::text, a.reference, r.id, a.id
        FROM repayments r JOIN applications a ON a.id = r.application_id
        WHERE r.received_on BETWEEN ${from}::date AND ${to}::date
      UNION ALL
      SELECT 'instalment_lapsed', ${dayOf('i.lapsed_at')}, i.amount::text, a.reference, i.id, a.id
        FROM payout_instalments i JOIN applications a ON a.id = i.application_id
        WHERE ${within('i.lapsed_at', from, to)}
    ) booked
    ORDER BY day, array_position(ARRAY['decision', 'payout_paid', 'payout_returned', 'repayment_received', 'instalment_lapsed'], kind), id
  `.execute(db);
  return rows;
}

/** Which account each kind of voucher debits and credits. */
const entries: Record<VoucherKind, (a: BookkeepingAccounts) => { debit: number; credit: number }> = {
  decision: (a) => ({ debit: a.grants, credit: a.payable }),
  payout_paid: (a) => ({ debit: a.payable, credit: a.bank }),
  payout_returned: (a) => ({ debit: a.bank, credit: a.payable }),
  repayment_received: (a) => ({ debit: a.bank, credit: a.returned }),
  instalment_lapsed: (a) => ({ debit: a.payable, credit: a.returned }),
};

/**
 * The vouchers of the days from..to, numbered from 1 in series 'B' (bidrag), each naming its application's reference;
 * refused (403) to a viewer who stood aside from any of their applications, since the books are whole or not given.
 */
export async function grantVouchers(
  db: Db,
  range: { from: string; to: string },
  accounts: BookkeepingAccounts,
  text: (kind: VoucherKind, reference: string) => string,
  viewer: Viewer,
): Promise<SieVoucher[]> {
  const rows = await voucherRows(db, range.from, range.to);
  await assertTakesPart(db, viewer, [...new Set(rows.map((row) => row.application_id))]);
  return rows.map((row, index) => {
    const ore = Number(BigInt(row.amount));
    const { debit, credit } = entries[row.kind](accounts);
    return {
      series: 'B',
      number: index + 1,
      day: row.day,
      text: text(row.kind, row.reference ?? ''),
      transactions: [
        { account: debit, ore },
        { account: credit, ore: -ore },
      ],
    };
  });
}

/**
 * The foundation and its accounts from payment_settings; 422 when the name or organisation number the file needs is
 * not set yet (the payment settings page sets them).
 */
export async function bookkeepingSettings(db: Db) {
  const row = await db
    .selectFrom('payment_settings')
    .select(['name', 'org_number', 'account_grants', 'account_payable', 'account_bank', 'account_returned'])
    .executeTakeFirst();
  if (!row?.name.trim() || orgNumber(row.org_number) !== null) throw new AppError(422, 'errors.bookkeeping_settings_missing');
  return {
    foundation: { name: row.name, organisationNumber: row.org_number },
    accounts: {
      grants: Number(row.account_grants),
      payable: Number(row.account_payable),
      bank: Number(row.account_bank),
      returned: Number(row.account_returned),
    } satisfies BookkeepingAccounts,
  };
}

/** The accounts as the file declares them, each once (two purposes may share an account), with their names. */
export function declaredAccounts(accounts: BookkeepingAccounts, name: (purpose: keyof BookkeepingAccounts) => string): SieAccount[] {
  const declared = new Map<number, string>();
  for (const purpose of ['grants', 'payable', 'bank', 'returned'] as const) {
    if (!declared.has(accounts[purpose])) declared.set(accounts[purpose], name(purpose));
  }
  return [...declared].map(([number, accountName]) => ({ number, name: accountName }));
}

/** Everything of the SIE file but the program and the day it is written. */
export async function bookkeepingOf(
  db: Db,
  range: { from: string; to: string },
  texts: { voucher: (kind: VoucherKind, reference: string) => string; account: (purpose: keyof BookkeepingAccounts) => string },
  viewer: Viewer,
): Promise<Omit<SieFileInput, 'program' | 'generatedOn'>> {
  const { foundation, accounts } = await bookkeepingSettings(db);
  return {
    foundation,
    financialYear: { start: range.from, end: range.to },
    accounts: declaredAccounts(accounts, texts.account),
    vouchers: await grantVouchers(db, range, accounts, texts.voucher, viewer),
  };
}
