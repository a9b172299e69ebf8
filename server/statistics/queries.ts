import { sql } from 'kysely';
import { categoryTypeKeys, type CategoryTypeKey } from '../../resources/statistics.js';
import { enums, status } from '../../resources/enums.js';
import type { Db } from '../db/connect.js';

/**
 * Öre from a PostgreSQL sum sent as text: sum(bigint) is numeric, which would otherwise pass through a float.
 * BigInt reads it exactly; a sum beyond 2^53 öre (90 billion kronor) is refused rather than rounded.
 */
export function exactOre(text: string): number {
  const value = BigInt(text);
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) throw new Error(`Sum out of range: ${text}`);
  return Number(value);
}

interface FigureRow {
  applications: number;
  applied: string;
  approved: string;
}

/** What every table counts and sums: applications, the amounts applied for and those granted to approved ones. */
const figures = (row: FigureRow) => ({
  applications: row.applications,
  applied: exactOre(row.applied),
  approved: exactOre(row.approved),
});
export type StatisticsFigures = ReturnType<typeof figures>;
type CategoryStatistics = { category_id: number; label: string } & StatisticsFigures;
type ByCategoryType = Record<CategoryTypeKey, CategoryStatistics[]>;

/**
 * The aggregates every table shows, over the tallies `t` the database keeps of the applications sent in (migration
 * 0014): count, sum applied for, sum granted to approved applications. Summing a few hundred tally rows rather than
 * every application keeps the statistics as quick at a million applications as at a thousand.
 */
const aggregates = sql`
  coalesce(sum(t.applications), 0)::int AS applications,
  coalesce(sum(t.applied), 0)::text AS applied,
  coalesce(sum(t.approved) FILTER (WHERE t.status = ${status.approved}), 0)::text AS approved`;

/** Tally rows with applications in them, of the periods given or of every period (null). */
const counting = (periods: Periods) =>
  periods === null ? sql`t.applications > 0` : sql`t.applications > 0 AND t.period_id = ANY(${periods}::int[])`;

/** Some periods' ids, or null for every period. */
type Periods = number[] | null;

interface GroupedRow extends FigureRow {
  kind: 'total' | 'status' | 'applicant_type' | 'month';
  status: number | null;
  applicant_type: number | null;
  month: string | null;
  participants: string;
  events: string;
}

/** Totals (with the follow-ups' participants and events) and the tables by status, applicant type and month. */
async function groupedFigures(db: Db, periods: Periods) {
  const { rows } = await sql<GroupedRow>`
    SELECT CASE WHEN grouping(t.status) = 0 THEN 'status'
                WHEN grouping(t.applicant_type) = 0 THEN 'applicant_type'
                WHEN grouping(t.month) = 0 THEN 'month'
                ELSE 'total' END AS kind,
           t.status, t.applicant_type, t.month, ${aggregates},
           coalesce(sum(t.participants), 0)::text AS participants, coalesce(sum(t.events), 0)::text AS events
    FROM application_tallies t
    WHERE ${counting(periods)}
    GROUP BY GROUPING SETS ((), (t.status), (t.applicant_type), (t.month))
  `.execute(db);
  return rows;
}

interface CategoryRow extends FigureRow {
  type: number;
  category_id: number;
  label: string;
}

/** Per category, most applications first, then by Swedish label. */
async function categoryFigures(db: Db, periods: Periods) {
  const { rows } = await sql<CategoryRow>`
    SELECT c.type, c.id AS category_id, c.label, ${aggregates}
    FROM category_tallies t
    JOIN categories c ON c.id = t.category_id
    WHERE ${counting(periods)}
    GROUP BY c.id
    ORDER BY sum(t.applications) DESC, c.label COLLATE swedish, c.id
  `.execute(db);
  return rows;
}

/** Position of a code in its enumeration's declared order (received, ongoing, approved, rejected); unknown last. */
function declaredOrder(values: readonly number[], value: number | null): number {
  const index = value === null ? -1 : values.indexOf(value);
  return index === -1 ? values.length : index;
}

/**
 * Everything GET /statistics answers, in two queries run side by side: of one period, or without one of `within`
 * (the periods the caller holds the ability for; null for every period).
 */
export async function loadStatistics(db: Db, period: { id: number; name: string } | null, within: Periods) {
  const periods = period ? [period.id] : within;
  const [grouped, categories] = await Promise.all([groupedFigures(db, periods), categoryFigures(db, periods)]);
  const of = (kind: GroupedRow['kind']) => grouped.filter((row) => row.kind === kind);

  const statusOrder = Object.values(enums.application_status) as number[];
  const applicantOrder = Object.values(enums.applicant_type) as number[];
  const total = of('total')[0];
  const byCategoryType = Object.fromEntries(categoryTypeKeys.map((key) => [key, [] as CategoryStatistics[]])) as ByCategoryType;
  const typeKeys = new Map(categoryTypeKeys.map((key) => [enums.category_type[key] as number, key]));
  for (const row of categories) {
    const key = typeKeys.get(row.type);
    if (key) byCategoryType[key].push({ category_id: row.category_id, label: row.label, ...figures(row) });
  }
  return {
    period,
    totals: { ...figures(total), participants: exactOre(total.participants), events: exactOre(total.events) },
    by_status: of('status')
      .sort((a, b) => declaredOrder(statusOrder, a.status) - declaredOrder(statusOrder, b.status))
      .map((row) => ({ status: row.status!, ...figures(row) })),
    by_category_type: byCategoryType,
    by_applicant_type: of('applicant_type')
      .sort((a, b) => declaredOrder(applicantOrder, a.applicant_type) - declaredOrder(applicantOrder, b.applicant_type))
      .map((row) => ({ applicant_type: row.applicant_type, ...figures(row) })),
    // 'YYYY-MM' sorts as text; an application without a sent-in date (only possible by hand) comes last.
    by_month: of('month')
      .sort((a, b) => (a.month ?? '9999').localeCompare(b.month ?? '9999'))
      .map((row) => ({ month: row.month, ...figures(row) })),
  };
}

/** The statistics as GET /statistics answers them (server/routes/schemas/statistics.ts says each part). */
export type Statistics = Awaited<ReturnType<typeof loadStatistics>>;

/** How many applications sent in have each status (the staff dashboard's figures), of the periods given or of all. */
export async function sentInCounts(db: Db, periods: Periods): Promise<{ status: number; count: number }[]> {
  const { rows } = await sql<{ status: number; count: number }>`
    SELECT t.status, sum(t.applications)::int AS count
    FROM application_tallies t
    WHERE ${counting(periods)}
    GROUP BY t.status
    ORDER BY t.status
  `.execute(db);
  return rows;
}
