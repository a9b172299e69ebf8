import { type EnumName, enumLabel } from '../../../resources/enums';
import type { JsonOf } from '../../../server/routes/schemas';
import type { statisticsFigures } from '../../../server/routes/schemas/statistics';

type StatisticsFigures = JsonOf<typeof statisticsFigures>;

/** One row of a table, whatever it groups by: a key for React, the label shown, the figures. */
export interface StatisticsGroup extends StatisticsFigures {
  key: string;
  label: string;
}

/** Rows grouped by an enumeration code, labelled in the chosen language ("Not given" for none). */
export function byEnum<R extends StatisticsFigures>(
  rows: R[],
  code: (row: R) => number | null,
  name: EnumName,
  translate: (key: string) => string,
  notGiven: string,
): StatisticsGroup[] {
  return rows.map((row) => {
    const value = code(row);
    const label = value === null ? notGiven : enumLabel(translate, name, value);
    return { key: String(value), label, applications: row.applications, applied: row.applied, approved: row.approved };
  });
}

/** 'YYYY-MM' -> 'jan. 2026' / 'Jan 2026'; the day in the middle of the month keeps every time zone in it. */
export function monthLabel(month: string | null, locale: string, noDate: string): string {
  if (!month) return noDate;
  const [year, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, m - 1, 15)));
}
