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

/**
 * CSV for Swedish Excel: ';' between fields, CRLF between lines, fields quoted only when needed,
 * prefixed with a UTF-8 BOM, every text cell and header neutralised against formula injection.
 */
export function toCsv(rows: Record<string, unknown>[], columns: CsvColumn[]): string {
  const config: Papa.UnparseConfig = { delimiter: ';', newline: '\r\n' };
  const fields = columns.map((column) => neutralise(column.header));
  const data = rows.map((row) => columns.map((column) => cell(row[column.key])));
  // With no data papaparse would write an empty row after the header; write the header alone.
  const csv = data.length === 0 ? Papa.unparse([fields], config) : Papa.unparse({ fields, data }, config);
  return BOM + csv;
}
