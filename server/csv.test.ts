import { describe, it, expect } from 'vitest';
import Papa from 'papaparse';
import { neutralise, toCsv, type CsvColumn } from './csv.js';

const BOM = '\uFEFF';

/** Parses produced CSV back the way a reader would: BOM removed, ';' and CRLF. */
function parseBack(csv: string): string[][] {
  expect(csv.startsWith(BOM)).toBe(true);
  const result = Papa.parse<string[]>(csv.slice(1), { delimiter: ';', newline: '\r\n' });
  expect(result.errors).toEqual([]);
  return result.data;
}

const columns: CsvColumn[] = [
  { key: 'name', header: 'Namn' },
  { key: 'city', header: 'Ort' },
];

describe('toCsv', () => {
  it('starts with a UTF-8 BOM and separates fields with ; and lines with CRLF', () => {
    const csv = toCsv(
      [
        { name: 'Anna', city: 'Umeå' },
        { name: 'Bo', city: 'Luleå' },
      ],
      columns,
    );
    expect(csv).toBe(`${BOM}Namn;Ort\r\nAnna;Umeå\r\nBo;Luleå`);
  });

  it('writes the columns in the given order and ignores other keys', () => {
    const csv = toCsv([{ city: 'Visby', name: 'Cecilia', secret: 'x' }], columns);
    expect(csv).toBe(`${BOM}Namn;Ort\r\nCecilia;Visby`);
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv([], columns)).toBe(`${BOM}Namn;Ort`);
  });

  it('keeps Swedish characters intact', () => {
    const csv = toCsv([{ name: 'Åsa Öberg', city: 'Örebro' }], columns);
    expect(csv).toBe(`${BOM}Namn;Ort\r\nÅsa Öberg;Örebro`);
    // The BOM is the UTF-8 byte sequence EF BB BF once encoded.
    expect([...Buffer.from(csv, 'utf8').subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('quotes a value containing ;, a double quote or a line break, and nothing else', () => {
    const csv = toCsv(
      [
        { name: 'Andersson; Anna', city: 'Malmö' },
        { name: 'Föreningen "Vår gård"', city: 'Lund' },
        { name: 'Rad ett\nrad två', city: 'a,b' },
        { name: 'Rad ett\r\nrad två', city: 'Kiruna' },
      ],
      columns,
    );
    expect(csv).toBe(
      `${BOM}Namn;Ort\r\n` +
        '"Andersson; Anna";Malmö\r\n' +
        '"Föreningen ""Vår gård""";Lund\r\n' +
        '"Rad ett\nrad två";a,b\r\n' +
        '"Rad ett\r\nrad två";Kiruna',
    );
  });

  it('writes null and undefined as empty cells', () => {
    const csv = toCsv([{ name: null, city: undefined }, {}], columns);
    expect(csv).toBe(`${BOM}Namn;Ort\r\n;\r\n;`);
  });

  it('formats booleans, dates, arrays and numbers', () => {
    const csv = toCsv(
      [{ a: true, b: false, c: new Date(Date.UTC(2025, 0, 31, 12, 30)), d: ['Umeå', 'Örebro', null], e: 1234.5, f: 0 }],
      ['a', 'b', 'c', 'd', 'e', 'f'].map((key) => ({ key, header: key })),
    );
    expect(csv).toBe(`${BOM}a;b;c;d;e;f\r\ntrue;false;2025-01-31T12:30:00.000Z;"Umeå, Örebro, ";1234.5;0`);
  });

  it.each([
    ['=', '=HYPERLINK("http://evil.example","Klicka")'],
    ['+', '+46701234567'],
    ['-', '-2+3'],
    ['@', '@SUM(A1:A2)'],
    ['tab', '\t=1+1'],
    ['carriage return', '\r=1+1'],
  ])('neutralises a cell starting with %s', (_name, value) => {
    const csv = toCsv([{ name: value, city: 'Ok' }], columns);
    const [, [name, city]] = parseBack(csv);
    expect(name).toBe(`'${value}`);
    expect(city).toBe('Ok');
  });

  it('neutralises headers', () => {
    const csv = toCsv([{ x: 1 }], [{ key: 'x', header: '=cmd|" /C calc"!A0' }]);
    const [[header]] = parseBack(csv);
    expect(header).toBe(`'=cmd|" /C calc"!A0`);
  });

  it('neutralises a joined array whose first value is dangerous', () => {
    const csv = toCsv([{ name: ['=1+1', 'b'], city: 'c' }], columns);
    expect(parseBack(csv)[1][0]).toBe("'=1+1, b");
  });

  it('does not neutralise numbers, even negative ones', () => {
    const csv = toCsv([{ name: -5, city: -0.25 }], columns);
    expect(csv).toBe(`${BOM}Namn;Ort\r\n-5;-0.25`);
  });

  it('leaves harmless text alone', () => {
    expect(neutralise('Anna')).toBe('Anna');
    expect(neutralise('a=b')).toBe('a=b');
    expect(neutralise(' =1')).toBe(' =1');
    expect(neutralise('')).toBe('');
    expect(neutralise('=1')).toBe("'=1");
  });

  it('round-trips tricky values through papaparse', () => {
    const tricky = [
      'Åsa Öberg',
      'Örebro; Västmanland',
      'Citat: "hej" och ""dubbelt""',
      'Rad 1\nRad 2',
      'Rad 1\r\nRad 2',
      '  inledande och avslutande blanksteg  ',
      'komma, punkt. semikolon;',
      '"',
      ';',
      '',
      'ÅÄÖ åäö é ü ß € 😀',
    ];
    const rows = tricky.map((value, i) => ({ name: value, city: `rad ${i}` }));
    const data = parseBack(toCsv(rows, columns));
    expect(data[0]).toEqual(['Namn', 'Ort']);
    expect(data.slice(1)).toEqual(tricky.map((value, i) => [value, `rad ${i}`]));
  });
});
