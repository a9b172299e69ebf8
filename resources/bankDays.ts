/**
 * Swedish bank days: Monday to Friday except the public holidays (allmänna helgdagar) and the days the banks close
 * besides them — Midsummer Eve, Christmas Eve and New Year's Eve. A payment is executed on a bank day; days are
 * 'YYYY-MM-DD' (Stockholm days), as the payment file writes them.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));
const plus = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/** Easter Sunday of the Gregorian calendar (the anonymous algorithm, Meeus/Jones/Butcher). */
function easter(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utc(year, month, day);
}

/** The first `weekday` (0 Sunday … 6 Saturday) on or after the date. */
const onOrAfter = (date: Date, weekday: number) => plus(date, (weekday - date.getUTCDay() + 7) % 7);

const holidaysByYear = new Map<number, Set<string>>();

/** The year's days on which Swedish banks do not execute payments, besides the weekends. */
export function bankHolidays(year: number): Set<string> {
  const known = holidaysByYear.get(year);
  if (known) return known;
  const sunday = easter(year);
  const midsummerEve = onOrAfter(utc(year, 6, 19), 5);
  const days = new Set(
    [
      utc(year, 1, 1), // Nyårsdagen
      utc(year, 1, 6), // Trettondedag jul
      plus(sunday, -2), // Långfredagen
      plus(sunday, 1), // Annandag påsk
      utc(year, 5, 1), // Första maj
      plus(sunday, 39), // Kristi himmelsfärds dag
      utc(year, 6, 6), // Sveriges nationaldag
      midsummerEve, // Midsommarafton
      utc(year, 12, 24), // Julafton
      utc(year, 12, 25), // Juldagen
      utc(year, 12, 26), // Annandag jul
      utc(year, 12, 31), // Nyårsafton
    ].map(iso),
  );
  holidaysByYear.set(year, days);
  return days;
}

/** Whether Swedish banks execute payments on the day. */
export function isBankDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = date.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !bankHolidays(date.getUTCFullYear()).has(day);
}

/** The first bank day after `day`. */
export function nextBankDay(day: string): string {
  let date = plus(new Date(`${day}T00:00:00Z`), 1);
  while (!isBankDay(iso(date))) date = plus(date, 1);
  return iso(date);
}
