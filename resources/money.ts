/**
 * The money input's text (SPEC.md §5): shown as "25,000.50", read leniently from what people type. Amounts are whole
 * öre; the digits are handled as strings and integers, never as floating point kronor, so 0.29 kr is exactly 29 öre.
 */

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

export type MoneyInputResult = { ore: number | null; clamped: boolean } | { error: 'number' };

/** Öre are the smallest unit, so more than two decimals cannot be kept. */
function checkPrecision(precision: number): void {
  if (!Number.isInteger(precision) || precision < 0 || precision > 2) throw new RangeError(`precision must be 0, 1 or 2, not ${precision}`);
}

/** Öre -> "25,000.50": point for decimals, comma for thousands, `precision` decimals. */
export function formatMoneyInput(ore: number | null, precision = 2): string {
  checkPrecision(precision);
  if (ore === null || !Number.isFinite(ore)) return '';
  const magnitude = Math.round(Math.abs(ore));
  // Integer steps only (remainders, exact divisions), so even Number.MAX_SAFE_INTEGER öre is shown exactly.
  const divisor = 10 ** (2 - precision);
  const dropped = magnitude % divisor;
  const units = (magnitude - dropped) / divisor + (dropped * 2 >= divisor ? 1 : 0);
  const scale = 10 ** precision;
  const decimal = units % scale;
  const whole = ((units - decimal) / scale).toString().replace(/\B(?=(\d{3})+$)/g, ',');
  const decimals = precision > 0 ? `.${decimal.toString().padStart(precision, '0')}` : '';
  return `${ore < 0 && units > 0 ? '-' : ''}${whole}${decimals}`;
}

// Spaces people and Intl put between thousands: space, no-break space, narrow no-break space, thin space.
const SPACES = /[ \u00A0\u202F\u2009]+/g;
const MINUS = /^[-\u2212]/;
const CURRENCY_BEFORE = /^(?:kr|sek) */i;
const CURRENCY_AFTER = / *(?:kr|sek|:-)$/i;
const GROUPED = /^\d{1,3}(?:[, ]\d{3})*$/;

/** Splits "-kr 25 000,50" into sign and digits, or null when it is not a number. */
function read(text: string): { negative: boolean; whole: string; fraction: string } | null {
  let rest = text.trim().replace(SPACES, ' ');
  // The sign may stand before or after a currency prefix: "-25 kr", "-SEK 25", "SEK -25".
  let negative = MINUS.test(rest);
  if (negative) rest = rest.slice(1).trimStart();
  rest = rest.replace(CURRENCY_BEFORE, '');
  if (!negative && MINUS.test(rest)) {
    negative = true;
    rest = rest.slice(1).trimStart();
  }
  rest = rest.replace(CURRENCY_AFTER, '');
  if (!/\d/.test(rest) || !/^[\d,. ]+$/.test(rest)) return null;

  // Swedish users type a decimal comma: with no point, a comma and one or two final digits end the number.
  if (!rest.includes('.')) rest = rest.replace(/,(\d{1,2})$/, '.$1');
  const parts = rest.split('.');
  if (parts.length > 2) return null;
  const [whole, fraction = ''] = parts;
  if (!/^\d*$/.test(fraction)) return null;
  if (!/^\d*$/.test(whole) && !GROUPED.test(whole)) return null;
  return { negative, whole: whole.replace(/\D/g, ''), fraction };
}

/**
 * What someone typed -> öre. Lenient about thousands separators (spaces, commas), "kr"/"SEK" and a decimal comma;
 * rounds to `precision` decimals half away from zero, then clamps to the limits. Blank is null.
 */
export function parseMoneyInput(text: string, options: MoneyInputOptions = {}): MoneyInputResult {
  const { min, max, allowNegative = true, precision = 2 } = options;
  checkPrecision(precision);
  if (text.trim() === '') return { ore: null, clamped: false };
  const parsed = read(text);
  if (!parsed) return { error: 'number' };

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
