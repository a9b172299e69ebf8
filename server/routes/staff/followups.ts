import { pendingFollowupRequests, requestFollowup, requestPeriodFollowups } from '../../applications/followupRequests.js';
import { followupOf } from '../../applications/followups.js';
import { mayReadDialogue } from '../../applicationCore/messages.js';
import { applicationByUuid } from '../../applicationCore/staffReach.js';
import { AppError } from '../../errors.js';
import { periodIdByUuid } from '../../periods.js';
import { data, followup, knownUuids, stringParams, type Api } from '../schemas.js';
import { followupRequestCount, followupsRequested } from '../schemas/followupRequests.js';
import { holds } from '../../plugins/access.js';
import { manageApplication, manageApplicationsOfPeriod, manageOrInvestigateApplication } from '../applicationAccess.js';

/**
 * The follow-up report for staff: those who manage applications request it of an approved
 * application, or of every approved one of a period at once, which mails each applicant a link to it; they and the
 * investigators on the application read it. Its attachments download through the application's file route; marking
 * the application finished is its own route.
 */
export default async function staffFollowupRoutes(app: Api) {
  const { db, config, mailer } = app;
  const deps = { mailer, config, jobs: app.jobs };
  const tags = ['applications'];
  const params = stringParams('uuid');

  app.get(
    '/applications/:uuid/followup',
    {
      config: manageOrInvestigateApplication,
      schema: {
        tags,
        summary:
          'The application’s follow-up report with its attachments (investigators only on their own applications); 404 when none is requested',
        params,
        response: { 200: data(followup) },
      },
    },
    async (request) => {
      knownUuids(request.params.uuid);
      const application = await applicationByUuid(db, request.params.uuid);
      const staff = { id: request.staff!.id, manages: holds(request, 'manage-applications') };
      if (!(await mayReadDialogue(db, application.id, staff))) throw new AppError(403, 'errors.not_investigator');
      return { data: await followupOf(db, application.id, config.uploadMaxBytes) };
    },
  );

  app.post(
    '/applications/:uuid/followup/request',
    {
      config: manageApplication,
      schema: {
        tags,
        summary: 'Requests the follow-up report of an approved application and mails the applicant a link to it',
        description:
          'Due FOLLOWUP_DUE_DAYS after today (Stockholm); the mailed sign-in link works through the due date; one reminder FOLLOWUP_REMINDER_DAYS after the request unless sent in. An application marked finished is reopened. Recorded in the history. 422 when not approved or the applicant has no usable e-mail address (nothing stored), 409 when already requested.',
        params,
        response: { 200: data(followup) },
      },
    },
    async (request) => {
      knownUuids(request.params.uuid);
      const id = await requestFollowup(db, deps, request.params.uuid, request.staff!.id, app.clock.now());
      return { data: await followupOf(db, id, config.uploadMaxBytes) };
    },
  );

  app.get(
    '/periods/:uuid/followup-requests',
    {
      config: manageApplicationsOfPeriod,
      schema: {
        tags,
        summary: 'How many follow-ups requesting all of the period would request, for its confirmation',
        params,
        response: { 200: data(followupRequestCount) },
      },
    },
    async (request) => {
      knownUuids(request.params.uuid);
      const periodId = await periodIdByUuid(db, request.params.uuid);
      return { data: await pendingFollowupRequests(db, periodId, request.viewer) };
    },
  );

  app.post(
    '/periods/:uuid/followup-requests',
    {
      config: manageApplicationsOfPeriod,
      schema: {
        tags,
        summary: 'Requests the follow-up report of every approved application of the period not yet asked, mailing each applicant',
        description:
          'All in one transaction. Applicants without a usable e-mail address are left out (request theirs one by one), and so are the applications the caller stood aside from (stood_aside: a colleague requests them).',
        params,
        response: { 200: data(followupsRequested) },
      },
    },
    async (request) => {
      knownUuids(request.params.uuid);
      const periodId = await periodIdByUuid(db, request.params.uuid);
      const requested = await requestPeriodFollowups(db, deps, periodId, request.staff!.id, app.clock.now(), request.viewer);
      return { data: { requested, stood_aside: (await pendingFollowupRequests(db, periodId, request.viewer)).stood_aside } };
    },
  );
}
