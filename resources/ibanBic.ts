import type { Message } from './validators.js';

/**
 * The foundation's own account when it pays from a bank account rather than a bankgiro: an IBAN with its bank's BIC,
 * checked as the payment file's schema and ISO 13616 check them, so a mistyped digit is caught on the settings page
 * rather than by the bank refusing the file. Problems are `validation.*` keys, as in validators.ts.
 */

// The payment file's schema's own patterns.
const IBAN = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/;
const BIC = /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/;

/** An IBAN as stored: no spaces, capitals. */
export const normaliseIban = (text: string): string => text.replace(/\s/g, '').toUpperCase();
/** A BIC as stored: capitals, no spaces. */
export const normaliseBic = (text: string): string => text.replace(/\s/g, '').toUpperCase();

/** ISO 13616: the country and check digits moved to the end, letters as 10–35, the number mod 97 is 1. */
function mod97(iban: string): boolean {
  let rest = 0;
  for (const c of iban.slice(4) + iban.slice(0, 4)) {
    for (const digit of parseInt(c, 36).toString()) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

/** null for a valid IBAN (spaces allowed, any case), else its problem. */
export function ibanProblem(text: string): Message | null {
  const iban = normaliseIban(text);
  if (!IBAN.test(iban)) return { key: 'validation.iban_format' };
  return mod97(iban) ? null : { key: 'validation.iban_check_digits' };
}

/** null for a BIC of 8 or 11 characters in its shape (bank, country, place, branch), else its problem. */
export function bicProblem(text: string): Message | null {
  return BIC.test(normaliseBic(text)) ? null : { key: 'validation.bic_format' };
}

/** An IBAN in groups of four, as it is printed. */
export const displayIban = (iban: string): string => normaliseIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
