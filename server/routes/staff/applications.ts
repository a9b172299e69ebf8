import { Readable } from 'node:stream';
import type { FastifyContextConfig } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { attributeLabel } from '../../../resources/attributeLabel.js';
import { enums } from '../../../resources/enums.js';
import { changeStatus } from '../../applications/decisions.js';
import { exportCsv } from '../../applications/exportCsv.js';
import { applicationRow, exportedBatches, listApplications, listSpecs } from '../../applications/lists.js';
import { applicationByUuid, changeApplication } from '../../applications/staffReach.js';
import { historyOf, staffApplication } from '../../applications/staffView.js';
import { recordView } from '../../applications/history.js';
import { stockholmDay } from '../../clock.js';
import { AppError } from '../../errors.js';
import { parseListQuery } from '../../lists/listQuery.js';
import { periodIdByUuid } from '../../periods.js';
import { applicationPeriod, pathPeriod, periodsList } from '../scopes.js';
import {
  anyObject,
  body,
  data,
  dateTime,
  knownUuids,
  listPageSchema,
  Nullable,
  nullableAnyObject,
  nullableDateTime,
  type Api,
} from '../schemas.js';

const tags = ['applications'];
// An ability granted for one period covers its applications: the lists show only those, one application is checked.
const manageList: FastifyContextConfig = { access: { abilities: 'manage-applications', scope: periodsList }, resource: 'applications' };
const manageOne: FastifyContextConfig = {
  access: { abilities: 'manage-applications', scope: applicationPeriod },
  resource: 'applications',
};
const manageOrInvestigateOne: FastifyContextConfig = {
  access: { abilities: { anyOf: ['manage-applications', 'investigate-applications'] }, scope: applicationPeriod },
  resource: 'applications',
};
const investigatePeriod: FastifyContextConfig = {
  access: { abilities: 'investigate-applications', scope: pathPeriod },
  resource: 'applications',
};

/** A malformed uuid is unknown like any other: 404, and no database error. */
function known(uuid: string): string {
  knownUuids(uuid);
  return uuid;
}

const { Optional, Integer, Boolean } = Type;
const Text = Type.String;
const progress = Type.Object(
  {
    unhandled: Optional(Boolean({ description: 'Received and not yet taken up' })),
    unread_messages: Optional(Boolean({ description: 'The applicant has written and staff have not read the dialogue since' })),
    followup_at: Optional(Nullable(Text({ description: 'YYYY-MM-DD' }))),
    followup_sent_in_at: Optional(nullableDateTime),
    distribution_mail_sent_at: Optional(nullableDateTime),
    decision_changed_after_mail: Optional(
      Boolean({ description: 'A decision mail was sent, and the decision has changed since: the applicant has not been told this one' }),
    ),
    finished: Optional(Boolean()),
  },
  { description: 'The six progress indicators (SPEC.md §3)' },
);
const rowProperties = {
  id: Optional(Integer()),
  uuid: Optional(Text()),
  reference: Optional(Nullable(Text())),
  status: Optional(Integer()),
  applicant: Optional(
    Nullable(
      Type.Object(
        { id: Optional(Integer()), name: Optional(Text()), email: Optional(Text()) },
        { description: 'Null once the application is anonymised' },
      ),
    ),
  ),
  org_name: Optional(Nullable(Text())),
  period: Optional(Type.Object({ id: Optional(Integer()), uuid: Optional(Text()), name: Optional(Text()) })),
  period_name: Optional(Text()),
  application_type: Optional(Nullable(Text({ description: 'The type’s label' }))),
  money: Optional(Nullable(Integer({ description: 'Amount applied for, öre' }))),
  money_value: Optional(Nullable(Integer({ description: 'The same as money: the name lists use' }))),
  approved_money: Optional(Nullable(Integer({ description: 'öre' }))),
  sent_in_at: Optional(nullableDateTime),
  finished: Optional(Boolean()),
  progress: Optional(progress),
};
const row = Type.Object(rowProperties);
const decidedRow = Type.Object({
  ...rowProperties,
  org_city: Optional(Nullable(Text())),
  targets_text: Optional(Text({ description: 'Labels of the target-group categories, joined with ", "' })),
  purposes_text: Optional(Text()),
  focuses_text: Optional(Text()),
  approved_money_value: Optional(Nullable(Integer())),
  approved_fou: Optional(Nullable(Integer({ description: 'öre' }))),
  approved_nok: Optional(Nullable(Integer({ description: 'öre' }))),
  global_goals: Optional(Type.Array(Integer(), { description: 'The applicant’s answer' })),
  decision_global_goals: Optional(Type.Array(Integer(), { description: 'The global goals the decision names' })),
  followup_at: Optional(Nullable(Text({ description: 'YYYY-MM-DD' }))),
  followup_sent_in_at: Optional(nullableDateTime),
  distribution_mail_sent_at: Optional(nullableDateTime),
});
/** A query parameter the list grammar reads (any value here: parseListQuery checks it, with translated 422s). */
const described = (description?: string) => Optional(Type.Unknown(description === undefined ? {} : { description }));
const listParameters = {
  page: described('From 1; negative counts from the end: -1 the last per_page rows, -2 those before (0 is a 422)'),
  per_page: described('50 unless given; at most 100'),
  sort: described('A sortable column (see the summary); another is a 422'),
  direction: described('asc (default) or desc'),
  'status[]': described('Any of the statuses the list shows; another code is a 422'),
};
/** Documents the query; the values are checked by parseListQuery, with translated 422s. */
const querystring = <P extends Record<string, TSchema>>(extra: P) => Type.Object({ ...listParameters, ...extra });

const historyEntry = Type.Object({
  id: Optional(Integer()),
  action: Optional(Text()),
  before: Optional(nullableAnyObject),
  after: Optional(nullableAnyObject),
  created_at: Optional(dateTime),
  user: Optional(Nullable(Type.Object({ id: Optional(Integer()), name: Optional(Text()) }))),
});

/** Staff may set any status but draft (SPEC.md §4), from any status. */
const settableStatuses: number[] = Object.values(enums.application_status).filter((s) => s !== enums.application_status.draft);

/**
 * Staff handling of applications (SPEC.md §2 applications area): the lists of all, decided and one period's
 * applications, one application with its history, and the status and finished changes, each written to the history.
 */
export default async function applicationRoutes(app: Api) {
  const { db } = app;

  app.get(
    '/applications/all',
    {
      config: manageList,
      schema: {
        tags,
        summary:
          'Applications sent in (ongoing, received, approved, rejected), 50 a page by reference; sort by reference, status, applicant, money, sent_in_at, created_at',
        querystring: querystring({
          period: described('A period id'),
          search: described('More than 2 characters: reference, organisation name, applicant’s name or e-mail'),
          unread: described('true: applications with messages from the applicant that staff have not read'),
          followups: described('true: follow-up requested and the application not finished (sent in or not)'),
        }),
        response: { 200: listPageSchema(row) },
      },
    },
    async (request) => ({
      data: await listApplications(db, 'all', parseListQuery(listSpecs.all, request.query), { periods: request.scope }),
    }),
  );

  app.get(
    '/applications/all/export',
    {
      config: manageList,
      schema: {
        tags,
        summary:
          'The list as filtered, searched and sorted, every page, as CSV for Excel in the language of Accept-Language: headers and statuses translated; sv-SE with ; and decimal commas, en-US with , and decimal points; money in kronor; times in Stockholm',
        querystring: querystring({ period: described(), search: described(), unread: described(), followups: described() }),
      },
    },
    async (request, reply) => {
      const { page: _page, per_page: _perPage, ...raw } = request.query;
      const query = parseListQuery(listSpecs.all, raw, { paged: false });
      // Written as the cursor reads: the first bytes go at once, and memory holds one batch whatever the size.
      const csv = exportCsv(exportedBatches(db, query, { periods: request.scope }), request);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="applications-${stockholmDay(app.clock.now())}.csv"`)
        .send(Readable.from(csv));
    },
  );

  app.get(
    '/applications/decided',
    {
      config: manageList,
      schema: {
        tags,
        summary:
          'Approved and rejected applications with the decision’s parts, 50 a page by reference; sort by reference, applicant, money, approved_money, approved_fou, approved_nok, followup_sent_in_at, followup_at, distribution_mail_sent_at',
        querystring: querystring({
          organisation: described('Organisation name contains (more than 2 characters)'),
          frontend_user: described('An applicant’s id'),
          period: described('A period id'),
          month: described('YYYY-MM: sent in that month (Stockholm time)'),
        }),
        response: { 200: listPageSchema(decidedRow) },
      },
    },
    async (request) => ({
      data: await listApplications(db, 'decided', parseListQuery(listSpecs.decided, request.query), { periods: request.scope }),
    }),
  );

  app.get(
    '/applications/decisioning/:period_uuid',
    {
      config: investigatePeriod,
      schema: {
        tags,
        summary:
          'One period’s applications for those who investigate, 50 a page by reference; sort by reference, status, applicant, period (name), money; no search',
        params: Type.Object({ period_uuid: Text() }),
        querystring: querystring({}),
        response: { 200: listPageSchema(row) },
      },
    },
    async (request) => {
      const periodId = await periodIdByUuid(db, known(request.params.period_uuid));
      return { data: await listApplications(db, 'decisioning', parseListQuery(listSpecs.decisioning, request.query), { periodId }) };
    },
  );

  const uuidParams = Type.Object({ uuid: Text() });

  app.get(
    '/applications/:uuid',
    {
      config: manageOrInvestigateOne,
      schema: {
        tags,
        summary:
          'One application for staff: the form, categories, the type’s questions with the answers, files, the decision’s parts and the progress. Recorded in its history as viewed, once per user within 30 minutes',
        params: uuidParams,
        response: { 200: data(anyObject) },
      },
    },
    async (request) => {
      const application = await staffApplication(db, known(request.params.uuid));
      await recordView(db, application.id, request.staff!.id, app.clock.now());
      return { data: application };
    },
  );

  app.get(
    '/applications/:uuid/history',
    {
      config: manageOrInvestigateOne,
      schema: {
        tags,
        summary: 'What happened to the application, newest first, and who did it (null: the applicant or the system)',
        params: uuidParams,
        response: { 200: data(Type.Array(historyEntry)) },
      },
    },
    async (request) => {
      const { id } = await applicationByUuid(db, known(request.params.uuid));
      return { data: await historyOf(db, id) };
    },
  );

  app.post(
    '/applications/:uuid/updateStatus',
    {
      config: manageOne,
      schema: {
        tags,
        summary: 'Set the status: any but draft (SPEC.md §4); recorded in the history. Answers the list row',
        description:
          'Approved (40) only for an application with an approved amount (else 422 errors.approval_needs_amount: decide it instead) that fits what remains of a capped period (else 422 errors.approval_exceeds_cap).',
        params: uuidParams,
        body: body({ status: Integer() }),
        response: { 200: data(row) },
      },
    },
    async (request) => {
      const { status } = request.body.data;
      if (!settableStatuses.includes(status)) {
        const attribute = attributeLabel((key, options) => request.t(key, options), 'status', 'applications');
        throw new AppError(422, 'validation.in', { params: { attribute }, errors: { status: ['validation.in'] } });
      }
      const uuid = known(request.params.uuid);
      await changeStatus(db, uuid, status, request.staff!.id, request.locale);
      return { data: (await applicationRow(db, uuid))! };
    },
  );

  app.post(
    '/applications/:uuid/finished',
    {
      config: manageOne,
      schema: {
        tags,
        summary: 'Mark the application finished or not; recorded in the history. Answers the list row',
        params: uuidParams,
        body: body({ finished: Boolean() }),
        response: { 200: data(row) },
      },
    },
    async (request) => {
      const uuid = known(request.params.uuid);
      await changeApplication(db, uuid, 'finished', request.body.data.finished, request.staff!.id);
      return { data: (await applicationRow(db, uuid))! };
    },
  );
}
