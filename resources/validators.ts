/**
 * Field validators shared by the server and the browser. Each returns null when the value is valid, otherwise a
 * message whose key is in the "validation" section of locales/*.json; the caller adds the `attribute` param.
 * Empty values (null, undefined, '') are valid everywhere except in `required`, which is checked separately.
 */
import { bankText, characterName } from './bankText.js';

export interface Message {
  key: string;
  params?: Record<string, string | number>;
}

export const isEmpty = (value: unknown): boolean => value === null || value === undefined || value === '';

/** Missing: null, undefined, a blank string or an empty array. */
export function required(value: unknown): Message | null {
  const missing =
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0);
  return missing ? { key: 'validation.required' } : null;
}

// The one rule for an e-mail address: the forms, the settings engine and the server's schemas (the `email` format of
// Ajv, server/app.ts) all call isEmailAddress. A dot-atom local part of RFC 5322's characters and, as RFC 6531 allows,
// letters, marks and digits of any script ('test.åsa@example.se'; nodemailer sends to it with SMTPUTF8); a domain of
// two or more labels, internationalised or punycode, ending in a top-level domain of letters. Quoted local parts,
// address literals and comments are refused: people do not type them, and many mail servers refuse them too.
const ATEXT = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-]";
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]{0,61}[\\p{L}\\p{M}\\p{N}])?';
const TOP_LEVEL = '(?:\\p{L}[\\p{L}\\p{M}]{1,62}|xn--[a-z0-9-]{1,59})';
const EMAIL = new RegExp(`^${ATEXT}+(?:\\.${ATEXT}+)*@(?:${LABEL}\\.)+${TOP_LEVEL}$`, 'iu');
const utf8 = new TextEncoder();

/** Whether a text is an e-mail address by the rule above, within SMTP's limits: 64 octets before the @, 254 in all. */
export function isEmailAddress(value: string): boolean {
  // Length first: the pattern never runs over a long text.
  if (value.length > 254 || utf8.encode(value).length > 254) return false;
  const at = value.lastIndexOf('@');
  return at > 0 && utf8.encode(value.slice(0, at)).length <= 64 && EMAIL.test(value);
}

/** An e-mail address as isEmailAddress has it. */
export function email(value: unknown): Message | null {
  if (isEmpty(value)) return null;
  return typeof value === 'string' && isEmailAddress(value) ? null : { key: 'validation.email' };
}

/** How a Swedish mobile number is written with its country code (what `phoneExample('SE')` in phone.ts gives). */
export const SWEDISH_PHONE_EXAMPLE = '+46 70 123 45 67';

const zipPattern = /^(\d{3}) ?(\d{2})$/;

/** A Swedish postcode: five digits, optionally written "123 45". */
export function zip(value: unknown): Message | null {
  if (isEmpty(value)) return null;
  return typeof value === 'string' && zipPattern.test(value.trim()) ? null : { key: 'validation.zip' };
}

/** A valid postcode as its five digits ("123 45" -> "12345"); anything else is returned unchanged. */
export function normaliseZip(value: string): string {
  const match = zipPattern.exec(value.trim());
  return match ? match[1] + match[2] : value;
}

const orgNumberPattern = /^(?:16)?(\d{6})[- ]?(\d{4})$/;
export const orgNumberExample = '802415-3978';

/** Luhn (mod 10) check over all the digits (the last one being the check digit). */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** A Swedish organisation number: NNNNNN-NNNN, NNNNNNNNNN or with a "16" prefix, Luhn-valid, third digit >= 2. */
export function orgNumber(value: unknown): Message | null {
  if (isEmpty(value)) return null;
  const match = typeof value === 'string' ? orgNumberPattern.exec(value.trim()) : null;
  const digits = match ? match[1] + match[2] : '';
  return match && Number(digits[2]) >= 2 && luhn(digits) ? null : { key: 'validation.org_number', params: { example: orgNumberExample } };
}

/** An organisation number as "NNNNNN-NNNN"; anything unparseable is returned unchanged. */
export function normaliseOrgNumber(value: string): string {
  const match = orgNumberPattern.exec(value.trim());
  return match ? `${match[1]}-${match[2]}` : value;
}

/** Adds "https://" to an address typed without a scheme ("www.example.se"). */
export function normaliseUrl(value: string): string {
  const trimmed = value.trim();
  return trimmed && !/^[a-z][a-z\d+.-]*:/i.test(trimmed) ? `https://${trimmed}` : trimmed;
}

/**
 * An http(s) address whose host has a dot and ends in a top-level domain of letters, typed with its scheme or without
 * ("overkalixsk.se", "www.exempel.se"), which normaliseUrl then adds.
 */
export function url(value: unknown): Message | null {
  if (isEmpty(value)) return null;
  const invalid = { key: 'validation.url' };
  if (typeof value !== 'string' || /\s/.test(value.trim())) return invalid;
  const trimmed = value.trim();
  try {
    const { protocol, hostname } = new URL(normaliseUrl(trimmed));
    const labels = hostname.split('.');
    const topLevel = labels.at(-1) ?? '';
    return /^https?:$/.test(protocol) && labels.length > 1 && labels.every(Boolean) && /^([a-z]{2,}|xn--[a-z\d-]+)$/.test(topLevel)
      ? null
      : invalid;
  } catch {
    return invalid;
  }
}

/** A string of at least `min` and at most `max` characters (counted as code points). */
export function length(value: unknown, { min, max }: { min?: number; max?: number }): Message | null {
  if (isEmpty(value)) return null;
  if (typeof value !== 'string') return { key: 'validation.string' };
  const count = [...value].length;
  if (min !== undefined && count < min) return { key: 'validation.min_string', params: { limit: min } };
  if (max !== undefined && count > max) return { key: 'validation.max_string', params: { limit: max } };
  return null;
}

// A name: letters of any language (with their combining marks), and spaces, hyphens, apostrophes and full stops
// between them. Never digits, an address or a link: a name is shown and mailed as the foundation's own text.
const PERSON_NAME = /^[\p{L}\p{M}][\p{L}\p{M} '’.\u2010-]*$/u;
const DOMAIN_LIKE = /\.[\p{L}]{2,}/u;
export const PERSON_NAME_MAX = 100;

/** A person's name as people write theirs: see PERSON_NAME. */
export function personName(value: unknown): Message | null {
  if (isEmpty(value)) return null;
  if (typeof value !== 'string') return { key: 'validation.string' };
  const name = value.trim();
  if ([...name].length > PERSON_NAME_MAX) return { key: 'validation.max_string', params: { limit: PERSON_NAME_MAX } };
  return PERSON_NAME.test(name) && !DOMAIN_LIKE.test(name) ? null : { key: 'validation.person_name' };
}

/** Text a Swedish bank takes in a payment (resources/bankText.ts): a character with no Latin form is refused, named. */
export function bankCharacters(value: unknown): Message | null {
  if (typeof value !== 'string') return null;
  const { refused } = bankText(value);
  return refused === undefined ? null : { key: 'validation.bank_characters', params: { character: characterName(refused) } };
}

/** A finite number, or a plain decimal string such as "-1.5"; otherwise undefined. */
function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^[+-]?(\d+(\.\d+)?|\.\d+)$/.test(value.trim())) return Number(value);
  return undefined;
}

/** A number (or numeric string) between `min` and `max` inclusive. */
export function range(value: unknown, { min, max }: { min?: number; max?: number }): Message | null {
  if (isEmpty(value)) return null;
  const n = toNumber(value);
  if (n === undefined) return { key: 'validation.number' };
  if (min !== undefined && n < min) return { key: 'validation.min_number', params: { limit: min } };
  if (max !== undefined && n > max) return { key: 'validation.max_number', params: { limit: max } };
  return null;
}

/** A whole number, given as a number or as a string of digits. */
export function integer(value: unknown): Message | null {
  if (isEmpty(value)) return null;
  const n = toNumber(value);
  return n !== undefined && Number.isInteger(n) ? null : { key: 'validation.integer' };
}

/** A real calendar date written 'YYYY-MM-DD'. */
export function isoDate(value: unknown): Message | null {
  if (isEmpty(value)) return null;
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (match) {
    const [year, month, day] = match.slice(1).map(Number);
    // PostgreSQL has no year 0 (0000-01-01 would be a 500).
    if (year < 1) return { key: 'validation.date' };
    const date = new Date(0);
    date.setUTCFullYear(year, month - 1, day);
    if (date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day) return null;
  }
  return { key: 'validation.date' };
}
