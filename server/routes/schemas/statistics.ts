import { Type } from 'typebox';
import { categoryTypeKeys, type CategoryTypeKey } from '../../../resources/statistics.js';
import { money, Nullable } from '../schemas.js';

// The statistics of applications sent in (GET /statistics, server/statistics/queries.ts). Money in öre.
const { Integer } = Type;
const Text = Type.String;

const figures = {
  applications: Integer(),
  applied: money({ description: 'Sum of the amounts applied for' }),
  approved: money({ description: 'Sum of the amounts granted, of approved applications only' }),
};
/** What every table of the statistics counts and sums. */
export const statisticsFigures = Type.Object(figures);

/** The totals add what the follow-up reports sent in tell. */
export const statisticsTotals = Type.Object({
  ...figures,
  participants: Integer({ description: 'Sum of the participants of the follow-ups sent in' }),
  events: Integer({ description: 'Sum of the events held, of the follow-ups sent in' }),
});

export const categoryStatistics = Type.Object({ category_id: Integer(), label: Text(), ...figures });

const categories = Type.Array(categoryStatistics, { description: 'Per category of the type, most applications first' });
const byCategoryType = Type.Object(
  Object.fromEntries(categoryTypeKeys.map((key) => [key, categories])) as Record<CategoryTypeKey, typeof categories>,
);

const payoutFigures = {
  approved: money({ description: 'Sum granted to approved applications' }),
  paid: money({ description: 'Sum of their payouts paid' }),
  outstanding: money({ description: 'Approved less paid and lapsed' }),
  lapsed: money({ description: 'Sum of their instalments that lapsed unasked' }),
  repaid: money({ description: 'Sum of their repayments received' }),
};
/** What became of the money granted: per period, and per year of the periods' start. */
export const payoutStatistics = Type.Object({
  totals: Type.Object(payoutFigures),
  by_period: Type.Array(Type.Object({ period_id: Integer(), name: Text(), ...payoutFigures }), { description: 'Newest period first' }),
  by_year: Type.Array(Type.Object({ year: Integer({ description: 'The year its periods start' }), ...payoutFigures }), {
    description: 'Newest first: the sums of the periods that start in the year',
  }),
});

export const statistics = Type.Object({
  period: Nullable(Type.Object({ id: Integer(), name: Text() }, { description: 'The period asked for; null for every period' })),
  totals: statisticsTotals,
  by_status: Type.Array(Type.Object({ status: Integer(), ...figures })),
  by_category_type: byCategoryType,
  by_applicant_type: Type.Array(Type.Object({ applicant_type: Nullable(Integer()), ...figures })),
  by_month: Type.Array(Type.Object({ month: Nullable(Text({ description: 'YYYY-MM of sent_in_at in Europe/Stockholm' })), ...figures })),
  payouts: payoutStatistics,
});
