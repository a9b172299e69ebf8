import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { enums } from '../../resources/enums.js';
import { isOpen } from '../periods.js';
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

const { draft, received, approved, rejected } = enums.application_status;

/**
 * Status cloaking (SPEC.md §3): in a closed period that uses it, an applicant sees only approved or rejected once
 * decided, and a neutral "received" before that.
 */
export function visibleStatus(status: number, period: { closed: boolean; uses_status_cloaking: boolean }): number {
  if (!period.closed || !period.uses_status_cloaking) return status;
  return [draft, approved, rejected].includes(status as never) ? status : received;
}

const application = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    uuid: { type: 'string' },
    reference: { type: ['string', 'null'] },
    status: { type: 'integer' },
    money: { type: ['integer', 'null'] },
    approved_money: { type: ['integer', 'null'] },
    sent_in_at: { type: ['string', 'null'], format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
    period: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, open: { type: 'boolean' } } },
    application_type: { type: ['string', 'null'] },
  },
};

/** What signed-in applicants read in the portal: their applications, the FAQs and the open periods. */
export default async function portalRoutes(app: FastifyInstance) {
  const { db } = app;
  const tags = ['portal'];

  app.get(
    '/portal/applications',
    { config: { access: 'applicant' }, schema: { tags, summary: 'The applicant’s own applications, newest first, with status cloaking', response: { 200: data({ type: 'array', items: application }) } } },
    async (request) => {
      const rows = await db
        .selectFrom('applications as a')
        .innerJoin('periods as p', 'p.id', 'a.period_id')
        .leftJoin('application_types as t', 't.id', 'a.application_type_id')
        .select([
          'a.id', 'a.uuid', 'a.reference', 'a.status', 'a.money', 'a.approved_money', 'a.sent_in_at', 'a.updated_at',
          'p.id as period_id', 'p.name as period_name', 'p.closed', 'p.uses_status_cloaking', 'p.start_date', 'p.end_date', 't.label as application_type',
        ])
        .select(isOpen('p').as('period_open'))
        .where('a.frontend_user_id', '=', request.applicant!.id)
        .orderBy(sql`coalesce(a.sent_in_at, a.updated_at)`, 'desc')
        .execute();
      return {
        data: rows.map((row) => {
          const status = visibleStatus(row.status, row);
          return {
            id: row.id,
            uuid: row.uuid,
            reference: row.reference,
            status,
            money: row.money,
            // The granted amount only once the applicant may see the decision.
            approved_money: status === approved ? row.approved_money : null,
            sent_in_at: row.sent_in_at,
            updated_at: row.updated_at,
            period: { id: row.period_id, name: row.period_name, open: row.period_open },
            application_type: row.application_type,
          };
        }),
      };
    },
  );

  // Anyone may read the FAQ: the footer links to it from every page, before registering too.
  app.get('/portal/faqs', { config: { access: 'anonymous' }, schema: { tags, summary: 'The FAQs in their order, for anyone', response: { 200: data({ type: 'array', items: faq }) } } }, async () => ({
    data: await db.selectFrom('faqs').select(['id', 'question', 'answer']).orderBy('order').orderBy('id').execute(),
  }));

  app.get(
    '/portal/categories',
    {
      config: { access: 'applicant' },
      schema: {
        tags,
        summary: 'The categories an application can name (target groups, purposes, geographic areas, focus areas), by type and label',
        response: { 200: data({ type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, label: { type: 'string' }, type: { type: 'integer' } } } }) },
      },
    },
    async () => ({ data: await db.selectFrom('categories').select(['id', 'label', 'type']).orderBy('type').orderBy(sql`label collate swedish`).orderBy('id').execute() }),
  );

  app.get(
    '/portal/periods',
    { config: { access: 'applicant' }, schema: { tags, summary: 'Open periods (not closed, today between start and end) with their application types and contacts', response: { 200: data({ type: 'array', items: period }) } } },
    async () => {
      const periods = await db
        .selectFrom('periods as p')
        .select(['p.id', 'p.uuid', 'p.name', 'p.start_date', 'p.end_date'])
        .where(isOpen('p'))
        .orderBy('p.end_date')
        .orderBy('p.id')
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
