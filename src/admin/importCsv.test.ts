import { describe, it, expect } from 'vitest';
import Papa from 'papaparse';
import { parseCsv } from './importCsv';

const BOM = '\uFEFF';

function csvFile(text: string | Uint8Array, name = 'import.csv'): File {
  return new File([text as BlobPart], name, { type: 'text/csv' });
}

/** ~5,000 rows with Swedish text, quoted delimiters, quotes and line breaks inside fields. */
function bigCsv(rowCount: number, delimiter: string, newline = '\r\n'): { text: string; expected: Record<string, string>[] } {
  const towns = ['Örebro', 'Umeå', 'Malmö', 'Gävle', 'Västerås', 'Luleå'];
  const expected: Record<string, string>[] = [];
  const lines = [['Namn', 'Ort', 'Belopp', 'Kommentar'].join(delimiter)];
  const quote = (value: string) => (/["\r\n]/.test(value) || value.includes(delimiter) ? `"${value.replace(/"/g, '""')}"` : value);
  for (let i = 0; i < rowCount; i++) {
    const row = {
      Namn: `Åsa Öberg ${i}`,
      Ort: towns[i % towns.length],
      Belopp: `${i},50`,
      Kommentar: [`vanlig ${i}`, `med ${delimiter} avgränsare`, `"citat" ${i}`, `rad ett\nrad två ${i}`][i % 4],
    };
    expected.push(row);
    lines.push([row.Namn, row.Ort, row.Belopp, row.Kommentar].map(quote).join(delimiter));
  }
  return { text: lines.join(newline) + newline, expected };
}

describe('parseCsv', () => {
  it('reads a semicolon-separated file as Excel writes it in Sweden', async () => {
    const result = await parseCsv(csvFile('Namn;Ort;Belopp\r\nÅsa Öberg;Örebro;1 500,50\r\nBo Ek;Umeå;200\r\n'));
    expect(result).toEqual({
      headers: ['Namn', 'Ort', 'Belopp'],
      rows: [
        { Namn: 'Åsa Öberg', Ort: 'Örebro', Belopp: '1 500,50' },
        { Namn: 'Bo Ek', Ort: 'Umeå', Belopp: '200' },
      ],
      errors: [],
    });
  });

  it('reads a comma-separated file', async () => {
    const result = await parseCsv(csvFile('name,city\nAnna,Malmö\nBo,Lund\n'));
    expect(result).toEqual({
      headers: ['name', 'city'],
      rows: [
        { name: 'Anna', city: 'Malmö' },
        { name: 'Bo', city: 'Lund' },
      ],
      errors: [],
    });
  });

  it('reads a tab-separated file', async () => {
    const result = await parseCsv(csvFile('Namn\tOrt\nAnna\tKalmar\n'));
    expect(result.headers).toEqual(['Namn', 'Ort']);
    expect(result.rows).toEqual([{ Namn: 'Anna', Ort: 'Kalmar' }]);
  });

  it('prefers ; when decimal commas make both delimiters plausible', async () => {
    const result = await parseCsv(csvFile('Namn;Belopp\nAnna;1,5\nBo;2,25\n'));
    expect(result.headers).toEqual(['Namn', 'Belopp']);
    expect(result.rows).toEqual([
      { Namn: 'Anna', Belopp: '1,5' },
      { Namn: 'Bo', Belopp: '2,25' },
    ]);
  });

  it('removes a BOM and trims header names', async () => {
    const result = await parseCsv(csvFile(`${BOM} Namn ; Ort\r\nÅsa;Örebro\r\n`));
    expect(result.headers).toEqual(['Namn', 'Ort']);
    expect(result.rows).toEqual([{ Namn: 'Åsa', Ort: 'Örebro' }]);
  });

  it('reads a BOM given as bytes, and Swedish characters as UTF-8', async () => {
    const bytes = new TextEncoder().encode(`${BOM}Sökande;Län\nÅsa Öberg;Västra Götaland\n`);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const result = await parseCsv(new Blob([bytes]));
    expect(result.headers).toEqual(['Sökande', 'Län']);
    expect(result.rows).toEqual([{ Sökande: 'Åsa Öberg', Län: 'Västra Götaland' }]);
  });

  it('reads a file that is not UTF-8 as Windows-1252 (Excel "CSV (semikolonavgränsad)")', async () => {
    // "Ort;Län\nÖrebro;Örebro län\n" in Windows-1252: Ö = D6, ä = E4.
    const bytes = new Uint8Array([
      0x4f, 0x72, 0x74, 0x3b, 0x4c, 0xe4, 0x6e, 0x0a, 0xd6, 0x72, 0x65, 0x62, 0x72, 0x6f, 0x3b, 0xd6, 0x72, 0x65, 0x62, 0x72, 0x6f, 0x20,
      0x6c, 0xe4, 0x6e, 0x0a,
    ]);
    const result = await parseCsv(csvFile(bytes));
    expect(result.headers).toEqual(['Ort', 'Län']);
    expect(result.rows).toEqual([{ Ort: 'Örebro', Län: 'Örebro län' }]);
  });

  it('reads quoted fields containing delimiters, quotes and line breaks', async () => {
    const text =
      'Namn;Adress;Kommentar\r\n' + '"Andersson; Anna";"Storgatan 1, Örebro";"Hon sa ""hej"""\r\n' + '"Bo";"Rad ett\r\nRad två";""\r\n';
    const result = await parseCsv(csvFile(text));
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      { Namn: 'Andersson; Anna', Adress: 'Storgatan 1, Örebro', Kommentar: 'Hon sa "hej"' },
      { Namn: 'Bo', Adress: 'Rad ett\r\nRad två', Kommentar: '' },
    ]);

    const comma = await parseCsv(csvFile('a,b\n"x, y","1,5"\n'));
    expect(comma.rows).toEqual([{ a: 'x, y', b: '1,5' }]);
  });

  it('skips empty and whitespace-only lines', async () => {
    const result = await parseCsv(csvFile('Namn;Ort\n\nAnna;Borås\n ; \n\nBo;Kiruna\n\n'));
    expect(result.rows).toEqual([
      { Namn: 'Anna', Ort: 'Borås' },
      { Namn: 'Bo', Ort: 'Kiruna' },
    ]);
    expect(result.errors).toEqual([]);
  });

  it('returns headers and no rows for a file with only a header', async () => {
    expect(await parseCsv(csvFile('Namn;Ort\r\n'))).toEqual({ headers: ['Namn', 'Ort'], rows: [], errors: [] });
  });

  it('returns nothing for an empty file', async () => {
    const progress: number[] = [];
    expect(await parseCsv(csvFile(''), (f) => progress.push(f))).toEqual({ headers: [], rows: [], errors: [] });
    expect(progress).toEqual([0, 1]);
  });

  it('numbers errors by spreadsheet row: header is row 1, first data row is row 2', async () => {
    const text = ['Namn;Ort;Belopp', 'Anna;Umeå;1', 'Bo;Luleå', 'Cecilia;Visby;3', 'David;Ystad;4;extra', 'Eva;Mora;5'].join('\n');
    const result = await parseCsv(csvFile(text));
    expect(result.errors).toEqual([
      { row: 3, message: expect.stringMatching(/too few fields/i) },
      { row: 5, message: expect.stringMatching(/too many fields/i) },
    ]);
    expect(result.rows).toHaveLength(5);
    // A short row gets '' for its missing cells; extra cells are left out.
    expect(result.rows[1]).toEqual({ Namn: 'Bo', Ort: 'Luleå', Belopp: '' });
    expect(result.rows[3]).toEqual({ Namn: 'David', Ort: 'Ystad', Belopp: '4' });
  });

  it('numbers quote errors by spreadsheet row too', async () => {
    // A malformed quoted field: papaparse reports it and reads on to the end of the file as that field.
    const result = await parseCsv(csvFile('Namn;Ort\nAnna;Umeå\nBo;Luleå\n"Cecilia"x;Visby\nDavid;Ystad\n'));
    expect(result.errors.length).toBeGreaterThan(0);
    expect(result.errors.map((e) => e.row)).toEqual(result.errors.map(() => 4));
    expect(result.errors.map((e) => e.message)).toContainEqual(expect.stringMatching(/quote/i));
    expect(result.headers).toEqual(['Namn', 'Ort']);
    expect(result.rows.slice(0, 2)).toEqual([
      { Namn: 'Anna', Ort: 'Umeå' },
      { Namn: 'Bo', Ort: 'Luleå' },
    ]);
    expect(result.rows).toHaveLength(3);
  });

  it('rejects when the file cannot be read', async () => {
    const broken = new Blob(['x']);
    broken.arrayBuffer = () => Promise.reject(new Error('NotReadableError'));
    await expect(parseCsv(broken)).rejects.toThrow('NotReadableError');
  });

  it('reports increasing progress ending at 1 for a file of 5,000 rows', async () => {
    const { text, expected } = bigCsv(5_000, ';');
    const progress: number[] = [];
    const result = await parseCsv(csvFile(text), (fraction) => progress.push(fraction));

    expect(result.errors).toEqual([]);
    expect(result.headers).toEqual(['Namn', 'Ort', 'Belopp', 'Kommentar']);
    expect(result.rows).toEqual(expected);

    expect(progress.length).toBeGreaterThan(3);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThan(progress[i - 1]);
    for (const fraction of progress) expect(fraction).toBeGreaterThanOrEqual(0);
  });

  it('gives the same rows as a one-shot parse whatever falls on a chunk boundary', async () => {
    // Several files of different lengths shift where the 64 KiB chunk boundaries fall.
    for (const [rowCount, delimiter, newline] of [
      [3_001, ',', '\n'],
      [4_007, ';', '\r\n'],
      [2_503, '\t', '\r\n'],
    ] as const) {
      const { text, expected } = bigCsv(rowCount, delimiter, newline);
      const result = await parseCsv(csvFile(text));
      expect(result.rows).toEqual(expected);
      expect(result.errors).toEqual([]);
      const oneShot = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy' });
      expect(result.rows).toEqual(oneShot.data);
    }
  });

  it('keeps error row numbers right in later chunks', async () => {
    const rows = Array.from({ length: 6_000 }, (_, i) => [`Sökande ${i}`, 'Örebro', `${i}`, 'ok']);
    rows[5_500] = ['Kort', 'rad'];
    const csv = ['Namn;Ort;Belopp;Kommentar', ...rows.map((r) => r.join(';'))].join('\n');
    expect(csv.length).toBeGreaterThan(2 * 64 * 1024);
    const result = await parseCsv(csvFile(csv));
    expect(result.rows).toHaveLength(6_000);
    expect(result.errors).toEqual([{ row: 5_502, message: expect.stringMatching(/too few fields/i) }]);
    expect(result.rows[5_500]).toEqual({ Namn: 'Kort', Ort: 'rad', Belopp: '', Kommentar: '' });
  });
});
