import { attachmentHeader } from '../../uploads/fileName.js';
import { Type } from 'typebox';
import { statisticsTables, type StatisticsTable } from '../../../resources/statistics.js';
import { notFound } from '../../errors.js';
import { periodName } from '../../periods.js';
import { statisticsCsv, statisticsFileName } from '../../statistics/export.js';
import { payoutFigures } from '../../statistics/payoutFigures.js';
import { loadStatistics, type Statistics } from '../../statistics/queries.js';
import { data, id, type Api } from '../schemas.js';
import { statistics as statisticsSchema } from '../schemas/statistics.js';
import { queryPeriod } from '../scopes.js';

const periodQuery = { period: Type.Optional(id) };

/** Statistics of the applications sent in: of one period, or of every period. */
export default async function statisticsRoutes(app: Api) {
  // Without a period, the statistics of every period the caller holds the ability for.
  // Counts and sums of many applications: no drill-down names one.
  const config = { access: { abilities: 'manage-applications', scope: queryPeriod, reaches: 'nothing' } } as const;
  const tags = ['statistics'];

  /** The period asked for (404 when unknown), or null for every period. */
  async function periodOf(id: number | undefined): Promise<Statistics['period']> {
    if (id === undefined) return null;
    const period = await periodName(app.db, id);
    if (!period) throw notFound();
    return period;
  }

  app.get(
    '/statistics',
    {
      config,
      schema: {
        tags,
        summary:
          'Counts and sums (öre) of applications sent in: totals, by status, category, applicant type and month; and the payouts of the approved ones by period and year',
        querystring: Type.Object(periodQuery, { additionalProperties: false }),
        response: { 200: data(statisticsSchema) },
      },
    },
    async (request) => {
      const period = await periodOf(request.query.period);
      const [statistics, payouts] = await Promise.all([
        loadStatistics(app.db, period, request.scope),
        payoutFigures(app.db, period ? [period.id] : request.scope),
      ]);
      return { data: { ...statistics, payouts } };
    },
  );

  app.get(
    '/statistics/export',
    {
      config,
      schema: {
        tags,
        summary:
          'One table of the statistics as CSV for Excel in the language of Accept-Language (UTF-8 with BOM): sv-SE with ; and decimal commas, en-US with , and decimal points; amounts in kronor',
        querystring: Type.Object(
          { ...periodQuery, table: Type.Unsafe<StatisticsTable>({ type: 'string', enum: [...statisticsTables] }) },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const { table } = request.query;
      const statistics = await loadStatistics(app.db, await periodOf(request.query.period), request.scope);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentHeader(statisticsFileName(statistics, table, request.t)))
        .send(statisticsCsv(statistics, table, request));
    },
  );
}
