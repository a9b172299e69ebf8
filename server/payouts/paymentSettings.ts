import { sql } from 'kysely';
import { displayIban } from '../../resources/ibanBic.js';
import { accountDisplay, ibanIsBankAccount } from '../../resources/payoutAccounts.js';
import { changeFinancialYear } from '../bookkeeping/journal.js';
import type { Db } from '../db/connect.js';
import { payoutStatusGroups } from './lifecycle.js';
import { invalid } from '../errors.js';
import type { DebtorAccount } from './paymentBatch.js';

// The payment settings (resources/paymentSettings.ts, a singleton of the settings engine) as the payouts need them:
// how the API shows them, the checks of a change that need the payouts, and the payment file's debtor.

/** The settings as staff read them: the bankgiro and IBAN as printed, the account kind from which of them is set. */
export function presentPaymentSettings<R extends Record<string, unknown>>(row: R) {
  const [bankgiro, iban] = [row.bankgiro as string | null, row.iban as string | null];
  return {
    ...row,
    account_kind: iban ? ('iban' as const) : ('bankgiro' as const),
    bankgiro: bankgiro && accountDisplay('bankgiro', bankgiro),
    iban: iban && displayIban(iban),
  };
}

/**
 * A change's checks and consequences, in its transaction with the row locked (`before`): the foundation's account is
 * no payee's (a payout waiting to be paid to it would pay the foundation itself), and a new first month of the
 * financial year numbers the journal anew (refused once the books were exported).
 */
export async function paymentSettingsBeforeWrite(
  trx: Db,
  values: { bankgiro?: unknown; iban?: unknown; financial_year_first_month?: unknown },
  before: { financial_year_first_month?: unknown },
) {
  const { bankgiro, iban } = values as { bankgiro?: string | null; iban?: string | null };
  if (bankgiro && (await payeeBankgiroIs(trx, bankgiro))) throw invalid({ bankgiro: ['validation.foundation_account_is_payee'] });
  if (iban && (await payeeBankAccountIs(trx, iban))) throw invalid({ iban: ['validation.foundation_account_is_payee'] });
  const firstMonth = values.financial_year_first_month;
  if (typeof firstMonth === 'number' && firstMonth !== before.financial_year_first_month) await changeFinancialYear(trx, firstMonth);
}

/** The payouts not yet paid, rejected or returned. */
const waitingPayouts = (db: Db) => db.selectFrom('payouts').where('status', 'in', payoutStatusGroups.waiting);

/** Whether a payout waiting to be paid goes to this bankgiro (its digits). */
async function payeeBankgiroIs(db: Db, bankgiro: string): Promise<boolean> {
  const row = await waitingPayouts(db)
    .select('id')
    .where('account_type', '=', 'bankgiro')
    .where('account_number', '=', bankgiro)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a payout waiting to be paid goes to the Swedish bank account this IBAN holds. */
async function payeeBankAccountIs(db: Db, iban: string): Promise<boolean> {
  // Those whose account number ends the IBAN's digits, each then read by the banks' rules.
  const rows = await waitingPayouts(db)
    .select(['clearing_number', 'account_number'])
    .distinct()
    .where('account_type', '=', 'bank')
    .where(sql<boolean>`${iban} LIKE '%' || ltrim(account_number, '0')`)
    .execute();
  return rows.some((row) => ibanIsBankAccount(iban, row.clearing_number ?? '', row.account_number));
}

/** The payment file's debtor from the settings, or null while the settings lack its name, number or account. */
export async function paymentDebtor(
  db: Db,
): Promise<{ name: string; organisationNumber: string; account: DebtorAccount; customerNumber: string | null } | null> {
  const row = await db
    .selectFrom('payment_settings')
    .select(['name', 'org_number', 'bankgiro', 'iban', 'bic', 'bank_customer_number'])
    .executeTakeFirstOrThrow();
  const account: DebtorAccount | null = row.bankgiro
    ? { kind: 'bankgiro', number: row.bankgiro }
    : row.iban && row.bic
      ? { kind: 'iban', iban: row.iban, bic: row.bic }
      : null;
  if (!row.name.trim() || !row.org_number.trim() || !account) return null;
  return { name: row.name, organisationNumber: row.org_number, account, customerNumber: row.bank_customer_number };
}
