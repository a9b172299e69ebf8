import { sql } from 'kysely';
import { bicProblem, displayIban, ibanProblem, normaliseBic, normaliseIban } from '../../resources/ibanBic.js';
import { accountDisplay, ibanIsBankAccount, readPayoutAccount } from '../../resources/payoutAccounts.js';
import { personName } from '../../resources/users.js';
import { bankCharacters, length, normaliseOrgNumber, orgNumber, required, type Message } from '../../resources/validators.js';
import { changeFinancialYear } from '../bookkeeping/journal.js';
import type { Db } from '../db/connect.js';
import { payoutStatusGroups } from './lifecycle.js';
import { invalid, type FieldErrors } from '../errors.js';
import type { DebtorAccount } from './paymentBatch.js';

// The foundation as the payment file's debtor (its name, organisation number and the account the payments leave
// from: a bankgiro, or an IBAN with its BIC) and the bookkeeping's four accounts. One row, changed by staff who
// manage payouts; who changed it last and when is kept on the row.

export const PAYMENT_NAME_MAX = 70;
export const bookkeepingAccounts = ['account_grants', 'account_payable', 'account_bank', 'account_returned'] as const;
type BookkeepingAccount = (typeof bookkeepingAccounts)[number];

export interface PaymentSettingsInput {
  name: string;
  org_number: string;
  account_kind: 'bankgiro' | 'iban';
  bankgiro?: string | null;
  iban?: string | null;
  bic?: string | null;
  /** The customer or agreement number the bank gave; left out or blank: none. */
  bank_customer_number?: string | null;
  account_grants: string;
  account_payable: string;
  account_bank: string;
  account_returned: string;
  /** The month the financial year starts, 1–12; left out: kept. */
  financial_year_first_month?: number;
}

/** The settings as staff read them, the bankgiro and IBAN as printed, with who changed them last (null: nobody yet). */
export async function paymentSettingsOf(db: Db) {
  const row = await db
    .selectFrom('payment_settings as s')
    .leftJoin('users as u', 'u.id', 's.updated_by')
    .select([
      's.name',
      's.org_number',
      's.bankgiro',
      's.iban',
      's.bic',
      's.bank_customer_number',
      ...bookkeepingAccounts.map((column) => `s.${column}` as const),
      's.financial_year_first_month',
      's.updated_at',
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
    ])
    .executeTakeFirstOrThrow();
  return {
    name: row.name,
    org_number: row.org_number,
    account_kind: row.iban ? ('iban' as const) : ('bankgiro' as const),
    bankgiro: row.bankgiro && accountDisplay('bankgiro', row.bankgiro),
    iban: row.iban && displayIban(row.iban),
    bic: row.bic,
    bank_customer_number: row.bank_customer_number,
    account_grants: row.account_grants,
    account_payable: row.account_payable,
    account_bank: row.account_bank,
    account_returned: row.account_returned,
    financial_year_first_month: row.financial_year_first_month,
    updated_at: row.user_id === null ? null : row.updated_at,
    updated_by: row.user_id === null ? null : { id: row.user_id, name: personName(row.first_name, row.last_name) },
  };
}

/** The input's problems beside their fields, and the values as stored. */
function checked(input: PaymentSettingsInput) {
  const errors: FieldErrors = {};
  const add = (field: string, problem: Message | string | null) => {
    if (problem) (errors[field] ??= []).push(typeof problem === 'string' ? problem : problem);
  };
  const name = input.name.trim();
  add('name', required(name) ?? length(name, { max: PAYMENT_NAME_MAX }) ?? bankCharacters(name));
  add('org_number', required(input.org_number.trim()) ?? orgNumber(input.org_number));
  let bankgiro: string | null = null;
  let iban: string | null = null;
  let bic: string | null = null;
  if (input.account_kind === 'bankgiro') {
    const typed = input.bankgiro?.trim() ?? '';
    const reading = typed ? readPayoutAccount('bankgiro', typed) : null;
    add('bankgiro', reading ? (reading.problem ?? null) : required(''));
    bankgiro = reading?.account?.digits ?? null;
  } else {
    const [typedIban, typedBic] = [input.iban?.trim() ?? '', input.bic?.trim() ?? ''];
    add('iban', required(typedIban) ?? ibanProblem(typedIban));
    add('bic', required(typedBic) ?? bicProblem(typedBic));
    [iban, bic] = [normaliseIban(typedIban), normaliseBic(typedBic)];
  }
  const customerNumber = input.bank_customer_number?.trim() || null;
  if (customerNumber && !/^[A-Za-z0-9-]{1,35}$/.test(customerNumber)) add('bank_customer_number', 'validation.bank_customer_number');
  const accounts = {} as Record<BookkeepingAccount, string>;
  for (const column of bookkeepingAccounts) {
    accounts[column] = input[column].trim();
    if (!/^\d{4}$/.test(accounts[column])) add(column, 'validation.bookkeeping_account');
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return { name, org_number: normaliseOrgNumber(input.org_number), bankgiro, iban, bic, bank_customer_number: customerNumber, ...accounts };
}

/** Saves the settings as changed by `userId` at `now`: all or nothing, a 422 with the problems beside their fields. */
export async function savePaymentSettings(db: Db, input: PaymentSettingsInput, userId: number, now: Date) {
  const values = checked(input);
  await db.transaction().execute(async (trx) => {
    const { financial_year_first_month: month } = await trx
      .selectFrom('payment_settings')
      .select('financial_year_first_month')
      .forUpdate()
      .executeTakeFirstOrThrow();
    // The foundation's account is no payee's: a payout waiting to be paid to it would pay the foundation itself.
    if (values.bankgiro && (await payeeBankgiroIs(trx, values.bankgiro))) {
      throw invalid({ bankgiro: ['validation.foundation_account_is_payee'] });
    }
    if (values.iban && (await payeeBankAccountIs(trx, values.iban))) throw invalid({ iban: ['validation.foundation_account_is_payee'] });
    const firstMonth = input.financial_year_first_month;
    if (firstMonth !== undefined && firstMonth !== month) await changeFinancialYear(trx, firstMonth);
    await trx
      .updateTable('payment_settings')
      .set({ ...values, ...(firstMonth !== undefined && { financial_year_first_month: firstMonth }), updated_by: userId, updated_at: now })
      .execute();
  });
  return paymentSettingsOf(db);
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
