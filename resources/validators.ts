/**
 * Field validators shared by the server and the browser. Each returns null when the value is valid, otherwise a
 * message whose key is in the "validation" section of locales/*.json; the caller adds the `attribute` param.
 * Empty values (null, undefined, '') are valid everywhere except in `required`, which is checked separately.
 */
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

/** A practical e-mail check: one @, a dotted domain, no spaces, at most 254 characters. */
export function email(value: unknown): Message | null {
  if (isEmpty(value)) return null;
  const ok =
    typeof value === 'string' &&
    value.length <= 254 &&
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) &&
    value.split('@')[1].split('.').every(Boolean);
  return ok ? null : { key: 'validation.email' };
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

/** Luhn check over all the digits (the last one being the check digit). */
function luhn(digits: string): boolean {
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

/** An http(s) address whose host has a dot, or a bare "www.…" address. */
export function url(value: unknown): Message | null {
  if (isEmpty(value)) return null;
  const invalid = { key: 'validation.url' };
  if (typeof value !== 'string' || /\s/.test(value.trim())) return invalid;
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed) && !/^www\./i.test(trimmed)) return invalid;
  try {
    const { protocol, hostname } = new URL(normaliseUrl(trimmed));
    const labels = hostname.split('.');
    return /^https?:$/.test(protocol) && labels.length > 1 && labels.every(Boolean) ? null : invalid;
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
    const date = new Date(0);
    date.setUTCFullYear(year, month - 1, day);
    if (date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day) return null;
  }
  return { key: 'validation.date' };
}
