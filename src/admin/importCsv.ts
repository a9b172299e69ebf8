import Papa from 'papaparse';

export interface ParsedCsv {
  /** Column names from the first line, BOM removed and trimmed. */
  headers: string[];
  /** One object per data line, keyed by `headers`; a missing cell is ''. */
  rows: Record<string, string>[];
  /**
   * `row` counts as a spreadsheet does: the header is row 1, the first data row is row 2. Skipped
   * empty lines are not counted, and a quoted field spanning several lines is still one row.
   */
  errors: { row: number; message: string }[];
}

/** A row as papaparse gives it with `header: true`: extra cells go in `__parsed_extra`. */
type Row = Record<string, string | string[]>;

/** ';' first: Excel in Sweden writes ';', elsewhere ','. Ties go to the earlier delimiter. */
const DELIMITERS = [';', ',', '\t'];

/** Characters parsed between two progress reports (and two pauses that let the page repaint). */
const CHUNK_SIZE = 64 * 1024;

/**
 * The file's text. UTF-8 (with or without BOM) is expected; a file that is not valid UTF-8 is read
 * as Windows-1252, which is what Excel's plain "CSV (semikolonavgränsad)" writes in Sweden.
 *
 * The whole file is decoded at once instead of letting papaparse read it in slices: papaparse
 * decodes each byte slice on its own, so an å, ä or ö that straddles a slice boundary turns into
 * two U+FFFD characters.
 */
async function readText(file: Blob): Promise<string> {
  const bytes = await file.arrayBuffer();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The delimiter, as papaparse guesses it from the first lines (the one giving the most consistent
 * field count). When that fails, for instance because a broken quote near the top swallows the
 * following lines, the delimiter that occurs most often in the header line is used instead.
 */
function detectDelimiter(text: string): string {
  const sample = Papa.parse(text.slice(0, CHUNK_SIZE), {
    preview: 10,
    skipEmptyLines: 'greedy',
    delimitersToGuess: DELIMITERS,
  });
  if (!sample.errors.some((error) => error.code === 'UndetectableDelimiter')) return sample.meta.delimiter;
  const header =
    text
      .slice(0, CHUNK_SIZE)
      .split(/\r\n|\n|\r/)
      .find((line) => line.trim() !== '') ?? '';
  const count = (delimiter: string) => header.split(delimiter).length - 1;
  const best = DELIMITERS.reduce((a, b) => (count(b) > count(a) ? b : a));
  return count(best) > 0 ? best : ','; // a single column: any delimiter will do
}

/**
 * Parses a CSV file chosen in the browser, with its first line as headers. The delimiter (';', ','
 * or tab) is detected, empty lines are skipped. `onProgress` gets fractions rising from 0 to 1
 * (1 once parsing is done); between chunks the parser pauses so the page can show the progress.
 */
export async function parseCsv(file: File | Blob, onProgress?: (fraction: number) => void): Promise<ParsedCsv> {
  let reported = -1;
  const report = (fraction: number) => {
    if (onProgress && fraction > reported) {
      reported = fraction;
      onProgress(fraction);
    }
  };

  report(0);
  const text = await readText(file);

  return new Promise<ParsedCsv>((resolve, reject) => {
    let headers: string[] = [];
    const rows: Record<string, string>[] = [];
    const errors: ParsedCsv['errors'] = [];

    const run = (parse: () => void) => {
      try {
        parse();
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };

    run(() =>
      Papa.parse<Row>(text, {
        header: true,
        skipEmptyLines: 'greedy',
        delimiter: detectDelimiter(text),
        transformHeader: (header) => header.replace(/^\uFEFF/, '').trim(),
        chunkSize: CHUNK_SIZE,
        // One data row at a time, so each error belongs to a known row whichever chunk it is in.
        step: (result) => {
          if (result.meta.fields) headers = result.meta.fields;
          const row: Record<string, string> = {};
          for (const header of headers) {
            const value = result.data[header];
            row[header] = typeof value === 'string' ? value : '';
          }
          rows.push(row);
          for (const error of result.errors) errors.push({ row: rows.length + 1, message: error.message });
        },
        // After each chunk (its rows already went through `step`): report progress, then pause so the
        // browser can repaint before the next one. papaparse's docs advise against `chunk` together with
        // `step`; it works (the chunk's results simply hold no rows), and the tests pin that behaviour.
        chunk: (result: Papa.ParseResult<Row>, parser: Papa.Parser) => {
          if (result.meta.fields) headers = result.meta.fields;
          if (result.meta.cursor < text.length) report(result.meta.cursor / text.length);
          parser.pause();
          setTimeout(() => run(() => parser.resume()), 0);
        },
        complete: () => {
          report(1);
          resolve({ headers, rows, errors });
        },
      }),
    );
  });
}
