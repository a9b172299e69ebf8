import iconv from 'iconv-lite';
import { decimalKronor } from '../csv.js';

// Characters that people and word processors type but code page 437 lacks, as the nearest it has; anything else it
// lacks is written as '?'. Control characters are not allowed in any field, so a line break or a tab becomes a space.
const FOLDS: [RegExp, string][] = [
  [/[\u2018\u2019\u201a\u201b\u2032]/g, "'"],
  [/[\u201c\u201d\u201e\u201f\u2033]/g, '"'],
  [/[\u2010-\u2015\u2212]/g, '-'],
  [/\u2026/g, '...'],
  // eslint-disable-next-line no-control-regex -- the control characters are what this takes out
  [/[\u0000-\u001f\u007f\u00a0\u2007\u2009\u202f]/g, ' '],
];

/**
 * A text as SIE 4 writes it: always quoted, so spaces and braces in it are data, with a backslash before a quote or
 * a backslash inside it. Folded first, so that a typographic quote becomes a plain one and is escaped too.
 */
export function sieText(value: string): string {
  const folded = FOLDS.reduce((text, [from, to]) => text.replace(from, to), value.normalize('NFC'));
  return `"${folded.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** A Stockholm day ('2025-03-01') as SIE writes a date: '20250301'. */
export const sieDate = (day: string): string => day.replaceAll('-', '');

/** Whether `day` is a real calendar day written 'YYYY-MM-DD'. */
export function isDay(day: string): boolean {
  const noon = new Date(`${day}T12:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(noon.getTime()) && noon.toISOString().startsWith(day);
}

/** Öre as SIE writes an amount: a decimal point, two decimals, a leading minus when negative ('-1234.50'). */
export const sieAmount = (ore: number): string => decimalKronor(ore, '.');

/** The file's text as `#FORMAT PC8` requires: IBM code page 437, where å ä ö are 0x86 0x84 0x94. */
export const pc8 = (text: string): Buffer => iconv.encode(text, 'cp437');
