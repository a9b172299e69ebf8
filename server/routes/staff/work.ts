import { stockholmDay } from '../../clock.js';
import { workOf } from '../../work/workItems.js';
import { data, type Api } from '../schemas.js';
import { work } from '../schemas/work.js';

/** What needs the signed-in staff user today: each item counted by its own list, as the dashboard opens them. */
export default async function workRoutes(app: Api) {
  app.get(
    '/work',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['dashboard'],
        summary:
          'What needs the signed-in user today (Stockholm): unread messages, follow-ups to read and overdue, decisions not released, payouts to prepare and to attest, reviews to do, applications nobody investigates, each the total of its list under its filter; and their next meeting',
        response: { 200: data(work) },
      },
    },
    async (request) => {
      const worker = { userId: request.staff!.id, abilities: request.abilities, viewer: request.viewer };
      return { data: await workOf(app.db, worker, stockholmDay(app.clock.now())) };
    },
  );
}
