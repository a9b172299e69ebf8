import { sql } from 'kysely';
import { categoryTypeKeys, type CategoryStatistics, type Statistics, type StatisticsFigures } from '../../resources/statistics.js';
import { enums, status } from '../../resources/enums.js';
import type { Db } from '../db/connect.js';

/** Months are counted as the foundation sees them: an application sent in at 00:30 on 1 February is February's. */
const TIME_ZONE = 'Europe/Stockholm';

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

const figures = (row: FigureRow): StatisticsFigures => ({
  applications: row.applications,
  applied: exactOre(row.applied),
  approved: exactOre(row.approved),
});

/** The aggregates every table shows, over `a`: count, sum applied for, sum granted to approved applications. */
const aggregates = sql`
  count(*)::int AS applications,
  coalesce(sum(a.money), 0)::text AS applied,
  coalesce(sum(a.approved_money) FILTER (WHERE a.status = ${status.approved}), 0)::text AS approved`;

/** Of the periods given, or of every period (null). */
const ofPeriods = (periods: Periods) => (periods === null ? sql`` : sql` AND a.period_id = ANY(${periods}::int[])`);

/** Applications sent in (not drafts), of the periods given or of all. */
const sentIn = (periods: Periods) => sql`a.status <> ${status.draft}${ofPeriods(periods)}`;

/** Some periods' ids, or null for every period. */
type Periods = number[] | null;

interface GroupedRow extends FigureRow {
  kind: 'total' | 'status' | 'applicant_type' | 'month';
  status: number | null;
  applicant_type: number | null;
  month: string | null;
}

/** Totals and the tables by status, applicant type and month in one scan, as grouping sets. */
async function groupedFigures(db: Db, periods: Periods) {
  const { rows } = await sql<GroupedRow>`
    SELECT CASE WHEN grouping(a.status) = 0 THEN 'status'
                WHEN grouping(a.applicant_type) = 0 THEN 'applicant_type'
                WHEN grouping(a.month) = 0 THEN 'month'
                ELSE 'total' END AS kind,
           a.status, a.applicant_type, a.month, ${aggregates}
    FROM (
      SELECT a.status, a.applicant_type, a.money, a.approved_money,
             to_char(a.sent_in_at AT TIME ZONE ${TIME_ZONE}, 'YYYY-MM') AS month
      FROM applications a
      WHERE ${sentIn(periods)}
    ) a
    GROUP BY GROUPING SETS ((), (a.status), (a.applicant_type), (a.month))
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
    FROM applications a
    JOIN application_categories ac ON ac.application_id = a.id
    JOIN categories c ON c.id = ac.category_id
    WHERE ${sentIn(periods)}
    GROUP BY c.id
    ORDER BY count(*) DESC, c.label COLLATE swedish, c.id
  `.execute(db);
  return rows;
}

/** Participants and events summed over the follow-ups sent in, of the periods given or of all. */
async function followupFigures(db: Db, periods: Periods) {
  const { rows } = await sql<{ participants: string; events: string }>`
    SELECT coalesce(sum(f.participants), 0)::text AS participants, coalesce(sum(f.events), 0)::text AS events
    FROM application_followups f
    JOIN applications a ON a.id = f.application_id
    WHERE a.followup_sent_in_at IS NOT NULL${ofPeriods(periods)}
  `.execute(db);
  return { participants: exactOre(rows[0].participants), events: exactOre(rows[0].events) };
}

/** Position of a code in its enumeration's declared order (received, ongoing, approved, rejected); unknown last. */
function declaredOrder(values: readonly number[], value: number | null): number {
  const index = value === null ? -1 : values.indexOf(value);
  return index === -1 ? values.length : index;
}

/**
 * Everything GET /statistics answers, in three queries run side by side: of one period, or without one of `within`
 * (the periods the caller holds the ability for; null for every period).
 */
export async function loadStatistics(db: Db, period: Statistics['period'], within: Periods = null): Promise<Statistics> {
  const periods = period ? [period.id] : within;
  const [grouped, categories, followups] = await Promise.all([
    groupedFigures(db, periods),
    categoryFigures(db, periods),
    followupFigures(db, periods),
  ]);
  const of = (kind: GroupedRow['kind']) => grouped.filter((row) => row.kind === kind);

  const statusOrder = Object.values(enums.application_status) as number[];
  const applicantOrder = Object.values(enums.applicant_type) as number[];
  const total = of('total')[0];
  const byCategoryType = Object.fromEntries(
    categoryTypeKeys.map((key) => [key, [] as CategoryStatistics[]]),
  ) as Statistics['by_category_type'];
  const typeKeys = new Map(categoryTypeKeys.map((key) => [enums.category_type[key] as number, key]));
  for (const row of categories) {
    const key = typeKeys.get(row.type);
    if (key) byCategoryType[key].push({ category_id: row.category_id, label: row.label, ...figures(row) });
  }
  return {
    period,
    totals: { ...(total ? figures(total) : { applications: 0, applied: 0, approved: 0 }), ...followups },
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

/** How many applications sent in have each status (the staff dashboard's figures), of the periods given or of all. */
export function sentInCounts(db: Db, periods: Periods): Promise<{ status: number; count: number }[]> {
  return db
    .selectFrom('applications')
    .select(['status', sql<number>`count(*)::int`.as('count')])
    .where('status', '!=', status.draft)
    .$if(periods !== null, (q) => q.where('period_id', 'in', periods?.length ? periods : [-1]))
    .groupBy('status')
    .orderBy('status')
    .execute();
}
