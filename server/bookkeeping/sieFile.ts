import { normaliseOrgNumber, orgNumber } from '../../resources/validators.js';
import { isDay, pc8, sieAmount, sieDate, sieText } from './sieFields.js';

/** An account of the chart, as the foundation's settings name it (2890 "Beviljade ej utbetalda bidrag"). */
export interface SieAccount {
  number: number;
  name: string;
}

/** One row of a voucher: debit positive, credit negative, in whole öre. */
export interface SieTransaction {
  account: number;
  ore: number;
}

/** A verification: its series and number, its Stockholm day ('YYYY-MM-DD'), its text and its rows, which sum to 0. */
export interface SieVoucher {
  series: string;
  number: number;
  day: string;
  text: string;
  transactions: SieTransaction[];
  /** When (a Stockholm day) and by whom it was booked, as the accounting program shows a voucher's registration. */
  registered?: { day: string; by: string };
}

export interface SieFileInput {
  foundation: { name: string; organisationNumber: string };
  /** The program that writes the file, as the accounting program shows where an import came from. */
  program: { name: string; version: string };
  /** The Stockholm day the file is written. */
  generatedOn: string;
  /**
   * The financial years the vouchers belong to, their first and last Stockholm days: the current year (#RAR 0), then
   * the one before it (#RAR -1) when the vouchers reach into it.
   */
  financialYears: { start: string; end: string }[];
  /** The chart of accounts' type (`#KPTYP`, e.g. 'BAS2014'), when the settings name one. */
  chartType?: string;
  /** The accounts the vouchers use, each declared once. */
  accounts: SieAccount[];
  vouchers: SieVoucher[];
}

const isPositiveWhole = (n: number) => Number.isSafeInteger(n) && n > 0;

function checkDay(day: string, what: string): void {
  if (!isDay(day)) throw new Error(`${what} is not a day written YYYY-MM-DD: "${day}"`);
}

/** The file but its vouchers: what is written before them. */
export type SieHead = Omit<SieFileInput, 'vouchers'>;

/**
 * Refuses a head the accounting program would refuse, naming what is wrong; answers the check of each voucher written
 * under it (its year named in the head, numbered once per year and series, its accounts declared, balancing).
 */
export function checkedHead(input: SieHead): (voucher: SieVoucher) => void {
  if (orgNumber(input.foundation.organisationNumber) !== null) {
    throw new Error(`Not an organisation number: "${input.foundation.organisationNumber}"`);
  }
  checkDay(input.generatedOn, 'The generation date');
  if (!input.financialYears.length) throw new Error('The file names no financial year');
  for (const [index, { start, end }] of input.financialYears.entries()) {
    checkDay(start, 'The start of the financial year');
    checkDay(end, 'The end of the financial year');
    if (start > end) throw new Error(`The financial year ends (${end}) before it starts (${start})`);
    const later = input.financialYears[index - 1];
    if (later && end >= later.start) throw new Error(`The financial year ${start}–${end} does not come before ${later.start}`);
  }
  const yearOf = (day: string) => input.financialYears.findIndex(({ start, end }) => day >= start && day <= end);
  const named = input.financialYears.map(({ start, end }) => `${start}–${end}`).join(', ');

  const declared = new Set<number>();
  for (const { number } of input.accounts) {
    if (!isPositiveWhole(number)) throw new Error(`Not an account number: ${number}`);
    if (declared.has(number)) throw new Error(`Account ${number} is declared twice`);
    declared.add(number);
  }

  const seen = new Set<string>();
  return (voucher) => {
    const name = `Voucher ${voucher.series} ${voucher.number}`;
    if (!voucher.series.trim() || !isPositiveWhole(voucher.number)) throw new Error(`${name} needs a series and a positive whole number`);
    checkDay(voucher.day, `${name}'s date`);
    const year = yearOf(voucher.day);
    if (year < 0) throw new Error(`${name} (${voucher.day}) is outside the financial years ${named}`);
    // Numbered per financial year: each year's B 1 is its own.
    const key = `${year} ${voucher.series} ${voucher.number}`;
    if (seen.has(key)) throw new Error(`${name} is in the file twice`);
    seen.add(key);
    if (voucher.registered) checkDay(voucher.registered.day, `${name}'s registration date`);
    if (voucher.transactions.length === 0) throw new Error(`${name} has no transactions`);
    let sum = 0n;
    for (const { account, ore } of voucher.transactions) {
      if (!declared.has(account)) throw new Error(`${name} books on account ${account}, which is not declared`);
      if (!Number.isSafeInteger(ore)) throw new Error(`${name} has an amount that is not whole öre: ${ore}`);
      sum += BigInt(ore);
    }
    if (sum !== 0n) throw new Error(`${name} (${voucher.day}, "${voucher.text}") does not balance: its transactions sum to ${sum} öre`);
  };
}

/** A voucher's lines: its head, then its rows between braces. */
function voucherLines({ series, number, day, text, transactions, registered }: SieVoucher): string[] {
  const registration = registered ? ` ${sieDate(registered.day)} ${sieText(registered.by)}` : '';
  return [
    `#VER ${sieText(series)} ${number} ${sieDate(day)} ${sieText(text)}${registration}`,
    '{',
    ...transactions.map(({ account, ore }) => `#TRANS ${account} {} ${sieAmount(ore)}`),
    '}',
  ];
}

/**
 * The bookkeeping as an SIE 4 file (type 4i: vouchers for the accounting program to import, as Fortnox and Visma
 * read them), in code page 437 with CRLF after every line. Throws, naming the voucher, when one does not balance or
 * is otherwise unfit to import.
 */
export function sieFile(input: SieFileInput): Buffer {
  const check = checkedHead(input);
  for (const voucher of input.vouchers) check(voucher);
  return pc8(sieHeadText(input) + sieVouchersText(input.vouchers));
}

/** The head's lines (flag, program, format, company, years, accounts), each ended by CRLF. */
export function sieHeadText(input: SieHead): string {
  const { foundation, program, financialYears, chartType } = input;
  const lines = [
    // Not yet imported: the receiving program sets it to 1 when it has read the file.
    '#FLAGGA 0',
    `#PROGRAM ${sieText(program.name)} ${sieText(program.version)}`,
    '#FORMAT PC8',
    `#GEN ${sieDate(input.generatedOn)}`,
    '#SIETYP 4',
    `#ORGNR ${normaliseOrgNumber(foundation.organisationNumber)}`,
    `#FNAMN ${sieText(foundation.name)}`,
    ...financialYears.map(({ start, end }, index) => `#RAR ${index === 0 ? 0 : -index} ${sieDate(start)} ${sieDate(end)}`),
    ...(chartType ? [`#KPTYP ${sieText(chartType)}`] : []),
    ...[...input.accounts].sort((a, b) => a.number - b.number).map(({ number, name }) => `#KONTO ${number} ${sieText(name)}`),
  ];
  return lines.map((line) => `${line}\r\n`).join('');
}

/** Vouchers' lines, each ended by CRLF: a part of the file, to follow the head or the vouchers before them. */
export function sieVouchersText(vouchers: SieVoucher[]): string {
  return vouchers
    .flatMap(voucherLines)
    .map((line) => `${line}\r\n`)
    .join('');
}
