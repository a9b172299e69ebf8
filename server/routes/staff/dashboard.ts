import { allowedEntityIds, mayReach } from '../../../resources/abilities.js';
import { staffUsers } from '../../../resources/staffUsers.js';
import { backupStatus } from '../../backups/status.js';
import { stockholmDay } from '../../clock.js';
import { screens } from '../../../resources/index.js';
import { decisionPeriodRows, openPeriodRows } from '../../periods.js';
import { sentInCounts } from '../../statistics/queries.js';
import { data, type Api } from '../schemas.js';
import { dashboard } from '../schemas/periods.js';

/**
 * What the staff dashboard shows: open periods for everyone, application counts for those who manage applications
 * (of their periods), every period the user may decide on, open or closed (null for those who may decide none), and
 * how the embedded database's backups stand for those who manage users.
 */
export default async function dashboardRoutes(app: Api) {
  app.get(
    '/dashboard',
    {
      config: { access: 'staff' },
      schema: { tags: ['dashboard'], summary: 'Figures for the staff dashboard', response: { 200: data(dashboard) } },
    },
    async (request) => {
      const openPeriods = await openPeriodRows(app.db, stockholmDay(app.clock.now()));
      // An ability for some periods only counts their applications.
      const manage = 'manage-applications';
      const counts = mayReach(request.abilities, manage)
        ? await sentInCounts(app.db, allowedEntityIds(request.abilities, manage, 'periods'))
        : null;
      const decide = screens.decisioning;
      const decisionPeriods = mayReach(request.abilities, decide)
        ? await decisionPeriodRows(app.db, allowedEntityIds(request.abilities, decide, 'periods'), stockholmDay(app.clock.now()))
        : null;
      // Those who manage users look after the system, so they see how its backups stand.
      const { backupDir } = app.config;
      const backup =
        backupDir && mayReach(request.abilities, staffUsers.ability) ? await backupStatus(app.db, backupDir, app.clock.now()) : null;
      return { data: { open_periods: openPeriods, application_counts: counts, decision_periods: decisionPeriods, backup } };
    },
  );
}
