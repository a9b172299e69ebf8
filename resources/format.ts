/** Dates and money as people in the chosen locale read them, in the browser and in mails; times in Europe/Stockholm. */
const TIME_ZONE = 'Europe/Stockholm';

/** 'YYYY-MM-DD' (a date column) or an ISO timestamp -> '21 nov. 2026' / 'Nov 21, 2026'. */
export function formatDate(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: TIME_ZONE }).format(date);
}

/** An ISO timestamp -> '21 nov. 2026 14:05' / 'Nov 21, 2026, 2:05 PM', in Stockholm time. */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(new Date(value));
}

/** A count -> '12 500' (sv-SE) / '12,500' (en-US). */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** Öre -> '25 000 kr' (sv-SE) / 'SEK 25,000' (en-US). */
export function formatMoney(ore: number | null | undefined, locale: string): string {
  if (ore === null || ore === undefined) return '';
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'SEK', maximumFractionDigits: ore % 100 ? 2 : 0 }).format(ore / 100);
}

/** How the krona is written beside an amount, as formatMoney writes it: 'kr' (sv-SE), 'SEK' (en-US). */
export function currencyLabel(locale: string): string {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: 'SEK' }).formatToParts(1);
  return parts.find((part) => part.type === 'currency')?.value ?? 'kr';
}

/** Bytes -> '120 kB' / '1,5 MB' (kilobytes whole and rounded up, so a small file never reads 0 kB; megabytes to one decimal). */
export function formatFileSize(bytes: number, locale: string): string {
  const mega = bytes >= 1024 * 1024;
  const value = mega ? bytes / 1024 / 1024 : Math.ceil(bytes / 1024);
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: mega ? 1 : 0 }).format(value)} ${mega ? 'MB' : 'kB'}`;
}

/** Each unit of a time ago, its length in seconds and up to how many seconds it is used. */
const agoUnits: [Intl.RelativeTimeFormatUnit, number, number][] = [
  ['second', 1, 60],
  ['minute', 60, 3600],
  ['hour', 3600, 86_400],
  ['day', 86_400, 7 * 86_400],
];

/**
 * A moment as a time ago when within a week ('för 5 minuter sedan' / '5 minutes ago'), else its date and time;
 * `now` is given by tests.
 */
export function formatTimeAgo(value: string, locale: string, now = Date.now()): string {
  const date = new Date(value);
  const seconds = Math.round((date.getTime() - now) / 1000);
  const unit = agoUnits.find(([, , limit]) => Math.abs(seconds) < limit);
  if (unit) return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(Math.round(seconds / unit[1]), unit[0]);
  return formatDateTime(value, locale);
}

/** A review score or spread in hundredths of a percent (0–10000) -> '82,5 %' / '82.5%'; '' for none. */
export function formatScore(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined) return '';
  return new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value / 10000);
}
