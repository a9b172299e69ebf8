import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { data } from './schemas.js';

const faq = { type: 'object', properties: { id: { type: 'integer' }, question: { type: 'string' }, answer: { type: 'string' } } };
const period = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    uuid: { type: 'string' },
    name: { type: 'string' },
    start_date: { type: 'string' },
    end_date: { type: 'string' },
    application_types: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, label: { type: 'string' } } } },
    contacts: {
      type: 'array',
      items: { type: 'object', properties: { first_name: { type: 'string' }, last_name: { type: 'string' }, title: { type: ['string', 'null'] }, email: { type: ['string', 'null'] }, phone: { type: ['string', 'null'] } } },
    },
  },
};

/** What signed-in applicants read in the portal: the FAQs and the open periods. */
export default async function portalRoutes(app: FastifyInstance) {
  const { db } = app;
  const tags = ['portal'];

  app.get('/portal/faqs', { config: { access: 'applicant' }, schema: { tags, summary: 'The FAQs in their order', response: { 200: data({ type: 'array', items: faq }) } } }, async () => ({
    data: await db.selectFrom('faqs').select(['id', 'question', 'answer']).orderBy('order').orderBy('id').execute(),
  }));

  app.get(
    '/portal/periods',
    { config: { access: 'applicant' }, schema: { tags, summary: 'Open periods (not closed, today between start and end) with their application types and contacts', response: { 200: data({ type: 'array', items: period }) } } },
    async () => {
      const periods = await db
        .selectFrom('periods')
        .select(['id', 'uuid', 'name', 'start_date', 'end_date'])
        .where('closed', '=', false)
        .where('start_date', '<=', sql<string>`current_date`)
        .where('end_date', '>=', sql<string>`current_date`)
        .orderBy('end_date')
        .orderBy('id')
        .execute();
      const ids = periods.map((p) => p.id);
      const types = ids.length
        ? await db
            .selectFrom('period_application_types as pt')
            .innerJoin('application_types as t', 't.id', 'pt.application_type_id')
            .select(['pt.period_id', 't.id', 't.label'])
            .where('pt.period_id', 'in', ids)
            .orderBy(sql`t.label collate swedish`)
            .execute()
        : [];
      const contacts = ids.length
        ? await db
            .selectFrom('period_contacts as pc')
            .innerJoin('contacts as c', 'c.id', 'pc.contact_id')
            .select(['pc.period_id', 'c.first_name', 'c.last_name', 'c.title', 'c.email', 'c.phone'])
            .where('pc.period_id', 'in', ids)
            .orderBy('pc.order')
            .execute()
        : [];
      return {
        data: periods.map((p) => ({
          ...p,
          application_types: types.filter((t) => t.period_id === p.id).map(({ id, label }) => ({ id, label })),
          contacts: contacts.filter((c) => c.period_id === p.id).map(({ period_id: _, ...contact }) => contact),
        })),
      };
    },
  );
}
