import type { Params } from '../i18n.js';

/**
 * A batch of payouts as the bank is to carry it out: one debtor (the foundation), one day, many payments. Amounts are
 * whole öre; accounts are given as people write them (spaces and hyphens allowed) and reduced to their digits.
 */

/** The foundation's own account: a bankgiro number, or an IBAN with its bank's BIC. */
export type DebtorAccount = { kind: 'bankgiro'; number: string } | { kind: 'iban'; iban: string; bic: string };

/** Where a payment goes: a bankgiro or plusgiro number, or a Swedish bank account (clearing number and account number). */
export type CreditorAccount =
  { kind: 'bankgiro'; number: string } | { kind: 'plusgiro'; number: string } | { kind: 'bank'; clearing: string; account: string };

export interface Payment {
  /** Carried through to the bank's reports, so a returned or booked payment finds its payout: at most 35 characters. */
  endToEndId: string;
  /** Whole öre, above zero. */
  amount: number;
  creditorName: string;
  creditorAccount: CreditorAccount;
  /** What the creditor sees on the payment, such as the application's reference: at most 140 characters; blank for none. */
  remittance: string;
}

export interface PaymentBatch {
  /** Unique per file sent to the bank (the bank refuses a repeated one): at most 35 characters. */
  messageId: string;
  createdAt: Date;
  /** The Stockholm day the bank is to pay, 'YYYY-MM-DD'. */
  executionDate: string;
  /** The foundation: its name, organisation number, account and, when the bank gave one, its customer number there. */
  debtor: { name: string; organisationNumber: string; account: DebtorAccount; customerNumber?: string | null };
  payments: Payment[];
}

/** A batch no payment file can be made of: the key (errors.*) and its parameters, which the routes answer as a 422. */
export class PaymentBatchError extends Error {
  override name = 'PaymentBatchError';

  constructor(
    readonly key: string,
    readonly params: Params = {},
  ) {
    super(`${key} ${JSON.stringify(params)}`);
  }
}
