import Kontonummer from 'kontonummer';
import { isEmpty, luhn, type Message } from './validators.js';

/**
 * The account a grant is paid to, as the applicant types it, checked by the rules of Bankgirot, Plusgirot and the
 * banks, so that a mistyped digit is caught in the form rather than by a returned payment. The kind is always given:
 * a bankgiro and a plusgiro number can be the same digits. Problems are `{ key, params }` in the "validation"
 * section of locales/*.json, as in validators.ts.
 */
export const payoutAccountKinds = ['bankgiro', 'plusgiro', 'bank'] as const;
export type PayoutAccountKind = (typeof payoutAccountKinds)[number];

export interface PayoutAccount {
  kind: PayoutAccountKind;
  /** All the digits, a bank account's clearing number first and its account number with leading zeros. */
  digits: string;
  /** As the account's owner reads it: "5050-1055", "123456-7", "6789, 123 456 789". */
  display: string;
  /** A bank account's parts and its bank's name. */
  bank?: { clearing: string; account: string; name: string };
}

export type PayoutAccountReading = { account: PayoutAccount; problem?: undefined } | { problem: Message; account?: undefined };

// What people type between the digits: spaces of any kind, dashes, dots, and a comma after a clearing number.
const TYPED = /^[\d\s.,\-\u2010-\u2015\u2212]*$/u;

const problem = (key: string, params?: Message['params']): PayoutAccountReading => ({
  problem: params ? { key: `validation.${key}`, params } : { key: `validation.${key}` },
});

/** A giro number: its digits within `min`..`max` and a Luhn check digit last. */
function readGiro(kind: 'bankgiro' | 'plusgiro', digits: string, min: number, max: number): PayoutAccountReading {
  if (digits.length < min || digits.length > max) return problem(`${kind}_length`);
  if (!luhn(digits)) return problem(`${kind}_check_digit`);
  // Bankgirot writes NNN-NNNN / NNNN-NNNN; Plusgirot a dash before the check digit.
  const dash = kind === 'bankgiro' ? digits.length - 4 : digits.length - 1;
  return { account: { kind, digits, display: `${digits.slice(0, dash)}-${digits.slice(dash)}` } };
}

/** The digits of a clearing number and of the account number: split at a comma when one is typed, else by length. */
function splitBankAccount(text: string): { clearing: string; account: string } {
  const comma = text.indexOf(',');
  if (comma >= 0) return { clearing: text.slice(0, comma).replace(/\D/g, ''), account: text.slice(comma + 1).replace(/\D/g, '') };
  const digits = text.replace(/\D/g, '');
  // Swedbank's clearing numbers 8xxx-x have a fifth digit, their own check digit.
  const length = digits.startsWith('8') ? 5 : 4;
  return { clearing: digits.slice(0, length), account: digits.slice(length) };
}

/** The bank of a clearing number, or undefined when no Swedish bank has it. */
function bankOf(clearing: string): ReturnType<typeof Kontonummer.getSortingCodeInfo> | undefined {
  try {
    return Kontonummer.getSortingCodeInfo(clearing);
  } catch {
    return undefined;
  }
}

/** How many digits the bank's account numbers have after the clearing number. */
function accountLength(bank: NonNullable<ReturnType<typeof bankOf>>, clearing: string): { min: number; max: number } {
  // Type 1: seven digits, the check digit included (Bankgirot's "Bankernas kontonummer").
  if (bank.type === 1) return { min: 7, max: 7 };
  // Behind a five-digit clearing number Swedbank's accounts have up to ten digits, often written without the leading
  // zeros; the package allows eleven only for a clearing number typed with four digits, which is refused here.
  if (clearing.length === 5) return { min: 7, max: 10 };
  return { min: bank.accountMinLength ?? 1, max: bank.accountMaxLength ?? 10 };
}

/** A Swedish bank account: a known clearing number, the bank's length and the bank's check digit. */
function readBankAccount(text: string): PayoutAccountReading {
  const typed = splitBankAccount(text);
  const shown = (clearing: string) => (clearing.length === 5 ? `${clearing.slice(0, 4)}-${clearing[4]}` : clearing);
  const fiveDigits = typed.clearing.startsWith('8');
  if (typed.clearing.length !== (fiveDigits ? 5 : 4)) return problem('bank_clearing_length');
  const bank = bankOf(typed.clearing);
  if (!bank || (fiveDigits && !luhn(typed.clearing))) return problem('bank_clearing_unknown', { clearing: shown(typed.clearing) });
  const { min, max } = accountLength(bank, typed.clearing);
  if (typed.account.length < min || typed.account.length > max) {
    return problem('bank_account_length', { bank: bank.bankName, digits: min === max ? `${max}` : `${min}–${max}` });
  }
  // Leading zeros change no check digit: the bank's full length is the one form of the number.
  const account = typed.account.padStart(max, '0');
  let parsed: Kontonummer;
  try {
    parsed = Kontonummer.parse(typed.clearing, account, { mode: 'strict' });
  } catch {
    // The clearing number and the length are right by now, so the package refuses the check digit.
    return problem('bank_account_check_digit', { bank: bank.bankName });
  }
  return {
    account: {
      kind: 'bank',
      digits: `${typed.clearing}${account}`,
      display: parsed.format('pretty'),
      bank: { clearing: typed.clearing, account, name: parsed.bankName },
    },
  };
}

/** Reads an account of the given kind from what was typed: the normalised account, or the problem with it. */
export function readPayoutAccount(kind: PayoutAccountKind, text: string): PayoutAccountReading {
  if (!TYPED.test(text)) return problem('payout_account_characters');
  if (kind === 'bank') return readBankAccount(text);
  const digits = text.replace(/\D/g, '');
  return kind === 'bankgiro' ? readGiro(kind, digits, 7, 8) : readGiro(kind, digits, 2, 8);
}

/**
 * A stored account (its digits, and a bank account's clearing number apart) as its owner reads it; the digits as stored
 * when the rules no longer read them (a bank's ranges change) or they were blanked.
 */
export function accountDisplay(kind: PayoutAccountKind, digits: string, clearing: string | null = null): string {
  const typed = kind === 'bank' && clearing ? `${clearing},${digits}` : digits;
  return readPayoutAccount(kind, typed).account?.display ?? typed;
}

/** A validator in the style of validators.ts: null for an empty value or a valid account, else its problem. */
export function payoutAccount(kind: PayoutAccountKind, value: unknown): Message | null {
  if (isEmpty(value)) return null;
  if (typeof value !== 'string') return { key: 'validation.string' };
  return readPayoutAccount(kind, value).problem ?? null;
}

/**
 * The banks whose Swedish IBAN holds the account number without the clearing number, by clearing range, with the
 * three-digit bank code the IBAN then needs to name the bank (Svensk Betalinfrastruktur's "IBAN-ID och BIC-adress för
 * banker"; the rest hold the clearing number, which names the bank by itself).
 */
const IBAN_WITHOUT_CLEARING: [from: number, to: number, bank: string][] = [
  [3300, 3300, '300'],
  [3782, 3782, '300'],
  [6000, 6999, '600'],
  [9180, 9189, '120'],
  [9300, 9329, '930'],
  [9330, 9349, '933'],
  [9570, 9579, '957'],
  [9890, 9899, '989'],
];

/**
 * Whether a Swedish IBAN (SEkk BBB and 17 digits) is this bank account (its clearing number and account number), by
 * Bankgirot's "Bankernas kontonummeruppbyggnad": a type 1 account is the clearing number and its seven digits; behind
 * a five-digit Swedbank clearing number, and at Plusgirot, the clearing number and the account filled to ten digits;
 * at the other type 2 banks the account number alone, under the bank's code. Either way zero-filled to 17 digits.
 */
export function ibanIsBankAccount(iban: string, clearing: string, account: string): boolean {
  const bank = bankOf(clearing);
  if (!bank || !/^SE\d{22}$/.test(iban)) return false;
  const [code, number] = [iban.slice(4, 7), iban.slice(7)];
  const serial = account.replace(/^0+/, '');
  if (bank.type === 1) return number === `${clearing}${serial.padStart(7, '0')}`.padStart(17, '0');
  if (bank.comment === 3) return number === `${clearing}${serial.padStart(10, '0')}`.padStart(17, '0');
  const start = Number(clearing.slice(0, 4));
  const range = IBAN_WITHOUT_CLEARING.find(([from, to]) => start >= from && start <= to);
  return (range === undefined || range[2] === code) && number === serial.padStart(17, '0');
}
