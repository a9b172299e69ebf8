import { hasAbility } from '../../../resources/abilities.js';
import { openPeriodRows } from '../../periods.js';
import { sentInCounts } from '../../statistics/queries.js';
import type { Api } from '../schemas.js';

/** What the staff dashboard shows: open periods for everyone, application counts for those who manage applications. */
export default async function dashboardRoutes(app: Api) {
  app.get(
    '/dashboard',
    { config: { access: 'staff' }, schema: { tags: ['dashboard'], summary: 'Figures for the staff dashboard' } },
    async (request) => {
      const openPeriods = await openPeriodRows(app.db);
      const counts = hasAbility(request.abilities, 'manage-applications') ? await sentInCounts(app.db) : null;
      return { data: { open_periods: openPeriods, application_counts: counts } };
    },
  );
}
