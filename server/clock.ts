/**
 * The time, as the server's rules read it (due dates, reminders, expiry). Injected rather than read from `new Date()`
 * so that a test can move it forward 14 days and see what the scheduled work does then.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

// The foundation's calendar: every date rule (a period open from its first day to its last, due dates, retention days)
// counts in days of Stockholm, whatever the time zone of the server or of the database session.
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const wallParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Stockholm',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
/** Stockholm's offset from UTC during each UTC hour, kept: it changes only on the hour, and formatToParts is slow. */
const offsets = new Map<number, number>();

/**
 * The Stockholm clock's reading at `at`, as the milliseconds of the UTC moment with the same reading (read its parts
 * with getUTC*). Fast enough for every row of an export.
 */
export function stockholmWallTime(at: Date): number {
  const hour = Math.floor(at.getTime() / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const p = Object.fromEntries(wallParts.formatToParts(new Date(hour * HOUR_MS)).map((part) => [part.type, Number(part.value)]));
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - hour * HOUR_MS;
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return at.getTime() + offset;
}

/** The day in Stockholm at `at`, as 'YYYY-MM-DD' (a date column's value). */
export function stockholmDay(at: Date): string {
  return new Date(stockholmWallTime(at)).toISOString().slice(0, 10);
}

/** The year in Stockholm at `at`. */
export const stockholmYear = (at: Date): number => Number(stockholmDay(at).slice(0, 4));

/** A day ('YYYY-MM-DD') plus `days` calendar days (negative: before). */
export function addDays(day: string, days: number): string {
  // Noon UTC, so no change of offset moves it to another day.
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * `at` plus `days`: whole days as calendar days in Stockholm, at the same time of day there (so 14 days after 23:59 in
 * winter is 23:59 in summer, not 00:59 the day after), and a fraction as that part of 24 hours.
 */
export function addStockholmDays(at: Date, days: number): Date {
  const whole = Math.trunc(days);
  const wall = stockholmWallTime(at) + whole * DAY_MS;
  return new Date(fromStockholmWallTime(wall).getTime() + (days - whole) * DAY_MS);
}

/** The moment the Stockholm clock reads `wall` (as stockholmWallTime gives it): its offset at a first guess, then at the moment that guess gives. */
export function fromStockholmWallTime(wall: number): Date {
  let moment = wall - (stockholmWallTime(new Date(wall)) - wall);
  moment = wall - (stockholmWallTime(new Date(moment)) - moment);
  return new Date(moment);
}
