import type { FastifyInstance } from 'fastify';
import { enums } from '../../../resources/enums.js';
import { categoryChoices } from '../../applications/form.js';
import { ownApplications, visibleStatus } from '../../applications/own.js';
import { faqsInOrder } from '../../faqs.js';
import { openPeriods } from '../../periods.js';
import { data } from '../schemas.js';

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

const { approved } = enums.application_status;

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
      const rows = await ownApplications(db, request.applicant!.id);
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
    data: await faqsInOrder(db),
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
    async () => ({ data: await categoryChoices(db) }),
  );

  app.get(
    '/portal/periods',
    { config: { access: 'applicant' }, schema: { tags, summary: 'Open periods (not closed, today between start and end) with their application types and contacts', response: { 200: data({ type: 'array', items: period }) } } },
    async () => ({ data: await openPeriods(db) }),
  );
}
