import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { attributeLabel } from '../../../resources/attributeLabel.js';
import { enums } from '../../../resources/enums.js';
import { applicationByUuid, changeApplication } from '../../applications/handled.js';
import { applicationRow, listApplications, listSpecs } from '../../applications/lists.js';
import { uuidPattern } from '../../applications/own.js';
import { historyOf, staffApplication } from '../../applications/staffView.js';
import { toCsv } from '../../csv.js';
import { AppError, notFound } from '../../errors.js';
import { parseListQuery } from '../../lists/listQuery.js';
import { periodIdByUuid } from '../../periods.js';
import { body, data, listPageSchema } from '../schemas.js';

const tags = ['applications'];
const exportColumns = ['id', 'reference', 'status', 'applicant', 'applicant_email', 'org_name', 'period', 'application_type', 'money', 'approved_money', 'sent_in_at', 'finished'];
const uuid = new RegExp(uuidPattern);
const manage: FastifyContextConfig = { access: { abilities: 'manage-applications' }, resource: 'applications' };
const manageOrInvestigate: FastifyContextConfig = { access: { abilities: { anyOf: ['manage-applications', 'investigate-applications'] } }, resource: 'applications' };
const investigate: FastifyContextConfig = { access: { abilities: 'investigate-applications' }, resource: 'applications' };

/** A malformed uuid is unknown like any other: 404, and no database error. */
function uuidParam(request: FastifyRequest, name = 'uuid'): string {
  const value = (request.params as Record<string, string>)[name];
  if (!uuid.test(value)) throw notFound();
  return value;
}

const nullable = (type: string, extra: object = {}) => ({ type: [type, 'null'], ...extra });
const dateTime = nullable('string', { format: 'date-time' });
const progress = {
  type: 'object',
  description: 'The six progress indicators (SPEC.md §3)',
  properties: {
    unhandled: { type: 'boolean', description: 'Received and not yet taken up' },
    unread_messages: { type: 'boolean', description: 'Always false until the dialogue exists' },
    followup_at: nullable('string', { description: 'YYYY-MM-DD' }),
    followup_sent_in_at: dateTime,
    distribution_mail_sent_at: dateTime,
    finished: { type: 'boolean' },
  },
};
const rowProperties = {
  id: { type: 'integer' },
  uuid: { type: 'string' },
  reference: nullable('string'),
  status: { type: 'integer' },
  applicant: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } } },
  org_name: nullable('string'),
  period: { type: 'object', properties: { id: { type: 'integer' }, uuid: { type: 'string' }, name: { type: 'string' } } },
  period_name: { type: 'string' },
  application_type: nullable('string', { description: 'The type’s label' }),
  money: nullable('integer', { description: 'Amount applied for, öre' }),
  money_value: nullable('integer', { description: 'The same as money: the name lists use' }),
  approved_money: nullable('integer', { description: 'öre' }),
  sent_in_at: dateTime,
  finished: { type: 'boolean' },
  progress,
};
const row = { type: 'object', properties: rowProperties };
const decidedRow = {
  type: 'object',
  properties: {
    ...rowProperties,
    org_city: nullable('string'),
    targets_text: { type: 'string', description: 'Labels of the target-group categories, joined with ", "' },
    purposes_text: { type: 'string' },
    focuses_text: { type: 'string' },
    approved_money_value: nullable('integer'),
    approved_fou: nullable('integer', { description: 'öre' }),
    approved_nok: nullable('integer', { description: 'öre' }),
    global_goals: { type: 'array', items: { type: 'integer' } },
    followup_at: nullable('string', { description: 'YYYY-MM-DD' }),
    followup_sent_in_at: dateTime,
  },
};
const listParameters = {
  page: { description: 'From 1' },
  per_page: { description: '50 unless given; at most 100' },
  sort: { description: 'A sortable column (see the summary); another is a 422' },
  direction: { description: 'asc (default) or desc' },
  'status[]': { description: 'Any of the statuses the list shows; another code is a 422' },
};
/** Documents the query; the values are checked by parseListQuery, with translated 422s. */
const querystring = (extra: Record<string, object>) => ({ type: 'object', properties: { ...listParameters, ...extra } });

const historyEntry = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    action: { type: 'string' },
    before: { type: ['object', 'null'], additionalProperties: true },
    after: { type: ['object', 'null'], additionalProperties: true },
    created_at: { type: 'string', format: 'date-time' },
    user: { type: ['object', 'null'], properties: { id: { type: 'integer' }, name: { type: 'string' } } },
  },
};

/** Staff may set any status but draft (SPEC.md §4), from any status. */
const settableStatuses: number[] = Object.values(enums.application_status).filter((s) => s !== enums.application_status.draft);

/**
 * Staff handling of applications (SPEC.md §2 applications area): the lists of all, decided and one period's
 * applications, one application with its history, and the status and finished changes, each written to the history.
 */
export default async function applicationRoutes(app: FastifyInstance) {
  const { db } = app;

  app.get(
    '/applications/all',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Applications sent in (ongoing, received, approved, rejected), 50 a page by reference; sort by reference, status, applicant, money, sent_in_at, created_at',
        querystring: querystring({
          period: { description: 'A period id' },
          search: { description: 'More than 2 characters: reference, organisation name, applicant’s name or e-mail' },
          unread: { description: 'true: applications with unread messages (none until the dialogue exists)' },
          followups: { description: 'true: follow-up requested and not yet sent in' },
        }),
        response: { 200: listPageSchema(row) },
      },
    },
    async (request) => ({ data: await listApplications(db, 'all', parseListQuery(listSpecs.all, request.query)) }),
  );

  app.get(
    '/applications/all/export',
    {
      config: manage,
      schema: {
        tags,
        summary: 'The list as filtered, searched and sorted, every page, as CSV (UTF-8, ;, money in kronor, statuses as codes)',
        querystring: querystring({ period: {}, search: {}, unread: {}, followups: {} }),
      },
    },
    async (request, reply) => {
      const { page: _page, per_page: _perPage, ...raw } = request.query as Record<string, unknown>;
      const { data: rows } = await listApplications(db, 'all', parseListQuery(listSpecs.all, raw, { paged: false }));
      const kronor = (ore: number | null) => (ore === null ? null : (ore / 100).toFixed(2));
      const csv = toCsv(
        rows.map((r) => ({
          ...r,
          applicant: r.applicant.name,
          applicant_email: r.applicant.email,
          period: r.period.name,
          money: kronor(r.money),
          approved_money: kronor(r.approved_money),
        })),
        exportColumns.map((key) => ({ key, header: key })),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="applications-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/applications/decided',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Approved and rejected applications with the decision’s parts, 50 a page by reference; sort by reference, applicant, money, approved_money, approved_fou, approved_nok, followup_sent_in_at, followup_at',
        querystring: querystring({
          organisation: { description: 'Organisation name contains (more than 2 characters)' },
          frontend_user: { description: 'An applicant’s id' },
          period: { description: 'A period id' },
          month: { description: 'YYYY-MM: sent in that month (Stockholm time)' },
        }),
        response: { 200: listPageSchema(decidedRow) },
      },
    },
    async (request) => ({ data: await listApplications(db, 'decided', parseListQuery(listSpecs.decided, request.query)) }),
  );

  app.get(
    '/applications/decisioning/:period_uuid',
    {
      config: investigate,
      schema: {
        tags,
        summary: 'One period’s applications for those who investigate, 50 a page by reference; sort by reference, status, applicant, period (name), money; no search',
        params: { type: 'object', required: ['period_uuid'], properties: { period_uuid: { type: 'string' } } },
        querystring: querystring({}),
        response: { 200: listPageSchema(row) },
      },
    },
    async (request) => {
      const periodId = await periodIdByUuid(db, uuidParam(request, 'period_uuid'));
      return { data: await listApplications(db, 'decisioning', parseListQuery(listSpecs.decisioning, request.query), periodId) };
    },
  );

  const uuidParams = { type: 'object', required: ['uuid'], properties: { uuid: { type: 'string' } } };

  app.get(
    '/applications/:uuid',
    {
      config: manageOrInvestigate,
      schema: {
        tags,
        summary: 'One application for staff: the form, categories, the type’s questions with the answers, files, the decision’s parts and the progress',
        params: uuidParams,
        response: { 200: data({ type: 'object', additionalProperties: true }) },
      },
    },
    async (request) => ({ data: await staffApplication(db, uuidParam(request)) }),
  );

  app.get(
    '/applications/:uuid/history',
    {
      config: manageOrInvestigate,
      schema: { tags, summary: 'What happened to the application, newest first, and who did it (null: the applicant or the system)', params: uuidParams, response: { 200: data({ type: 'array', items: historyEntry }) } },
    },
    async (request) => {
      const { id } = await applicationByUuid(db, uuidParam(request));
      return { data: await historyOf(db, id) };
    },
  );

  /** Changes one column of an application (recorded in its history) and answers its list row. */
  async function change(request: FastifyRequest, column: 'status' | 'finished', value: number | boolean) {
    const uuid = uuidParam(request);
    await changeApplication(db, uuid, column, value, request.staff!.id);
    return { data: (await applicationRow(db, uuid))! };
  }

  app.post(
    '/applications/:uuid/updateStatus',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Set the status: any but draft (SPEC.md §4); recorded in the history. Answers the list row',
        params: uuidParams,
        body: body({ status: { type: 'integer' } }),
        response: { 200: data(row) },
      },
    },
    async (request) => {
      const { status } = (request.body as { data: { status: number } }).data;
      if (!settableStatuses.includes(status)) {
        const attribute = attributeLabel((key, options) => request.t(key, options), 'status', 'applications');
        throw new AppError(422, 'validation.in', { params: { attribute }, errors: { status: ['validation.in'] } });
      }
      return change(request, 'status', status);
    },
  );

  app.post(
    '/applications/:uuid/finished',
    {
      config: manage,
      schema: { tags, summary: 'Mark the application finished or not; recorded in the history. Answers the list row', params: uuidParams, body: body({ finished: { type: 'boolean' } }), response: { 200: data(row) } },
    },
    async (request) => change(request, 'finished', (request.body as { data: { finished: boolean } }).data.finished),
  );
}
