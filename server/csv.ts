import Papa from 'papaparse';
import type { Locale } from '../resources/locales.js';
import { stockholmWallTime } from './clock.js';
import type { Translate } from './i18n.js';

/** One exported column: `key` is read from each row, `header` is written on the first line. */
export interface CsvColumn {
  key: string;
  header: string;
}

/** UTF-8 byte order mark: without it Excel reads the file as Windows-1252 and mangles å, ä and ö. */
const BOM = '\uFEFF';

/** Characters that make a spreadsheet treat a cell as a formula (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Neutralises spreadsheet formula injection: text beginning with '=', '+', '-', '@', a tab or a
 * carriage return gets a leading single quote, so Excel and LibreOffice show it as text.
 */
export function neutralise(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Text of a value that is not a number: null/undefined empty, Date as ISO 8601, arrays joined. */
function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (Array.isArray(value)) return value.map(text).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return typeof value === 'number' || typeof value === 'bigint' ? value.toString() : '';
}

/** A cell: numbers stay numbers (a negative amount is data, not a formula); all text is neutralised. */
function cell(value: unknown): string | number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return value.toString();
  return neutralise(text(value));
}

/** What separates the fields: ';' for Swedish Excel (and the settings' exports and imports), ',' where Excel lists with it. */
export type Delimiter = ';' | ',';

const config = (delimiter: Delimiter): Papa.UnparseConfig => ({ delimiter, newline: '\r\n' });
const headerLine = (columns: CsvColumn[], delimiter: Delimiter) =>
  BOM + Papa.unparse([columns.map((column) => neutralise(column.header))], config(delimiter));
/** The lines of some rows, each after a line break (so they follow the header or the rows before). */
const rowLines = (rows: Record<string, unknown>[], columns: CsvColumn[], delimiter: Delimiter) =>
  rows.length
    ? '\r\n' +
      Papa.unparse(
        rows.map((row) => columns.map((column) => cell(row[column.key]))),
        config(delimiter),
      )
    : '';

/**
 * CSV for Excel: ';' between fields (Swedish Excel's list separator; `delimiter` for another), CRLF between lines,
 * fields quoted only when needed, prefixed with a UTF-8 BOM, every text cell and header neutralised against formula
 * injection.
 */
export function toCsv(rows: Record<string, unknown>[], columns: CsvColumn[], delimiter: Delimiter = ';'): string {
  return headerLine(columns, delimiter) + rowLines(rows, columns, delimiter);
}

/**
 * The same CSV as toCsv, written as the rows arrive, a batch at a time: an export of any size starts at once and
 * holds one batch in memory.
 */
export async function* csvStream(
  batches: AsyncIterable<Record<string, unknown>[]>,
  columns: CsvColumn[],
  delimiter: Delimiter = ';',
): AsyncGenerator<string> {
  yield headerLine(columns, delimiter);
  for await (const rows of batches) yield rowLines(rows, columns, delimiter);
}

/** Öre as kronor with two decimals and `separator` before them ('1234.50'), by integer arithmetic so no float rounds it. */
export function decimalKronor(ore: number, separator: '.' | ','): string {
  const sign = ore < 0 ? '-' : '';
  const abs = BigInt(Math.abs(ore));
  return `${sign}${abs / 100n}${separator}${String(abs % 100n).padStart(2, '0')}`;
}

/** The user's language, in which an export is written for the user's spreadsheet program. */
export interface ExportLanguage {
  t: Translate;
  locale: Locale;
}

/**
 * How a staff export is written for the user's Excel, which opens a CSV file by the regional settings of the
 * user's Windows: it splits the fields at their list separator, and reads a cell as a number or a date only when it
 * is written as those settings write one; anything else stays text, which cannot be summed or sorted.
 */
export interface SpreadsheetLocale {
  delimiter: Delimiter;
  /** Öre as kronor that Excel reads as a number. */
  kronor(ore: number): string;
  /** A moment as the date and time in Stockholm that Excel reads as one. */
  dateTime(at: Date): string;
}

/** The Stockholm clock's reading at `at`: year, month, day, hour (0–23) and minute, as numbers. */
function wallClock(at: Date) {
  const wall = new Date(stockholmWallTime(at));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}
const twoDigits = (n: number) => String(n).padStart(2, '0');

const spreadsheetLocales: Record<Locale, SpreadsheetLocale> = {
  // Swedish: the decimal separator is the comma, so the list separator is ';'. No thousands separator: Swedish Windows
  // has a no-break space there, and a plain space in a file is not reliably read as one. Dates in ISO 8601, Sweden's own.
  'sv-SE': {
    delimiter: ';',
    kronor: (ore) => decimalKronor(ore, ','),
    dateTime: (at) => {
      const p = wallClock(at);
      return `${p.year}-${twoDigits(p.month)}-${twoDigits(p.day)} ${twoDigits(p.hour)}:${twoDigits(p.minute)}`;
    },
  },
  // American: the list separator is the comma (a ';' file would be one column), the decimal point; no thousands
  // separator, since '1,234.50' would have to be quoted in a comma file. Dates month first, the 12-hour clock, with a
  // plain space before AM/PM (Intl writes a narrow no-break space there, which Excel does not read).
  'en-US': {
    delimiter: ',',
    kronor: (ore) => decimalKronor(ore, '.'),
    dateTime: (at) => {
      const p = wallClock(at);
      return `${p.month}/${p.day}/${p.year} ${p.hour % 12 || 12}:${twoDigits(p.minute)} ${p.hour < 12 ? 'AM' : 'PM'}`;
    },
  },
};

/** The user's spreadsheet conventions (Accept-Language's locale): see SpreadsheetLocale. */
export const spreadsheetLocale = (locale: Locale): SpreadsheetLocale => spreadsheetLocales[locale];
