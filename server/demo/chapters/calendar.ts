/** A day of the demo: so many days before today, or [month (1-12), day] of last year. */
export type DemoDay = number | [month: number, day: number];

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as 'YYYY-MM-DD', in this machine's time zone as the demo's moments are. */
export const isoDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The demo's dates, all counted from `today`: this year's period is running, last year's long closed. */
export function demoCalendar(today: Date) {
  const year = today.getFullYear();
  const lastYear = year - 1;
  /** A moment `days` before today, at the given time of day. */
  const daysAgo = (days: number, hour = 10, minute = 0) => new Date(year, today.getMonth(), today.getDate() - days, hour, minute);
  /** A demo day at the given time of day. */
  const moment = (day: DemoDay, hour: number, minute: number) =>
    typeof day === 'number' ? daysAgo(day, hour, minute) : new Date(lastYear, day[0] - 1, day[1], hour, minute);
  return { year, lastYear, daysAgo, moment };
}

export type DemoCalendar = ReturnType<typeof demoCalendar>;
