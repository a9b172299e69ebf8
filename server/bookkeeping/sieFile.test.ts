import { describe, expect, it } from 'vitest';
import { readSie } from './readSie.js';
import { sieFile, type SieFileInput, type SieVoucher } from './sieFile.js';

const COST = 7990;
const LIABILITY = 2890;
const BANK = 1930;
const INCOME = 3990;

/** A year of one grant: decided, paid out, and partly paid back. */
function year(vouchers: SieVoucher[] = grantVouchers()): SieFileInput {
  return {
    foundation: { name: 'Sparbanksstiftelsen Höglandet', organisationNumber: '8024153978' },
    program: { name: 'Ansökningsportalen', version: '0.1.0' },
    generatedOn: '2026-01-15',
    financialYears: [{ start: '2025-01-01', end: '2025-12-31' }],
    chartType: 'BAS2014',
    accounts: [
      { number: LIABILITY, name: 'Beviljade ej utbetalda bidrag' },
      { number: BANK, name: 'Företagskonto' },
      { number: COST, name: 'Lämnade bidrag' },
      { number: INCOME, name: 'Återbetalda bidrag' },
    ],
    vouchers,
  };
}

function grantVouchers(): SieVoucher[] {
  return [
    {
      series: 'B',
      number: 1,
      day: '2025-03-10',
      text: 'Beslut: bidrag till Fotbollsföreningen Ölme',
      transactions: [
        { account: COST, ore: 25_000_00 },
        { account: LIABILITY, ore: -25_000_00 },
      ],
    },
    {
      series: 'B',
      number: 2,
      day: '2025-04-02',
      text: 'Utbetalning till Fotbollsföreningen Ölme',
      transactions: [
        { account: LIABILITY, ore: 25_000_00 },
        { account: BANK, ore: -25_000_00 },
      ],
    },
    {
      series: 'B',
      number: 3,
      day: '2025-11-28',
      text: 'Återbetalning av ej använt bidrag',
      transactions: [
        { account: BANK, ore: 4_999_95 },
        { account: INCOME, ore: -4_999_95 },
      ],
    },
  ];
}

const text = (file: Buffer) => file.toString('latin1');

describe('sieFile', () => {
  it('writes the head, the accounts and the vouchers, each line ending in CRLF', () => {
    const ascii = text(
      sieFile({ ...year(grantVouchers().slice(0, 1)), foundation: { name: 'Stiftelsen', organisationNumber: '802415-3978' } }),
    );
    expect(ascii.split('\r\n')).toEqual([
      '#FLAGGA 0',
      `#PROGRAM "Ans\x94kningsportalen" "0.1.0"`,
      '#FORMAT PC8',
      '#GEN 20260115',
      '#SIETYP 4',
      '#ORGNR 802415-3978',
      '#FNAMN "Stiftelsen"',
      '#RAR 0 20250101 20251231',
      '#KPTYP "BAS2014"',
      '#KONTO 1930 "F\x94retagskonto"',
      '#KONTO 2890 "Beviljade ej utbetalda bidrag"',
      '#KONTO 3990 "\x8Fterbetalda bidrag"',
      '#KONTO 7990 "L\x84mnade bidrag"',
      '#VER "B" 1 20250310 "Beslut: bidrag till Fotbollsf\x94reningen \x99lme"',
      '{',
      '#TRANS 7990 {} 25000.00',
      '#TRANS 2890 {} -25000.00',
      '}',
      '',
    ]);
    expect(ascii.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  });

  it('reads back as the year it was given: every voucher balances and each account sums to its bookings', () => {
    const read = readSie(sieFile(year()));
    expect(read.vouchers).toEqual(grantVouchers());
    for (const voucher of read.vouchers) expect(voucher.transactions.reduce((sum, t) => sum + t.ore, 0)).toBe(0);

    const sums = new Map<number, number>();
    for (const { account, ore } of read.vouchers.flatMap((v) => v.transactions)) sums.set(account, (sums.get(account) ?? 0) + ore);
    expect(Object.fromEntries(sums)).toEqual({ [COST]: 25_000_00, [LIABILITY]: 0, [BANK]: -20_000_05, [INCOME]: -4_999_95 });
    expect(read.accounts).toEqual(new Map(year().accounts.map((a) => [a.number, a.name])));
  });

  it('keeps å ä ö Å Ä Ö é ü through code page 437, where å ä ö are 0x86 0x84 0x94', () => {
    const name = 'Åsa Öberg-Ärlig, Café Müller: åäö';
    const file = sieFile({ ...year(), foundation: { name, organisationNumber: '802415-3978' } });
    expect(readSie(file).records.find((r) => r.label === 'FNAMN')?.fields).toEqual([name]);
    expect(file.includes(Buffer.from([0x86, 0x84, 0x94]))).toBe(true);
    expect(file.includes(Buffer.from('å', 'utf8'))).toBe(false);
    expect(readSie(file).accounts.get(BANK)).toBe('Företagskonto');
  });

  it('writes amounts from öre with a decimal point and two decimals, exactly at any size', () => {
    const amounts = [5, -5, 100, -1_234_567_89, Number.MAX_SAFE_INTEGER];
    const vouchers = amounts.map((ore, i) => ({
      series: 'A',
      number: i + 1,
      day: '2025-06-01',
      text: 'Belopp',
      transactions: [
        { account: BANK, ore },
        { account: LIABILITY, ore: -ore },
      ],
    }));
    const lines = text(sieFile(year(vouchers))).split('\r\n');
    expect(lines.filter((line) => line.startsWith(`#TRANS ${BANK}`))).toEqual([
      '#TRANS 1930 {} 0.05',
      '#TRANS 1930 {} -0.05',
      '#TRANS 1930 {} 1.00',
      '#TRANS 1930 {} -1234567.89',
      '#TRANS 1930 {} 90071992547409.91',
    ]);
    expect(readSie(sieFile(year(vouchers))).vouchers.map((v) => v.transactions[1].ore)).toEqual(amounts.map((ore) => -ore));
  });

  it('escapes quotes and backslashes in texts, and turns control characters into spaces', () => {
    const voucher = { ...grantVouchers()[0], text: 'Bidrag till "Vår gård" \\ rad ett\r\nrad två' };
    const file = sieFile(year([voucher]));
    expect(text(file)).toContain('"Bidrag till \\"V\x86r g\x86rd\\" \\\\ rad ett  rad tv\x86"');
    expect(readSie(file).vouchers[0].text).toBe('Bidrag till "Vår gård" \\ rad ett  rad två');
  });

  it('writes typographic quotes and dashes as the plain ones code page 437 has', () => {
    const voucher = { ...grantVouchers()[0], text: 'Projektet “Sommar” – etapp 2' };
    expect(readSie(sieFile(year([voucher]))).vouchers[0].text).toBe('Projektet "Sommar" - etapp 2');
  });

  it('refuses a voucher that does not balance, naming it', () => {
    const [decision] = grantVouchers();
    const unbalanced = { ...decision, number: 7, transactions: [decision.transactions[0], { account: LIABILITY, ore: -24_999_99 }] };
    expect(() => sieFile(year([unbalanced]))).toThrow(
      'Voucher B 7 (2025-03-10, "Beslut: bidrag till Fotbollsföreningen Ölme") does not balance: its transactions sum to 1 öre',
    );
  });

  const [decision] = grantVouchers();
  it.each([
    [
      'an undeclared account',
      year([{ ...decision, transactions: [{ account: 1910, ore: 1 }, decision.transactions[1]] }]),
      'Voucher B 1 books on account 1910',
    ],
    [
      'a fraction of an öre',
      year([{ ...decision, transactions: [{ account: COST, ore: 0.5 }] }]),
      'Voucher B 1 has an amount that is not whole öre: 0.5',
    ],
    ['a voucher outside the year', year([{ ...decision, day: '2026-01-01' }]), 'Voucher B 1 (2026-01-01) is outside the financial year'],
    ['a voucher without rows', year([{ ...decision, transactions: [] }]), 'Voucher B 1 has no transactions'],
    ['a voucher number twice', year([decision, { ...decision }]), 'Voucher B 1 is in the file twice'],
    ['a date that is no day', year([{ ...decision, day: '2025-02-30' }]), "Voucher B 1's date is not a day"],
    [
      'an account declared twice',
      { ...year(), accounts: [...year().accounts, { number: BANK, name: 'Bank' }] },
      'Account 1930 is declared twice',
    ],
    [
      'a wrong organisation number',
      { ...year(), foundation: { name: 'S', organisationNumber: '802415-3977' } },
      'Not an organisation number',
    ],
    [
      'a year that ends before it starts',
      { ...year([]), financialYears: [{ start: '2025-12-31', end: '2025-01-01' }] },
      'The financial year ends',
    ],
  ])('refuses %s', (_, input, message) => {
    expect(() => sieFile(input)).toThrow(message);
  });
});
