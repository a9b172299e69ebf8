import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { hasAbility } from '../../resources/abilities.js';
import { status } from '../../resources/enums.js';
import { isOpen } from '../periods.js';

/** What the staff dashboard shows: open periods for everyone, application counts for those who manage applications. */
export default async function dashboardRoutes(app: FastifyInstance) {
  app.get('/dashboard', { config: { access: 'staff' }, schema: { tags: ['dashboard'], summary: 'Figures for the staff dashboard' } }, async (request) => {
    const openPeriods = await app.db
      .selectFrom('periods as p')
      .select(['p.id', 'p.uuid', 'p.name', 'p.start_date', 'p.end_date'])
      .where(isOpen('p'))
      .orderBy('p.end_date')
      .execute();
    let counts: { status: number; count: number }[] | null = null;
    if (hasAbility(request.abilities, 'manage-applications')) {
      counts = await app.db
        .selectFrom('applications')
        .select(['status', sql<number>`count(*)::int`.as('count')])
        .where('status', '!=', status.draft)
        .groupBy('status')
        .orderBy('status')
        .execute();
    }
    return { data: { open_periods: openPeriods, application_counts: counts } };
  });
}
