import { attachmentHeader } from '../../uploads/fileName.js';
import { Readable } from 'node:stream';
import { Type, type TSchema } from 'typebox';
import { attributeLabel } from '../../../resources/attributeLabel.js';
import { enums } from '../../../resources/enums.js';
import { changeStatus } from '../../applications/decisions.js';
import { exportCsv } from '../../applications/exportCsv.js';
import { applicationRow, exportedBatches, listApplications, listSpecs } from '../../applications/lists.js';
import { applicationByUuid, changeApplication } from '../../applicationCore/staffReach.js';
import { historyOf, staffApplication } from '../../applications/staffView.js';
import { recordView } from '../../applicationCore/history.js';
import { stockholmDay } from '../../clock.js';
import { AppError } from '../../errors.js';
import { parseListQuery } from '../../lists/listQuery.js';
import { periodIdByUuid } from '../../periods.js';
import { body, data, knownUuids, listPageSchema, type Api } from '../schemas.js';
import { applicationRow as row, decidedApplicationRow as decidedRow } from '../schemas/applicationLists.js';
import { historyEntry, staffApplication as staffApplicationSchema } from '../schemas/staffApplication.js';
import {
  investigateApplicationsOfPeriod,
  manageApplication,
  manageApplicationList,
  manageOrInvestigateApplication,
} from '../applicationAccess.js';

const tags = ['applications'];
// An ability granted for one period covers its applications: the lists show only those, one application is checked.

/** A malformed uuid is unknown like any other: 404, and no database error. */
function known(uuid: string): string {
  knownUuids(uuid);
  return uuid;
}

const { Optional, Integer, Boolean } = Type;
const Text = Type.String;
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

/** The review filters every staff list has (server/reviews/listTerms.ts). */
const reviewFilterParameters = {
  review_score_min: described('A percent, 0–100: applications whose review score is at least this'),
  reviews_pending: described('true: some review pending; false: none'),
};

/** Staff may set any status but draft, from any status. */
const settableStatuses: number[] = Object.values(enums.application_status).filter((s) => s !== enums.application_status.draft);

/**
 * Staff handling of applications: the lists of all, decided and one period's
 * applications, one application with its history, and the status and finished changes, each written to the history.
 */
export default async function applicationRoutes(app: Api) {
  const { db } = app;

  /** A list of the caller's periods (all, decided): documented with its own filters, read by its own grammar. */
  const periodsListRoute = (list: 'all' | 'decided', summary: string, filters: Record<string, TSchema>, rows: TSchema) =>
    app.get(
      `/applications/${list}`,
      {
        config: manageApplicationList,
        schema: { tags, summary, querystring: querystring(filters), response: { 200: listPageSchema(rows) } },
      },
      async (request) => ({
        data: await listApplications(db, list, parseListQuery(listSpecs[list], request.query), {
          periods: request.scope,
          viewer: request.viewer,
        }),
      }),
    );

  periodsListRoute(
    'all',
    'Applications sent in (ongoing, received, approved, rejected), 50 a page by reference; sort by reference, status, applicant, money, sent_in_at, created_at, review_score, review_spread, reviews_pending',
    {
      period: described('A period id'),
      organisation_id: described('An organisation’s id: its applications, whoever of its people wrote them'),
      search: described(
        'More than 2 characters: reference, organisation name, the name or e-mail of the applicant or of any of its organisation’s people',
      ),
      unread: described('true: applications with messages from the applicant that staff have not read'),
      followups: described('true: follow-up requested and the application not finished (sent in or not)'),
      followups_to_read: described('true: the follow-up report sent in and the application not yet finished'),
      followup_overdue_on: described('YYYY-MM-DD: the follow-up due before that day and not sent in (overdue on it)'),
      unassigned_on: described('YYYY-MM-DD: in a period open that day, and no staff user investigates it'),
      signals: described('true: applications with signals not yet checked (server/signals/); false: none unchecked'),
      ...reviewFilterParameters,
    },
    row,
  );

  app.get(
    '/applications/all/export',
    {
      config: manageApplicationList,
      schema: {
        tags,
        summary:
          'The list as filtered, searched and sorted, every page, as CSV for Excel in the language of Accept-Language: headers and statuses translated; sv-SE with ; and decimal commas, en-US with , and decimal points; money in kronor; times in Stockholm',
        querystring: querystring({
          period: described(),
          search: described(),
          unread: described(),
          followups: described(),
          signals: described(),
        }),
      },
    },
    async (request, reply) => {
      const { page: _page, per_page: _perPage, ...raw } = request.query;
      const query = parseListQuery(listSpecs.all, raw, { paged: false });
      // Written as the cursor reads: the first bytes go at once, and memory holds one batch whatever the size.
      const csv = exportCsv(exportedBatches(db, query, { periods: request.scope, viewer: request.viewer }), request);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentHeader(`applications-${stockholmDay(app.clock.now())}.csv`))
        .send(Readable.from(csv));
    },
  );

  periodsListRoute(
    'decided',
    'Approved and rejected applications with the decision’s parts, 50 a page by reference; sort by reference, applicant, money, approved_money, approved_fou, approved_nok, followup_sent_in_at, followup_at, distribution_mail_sent_at, review_score, review_spread, reviews_pending',
    {
      organisation: described('Organisation name contains (more than 2 characters)'),
      frontend_user: described('An applicant’s id'),
      period: described('A period id'),
      month: described('YYYY-MM: sent in that month (Stockholm time)'),
      unreleased: described('true: the decision neither mailed nor released to the applicant'),
      ...reviewFilterParameters,
    },
    decidedRow,
  );

  app.get(
    '/applications/decisioning/:period_uuid',
    {
      config: investigateApplicationsOfPeriod,
      schema: {
        tags,
        summary:
          'One period’s applications for those who investigate, 50 a page by reference; sort by reference, status, applicant, period (name), money, review_score, review_spread, reviews_pending; no search',
        params: Type.Object({ period_uuid: Text() }),
        querystring: querystring(reviewFilterParameters),
        response: { 200: listPageSchema(row) },
      },
    },
    async (request) => {
      const periodId = await periodIdByUuid(db, known(request.params.period_uuid));
      const query = parseListQuery(listSpecs.decisioning, request.query);
      return { data: await listApplications(db, 'decisioning', query, { periodId, viewer: request.viewer }) };
    },
  );

  const uuidParams = Type.Object({ uuid: Text() });

  app.get(
    '/applications/:uuid',
    {
      config: manageOrInvestigateApplication,
      schema: {
        tags,
        summary:
          'One application for staff: the form, categories, the type’s questions with the answers, files, the decision’s parts and the progress. Recorded in its history as viewed, once per user within 30 minutes',
        params: uuidParams,
        response: { 200: data(staffApplicationSchema) },
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
      config: manageOrInvestigateApplication,
      schema: {
        tags,
        summary:
          'What happened to the application, newest first, and who did it (null: the applicant or a scheduled job); what it holds by id named in the caller’s language',
        params: uuidParams,
        response: { 200: data(Type.Array(historyEntry)) },
      },
    },
    async (request) => {
      const { id } = await applicationByUuid(db, known(request.params.uuid));
      return { data: await historyOf(db, id, request.viewer, request.locale) };
    },
  );

  app.post(
    '/applications/:uuid/updateStatus',
    {
      config: manageApplication,
      schema: {
        tags,
        summary: 'Set the status: any but draft; recorded in the history. Answers the list row',
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
      return { data: (await applicationRow(db, uuid, request.viewer))! };
    },
  );

  app.post(
    '/applications/:uuid/finished',
    {
      config: manageApplication,
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
      return { data: (await applicationRow(db, uuid, request.viewer))! };
    },
  );
}
