import { Type } from 'typebox';
import { getRecord } from '../../settingsEngine/repository.js';
import { screens } from '../../../resources/index.js';
import { periods } from '../../../resources/periods.js';
import { stockholmDay } from '../../clock.js';
import { notFound } from '../../errors.js';
import { decisionPeriodRows, setPeriodClosed } from '../../periods.js';
import { data, id, type Api } from '../schemas.js';
import { decisionPeriod } from '../schemas/periods.js';
import { periodsList, record } from '../scopes.js';

/**
 * Opening and closing a period: a closed period refuses new applications. And the periods a user may
 * decide on, each leading to its decisioning list: a closed period is where deciding happens, so not only open ones.
 */
export default async function periodRoutes(app: Api) {
  app.get(
    '/periods/decisioning',
    {
      config: { access: { abilities: screens.decisioning, scope: periodsList, reaches: 'nothing' } },
      schema: {
        tags: ['periods'],
        summary: 'The periods whose applications the caller may decide on, open or not: the closed ones first, latest ended first',
        response: { 200: data(Type.Array(decisionPeriod)) },
      },
    },
    async (request) => ({ data: await decisionPeriodRows(app.db, request.scope, stockholmDay(app.clock.now())) }),
  );

  const config = { access: { abilities: 'manage-periods', scope: record('periods'), reaches: 'nothing' }, resource: 'periods' } as const;
  for (const [action, closed] of [
    ['open', false],
    ['close', true],
  ] as const) {
    app.post(
      `/periods/:id/${action}`,
      {
        config,
        schema: {
          tags: ['periods'],
          summary: `${action === 'open' ? 'Opens' : 'Closes'} the period`,
          params: Type.Object({ id }),
        },
      },
      async (request) => {
        if (!(await setPeriodClosed(app.db, request.params.id, closed))) throw notFound();
        return { data: await getRecord(app.db, periods, request.params.id) };
      },
    );
  }
}
