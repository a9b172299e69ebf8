import { Type } from 'typebox';
import { getRecord } from '../../resources/repository.js';
import { periods } from '../../../resources/periods.js';
import { notFound } from '../../errors.js';
import { setPeriodClosed } from '../../periods.js';
import { id, type Api } from '../schemas.js';
import { record } from '../scopes.js';

/** Opening and closing a period (SPEC.md §4): a closed period refuses new applications. */
export default async function periodRoutes(app: Api) {
  const config = { access: { abilities: 'manage-periods', scope: record('periods') }, resource: 'periods' } as const;
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
