import { sql } from 'kysely';
import { enums } from '../../resources/enums.js';
import type { Db } from '../db/connect.js';
import { exactOre } from './queries.js';

// What became of the money granted, per period and per year (the year the period starts): the amount approved, what
// of it was paid, what lapsed unasked, what is still outstanding (approved less paid and lapsed), and what was paid
// back (repayments received). Every sum comes from tallies kept per period by triggers (the applications' of migration
// 0014, the payouts' of 0027), so the cost does not grow with the applications or their payouts.

interface Row {
  period_id: number;
  name: string;
  start_date: string;
  approved: string;
  paid: string;
  lapsed: string;
  repaid: string;
}

const figures = (row: Pick<Row, 'approved' | 'paid' | 'lapsed' | 'repaid'>) => {
  const approved = exactOre(row.approved);
  const paid = exactOre(row.paid);
  const lapsed = exactOre(row.lapsed);
  return { approved, paid, outstanding: approved - paid - lapsed, lapsed, repaid: exactOre(row.repaid) };
};
export type PayoutFigures = ReturnType<typeof figures>;

const sumFigures = (all: PayoutFigures[]): PayoutFigures =>
  all.reduce(
    (sum, f) => ({
      approved: sum.approved + f.approved,
      paid: sum.paid + f.paid,
      outstanding: sum.outstanding + f.outstanding,
      lapsed: sum.lapsed + f.lapsed,
      repaid: sum.repaid + f.repaid,
    }),
    { approved: 0, paid: 0, outstanding: 0, lapsed: 0, repaid: 0 },
  );

/** The payout figures of the periods given (null: every period): totals, per period (newest first) and per year. */
export async function payoutFigures(db: Db, periods: number[] | null) {
  const of = (alias: string) => (periods === null ? sql`true` : sql`${sql.ref(`${alias}.period_id`)} = ANY(${periods}::int[])`);
  const { rows } = await sql<Row>`
    WITH approved AS (
      SELECT t.period_id, sum(t.approved) AS amount FROM application_tallies t
      WHERE t.status = ${enums.application_status.approved} AND t.approved <> 0 AND ${of('t')} GROUP BY t.period_id
    ), payouts AS (
      SELECT t.period_id, t.paid, t.lapsed, t.repaid FROM payout_tallies t
      WHERE (t.paid <> 0 OR t.lapsed <> 0 OR t.repaid <> 0) AND ${of('t')}
    )
    SELECT pe.id AS period_id, pe.name, pe.start_date::text AS start_date,
      coalesce(ap.amount, 0)::text AS approved, coalesce(pa.paid, 0)::text AS paid,
      coalesce(pa.lapsed, 0)::text AS lapsed, coalesce(pa.repaid, 0)::text AS repaid
    FROM approved ap
    FULL JOIN payouts pa USING (period_id)
    JOIN periods pe ON pe.id = period_id
  `.execute(db);
  // Newest period first.
  const byPeriod = rows
    .sort((a, b) => b.start_date.localeCompare(a.start_date) || b.period_id - a.period_id)
    .map((row) => ({ period_id: row.period_id, name: row.name, year: Number(row.start_date.slice(0, 4)), ...figures(row) }));
  const years = [...new Set(byPeriod.map((row) => row.year))].sort((a, b) => b - a);
  return {
    totals: sumFigures(byPeriod),
    by_period: byPeriod.map(({ year: _year, ...row }) => row),
    by_year: years.map((year) => ({ year, ...sumFigures(byPeriod.filter((row) => row.year === year)) })),
  };
}
