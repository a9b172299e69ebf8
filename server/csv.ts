import Papa from 'papaparse';

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

const config: Papa.UnparseConfig = { delimiter: ';', newline: '\r\n' };
const headerLine = (columns: CsvColumn[]) => BOM + Papa.unparse([columns.map((column) => neutralise(column.header))], config);
/** The lines of some rows, each after a line break (so they follow the header or the rows before). */
const rowLines = (rows: Record<string, unknown>[], columns: CsvColumn[]) =>
  rows.length
    ? '\r\n' +
      Papa.unparse(
        rows.map((row) => columns.map((column) => cell(row[column.key]))),
        config,
      )
    : '';

/**
 * CSV for Swedish Excel: ';' between fields, CRLF between lines, fields quoted only when needed,
 * prefixed with a UTF-8 BOM, every text cell and header neutralised against formula injection.
 */
export function toCsv(rows: Record<string, unknown>[], columns: CsvColumn[]): string {
  return headerLine(columns) + rowLines(rows, columns);
}

/**
 * The same CSV as toCsv, written as the rows arrive, a batch at a time: an export of any size starts at once and
 * holds one batch in memory.
 */
export async function* csvStream(batches: AsyncIterable<Record<string, unknown>[]>, columns: CsvColumn[]): AsyncGenerator<string> {
  yield headerLine(columns);
  for await (const rows of batches) yield rowLines(rows, columns);
}
