import { allowedEntityIds, mayReach } from '../../../resources/abilities.js';
import { openPeriodRows } from '../../periods.js';
import { sentInCounts } from '../../statistics/queries.js';
import type { Api } from '../schemas.js';

/** What the staff dashboard shows: open periods for everyone, application counts for those who manage applications (of their periods). */
export default async function dashboardRoutes(app: Api) {
  app.get(
    '/dashboard',
    { config: { access: 'staff' }, schema: { tags: ['dashboard'], summary: 'Figures for the staff dashboard' } },
    async (request) => {
      const openPeriods = await openPeriodRows(app.db);
      // An ability for some periods only counts their applications.
      const manage = 'manage-applications';
      const counts = mayReach(request.abilities, manage)
        ? await sentInCounts(app.db, allowedEntityIds(request.abilities, manage, 'periods'))
        : null;
      return { data: { open_periods: openPeriods, application_counts: counts } };
    },
  );
}
