import { choice, integer, orgNumber, text } from './fields.js';
import { bicProblem, ibanProblem, normaliseBic, normaliseIban } from './ibanBic.js';
import { readPayoutAccount } from './payoutAccounts.js';
import { defineSingleton } from './singletons.js';

/** The longest name a payment file takes for the foundation. */
export const PAYMENT_NAME_MAX = 70;
export const bookkeepingAccounts = ['account_grants', 'account_payable', 'account_bank', 'account_returned'] as const;

const paidFrom = (kind: 'bankgiro' | 'iban') => ({ field: 'account_kind', in: [kind] });

/**
 * The payment settings: the foundation as the payment file's debtor (its name, organisation number and the account
 * the payments leave from: a bankgiro, or an IBAN with its BIC) and the bookkeeping's four accounts and financial
 * year. Changed by those who manage payouts generally.
 */
export const paymentSettings = defineSingleton({
  name: 'payment-settings',
  endpoint: 'payment-settings',
  table: 'payment_settings',
  ability: 'manage-payouts',
  description: 'the payment settings: the foundation as the payment file’s debtor, and the bookkeeping’s accounts',
  // Which account the payments leave from is read from which of them is set.
  derived: ['account_kind'],
  fields: [
    text('name', { required: true, maxLength: PAYMENT_NAME_MAX, bankText: true, help: true, section: 'debtor' }),
    orgNumber('org_number', { required: true }),
    choice('account_kind', ['bankgiro', 'iban'], 'resources.payment-settings.kinds', { required: true, widget: 'radio' }),
    text('bankgiro', {
      required: true,
      showIf: paidFrom('bankgiro'),
      check: (value) => readPayoutAccount('bankgiro', value).problem ?? null,
      normalise: (value) => readPayoutAccount('bankgiro', value).account?.digits ?? value,
    }),
    text('iban', { required: true, showIf: paidFrom('iban'), check: ibanProblem, normalise: normaliseIban }),
    text('bic', { required: true, showIf: paidFrom('iban'), check: bicProblem, normalise: normaliseBic }),
    // The customer or agreement number the bank gave: the payment file's initiating party; blank: none.
    text('bank_customer_number', {
      maxLength: 35,
      help: true,
      check: (value) => (/^[A-Za-z0-9-]+$/.test(value) ? null : { key: 'validation.bank_customer_number' }),
    }),
    ...bookkeepingAccounts.map((name, index) =>
      text(name, {
        required: true,
        help: true,
        check: (value) => (/^\d{4}$/.test(value) ? null : { key: 'validation.bookkeeping_account' }),
        ...(index === 0 && { section: 'bookkeeping' }),
      }),
    ),
    // A change numbers the journal's vouchers anew, so it is refused once any export was taken; left out, it is kept,
    // never emptied (its default says so).
    integer('financial_year_first_month', { min: 1, max: 12, default: 1, widget: 'month', help: true }),
  ],
});
