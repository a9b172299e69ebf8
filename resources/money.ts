import { defaultLocale, isLocale, type Locale } from './locales';

/**
 * The money input's text, for the portal and the admin alike: shown in the language's own way
 * ("25 000,50" in Swedish, "25,000.50" in English) and read from what people type in either. Amounts are whole öre;
 * the digits are handled as strings and integers, never as floating point kronor, so 0.29 kr is exactly 29 öre.
 */

/** The amount applied for: whole öre, never negative, at most 100 million kronor. */
export const MAX_MONEY = 100_000_000_00;

export interface MoneyInputOptions {
  /** Lowest allowed value, in öre. */
  min?: number;
  /** Highest allowed value, in öre. */
  max?: number;
  /** Whether a leading minus is accepted; when not, a negative amount clamps to max(0, min). Default true. */
  allowNegative?: boolean;
  /** Decimals of kronor kept (0–2), rounded half away from zero. Default 2. */
  precision?: number;
}

/** `number`: not a number at all; `unclear`: digits whose separators can be read as more than one amount ("1.2345"). */
export type MoneyInputError = 'number' | 'unclear';
export type MoneyInputResult = { ore: number | null; clamped: boolean } | { error: MoneyInputError };

// Swedish groups thousands with spaces and writes a decimal comma, so a comma between thousands would read as decimals.
const SEPARATORS: Record<Locale, { group: string; decimal: string }> = {
  'sv-SE': { group: ' ', decimal: ',' },
  'en-US': { group: ',', decimal: '.' },
};

/** Öre are the smallest unit, so more than two decimals cannot be kept. */
function checkPrecision(precision: number): void {
  if (!Number.isInteger(precision) || precision < 0 || precision > 2) throw new RangeError(`precision must be 0, 1 or 2, not ${precision}`);
}

/** Öre -> "25 000,50" (sv-SE) or "25,000.50" (en-US), with `precision` decimals. */
export function formatMoneyInput(ore: number | null, locale: string, precision = 2): string {
  checkPrecision(precision);
  if (ore === null || !Number.isFinite(ore)) return '';
  const { group, decimal } = SEPARATORS[isLocale(locale) ? locale : defaultLocale];
  const magnitude = Math.round(Math.abs(ore));
  // Integer steps only (remainders, exact divisions), so even Number.MAX_SAFE_INTEGER öre is shown exactly.
  const divisor = 10 ** (2 - precision);
  const dropped = magnitude % divisor;
  const units = (magnitude - dropped) / divisor + (dropped * 2 >= divisor ? 1 : 0);
  const scale = 10 ** precision;
  const fraction = units % scale;
  const whole = ((units - fraction) / scale).toString().replace(/\B(?=(\d{3})+$)/g, group);
  const decimals = precision > 0 ? `${decimal}${fraction.toString().padStart(precision, '0')}` : '';
  return `${ore < 0 && units > 0 ? '-' : ''}${whole}${decimals}`;
}

// Spaces people and Intl put between thousands: space, no-break space, narrow no-break space, thin space.
const SPACES = /[ \u00A0\u202F\u2009]+/g;
const MINUS = /^[-\u2212]/;
const CURRENCY_BEFORE = /^(?:kr|sek) */i;
const CURRENCY_AFTER = / *(?:kr|sek|:-)$/i;
const LEADING_GROUP = /^[1-9]\d{0,2}$/;

/** Takes the sign and "kr"/"SEK" off "-kr 25 000,50": the sign and the number's own text. */
function unwrap(text: string): { negative: boolean; rest: string } {
  let rest = text.trim().replace(SPACES, ' ');
  // The sign may stand before or after a currency prefix: "-25 kr", "-SEK 25", "SEK -25".
  let negative = MINUS.test(rest);
  if (negative) rest = rest.slice(1).trimStart();
  rest = rest.replace(CURRENCY_BEFORE, '');
  if (!negative && MINUS.test(rest)) {
    negative = true;
    rest = rest.slice(1).trimStart();
  }
  return { negative, rest: rest.replace(CURRENCY_AFTER, '') };
}

/**
 * Which separator, if any, is the decimal sign. A space always groups thousands. With both a comma and a point, the
 * last one is the decimal sign. With one of them once: followed by none, one or two digits it is the decimal sign,
 * by exactly three it groups thousands (when what precedes it can be a first group), by more it is unclear.
 * Several of the same kind group thousands.
 */
function decimalAt(digits: string[], separators: string[]): number | 'unclear' | null {
  const marks = separators.flatMap((s, i) => (s === ' ' ? [] : [i]));
  if (marks.length === 0) return null;
  const last = marks[marks.length - 1];
  if (new Set(marks.map((i) => separators[i])).size === 2) {
    return marks.filter((i) => separators[i] === separators[last]).length === 1 ? last : 'unclear';
  }
  if (marks.length > 1 || last !== separators.length - 1) return null;
  const after = digits[last + 1].length;
  if (after <= 2) return last;
  if (after === 3 && LEADING_GROUP.test(digits[0])) return null;
  return 'unclear';
}

/** Splits a number's text into sign, whole kronor and decimals, or says why it cannot. */
function read(text: string): { negative: boolean; whole: string; fraction: string } | { error: MoneyInputError } {
  const { negative, rest } = unwrap(text);
  if (!/\d/.test(rest) || !/^[\d,. ]+$/.test(rest)) return { error: 'number' };
  // "25 000,50" -> digits ['25', '000', '50'] between separators [' ', ','].
  const parts = rest.split(/([,. ])/);
  const digits = parts.filter((_, i) => i % 2 === 0);
  const separators = parts.filter((_, i) => i % 2 === 1);
  // Two separators in a row, or one that starts the number without being its decimal sign.
  if (digits.slice(1, -1).some((d) => d === '')) return { error: 'number' };

  const decimal = decimalAt(digits, separators);
  if (decimal === 'unclear') return { error: 'unclear' };
  const end = decimal ?? separators.length;
  if (decimal === null && digits[end] === '') return { error: 'number' };
  const groups = digits.slice(0, end + 1);
  if (groups.length > 1 && !(LEADING_GROUP.test(groups[0]) && groups.slice(1).every((g) => g.length === 3))) return { error: 'unclear' };
  const fraction = decimal === null ? '' : digits[decimal + 1];
  if (decimal !== null && separators.slice(decimal + 1).length > 0) return { error: 'number' };
  if (groups.join('') === '' && fraction === '') return { error: 'number' };
  return { negative, whole: groups.join(''), fraction };
}

/**
 * What someone typed -> öre, in either language's way: "25000", "25 000", "25.000" and "25,000" are all twenty-five
 * thousand kronor, "25000,5" and "25000.50" the same and a half; "kr"/"SEK" may stand around it. Rounds to `precision`
 * decimals half away from zero, then clamps to the limits. Blank is null; what cannot be read surely is an error.
 */
export function parseMoneyInput(text: string, options: MoneyInputOptions = {}): MoneyInputResult {
  const { min, max, allowNegative = true, precision = 2 } = options;
  checkPrecision(precision);
  if (text.trim() === '') return { ore: null, clamped: false };
  const parsed = read(text);
  if ('error' in parsed) return parsed;

  const kept = parsed.fraction.slice(0, precision).padEnd(precision, '0');
  const roundUp = parsed.fraction.length > precision && parsed.fraction[precision] >= '5';
  let ore = (BigInt(`${parsed.whole}${kept}` || '0') + (roundUp ? 1n : 0n)) * 10n ** BigInt(2 - precision);
  if (parsed.negative) ore = -ore;

  // Limits are compared with the exact value; the result becomes a number only once it is known to be exact.
  let value: bigint | number = ore;
  let clamped = false;
  if (value < 0 && !allowNegative) {
    value = Math.max(0, min ?? 0);
    clamped = true;
  }
  if (min !== undefined && value < min) {
    value = min;
    clamped = true;
  }
  if (max !== undefined && value > max) {
    value = max;
    clamped = true;
  }
  if (typeof value === 'bigint') {
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) return { error: 'number' };
    value = Number(value);
  }
  return { ore: value, clamped };
}
