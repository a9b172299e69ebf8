import { formatDate, formatDateTime } from '../../../resources/format';

/**
 * When a field was last changed, as the line beside it says it: the time alone on the same day, else the date and the
 * time; in Stockholm's time, as resources/format.ts gives every time.
 */
export function editTime(at: string, locale: string, now = new Date()): string {
  if (formatDate(at, locale) !== formatDate(now.toISOString(), locale)) return formatDateTime(at, locale);
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'Europe/Stockholm' }).format(new Date(at));
}
