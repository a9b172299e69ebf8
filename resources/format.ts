/** Dates and money as people in the chosen locale read them, in the browser and in mails; times in Europe/Stockholm (DESIGN.md §5). */
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

/** Öre -> '25 000 kr' (sv-SE) / 'SEK 25,000' (en-US). */
export function formatMoney(ore: number | null | undefined, locale: string): string {
  if (ore === null || ore === undefined) return '';
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'SEK', maximumFractionDigits: ore % 100 ? 2 : 0 }).format(ore / 100);
}
