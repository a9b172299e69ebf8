import { Type, type TSchema } from 'typebox';
import {
  nextDecisionMailPreview,
  pendingDecisionMails,
  previewDecisionMail,
  releaseDecision,
  sendDecisionMail,
  sendPeriodDecisionMails,
} from '../../applications/decisionMail.js';
import { periodIdByUuid } from '../../periods.js';
import { data, knownUuids, stringParams, type Api } from '../schemas.js';
import { decisionMailCount, decisionMailPreview, decisionMailRound, decisionMailSent, decisionReleased } from '../schemas/decisions.js';
import { manageApplication, manageApplicationsOfPeriod } from '../applicationAccess.js';

const resend = Type.Boolean({ description: 'Send it again although this decision was mailed (else a 409 says when it was)' });
const limit = Type.Integer({ minimum: 1, maximum: 100, description: 'How many to send in this call (default 25)' });
/** An optional { data: { ...properties } }, each property optional: a call without a body takes the defaults. */
function optionalBody<T>(properties: Record<string, TSchema>) {
  return Type.Unsafe<{ data: T } | null>({
    type: 'object',
    nullable: true,
    required: ['data'],
    additionalProperties: false,
    properties: { data: { type: 'object', additionalProperties: false, properties } },
  });
}

/**
 * The decision mail: one application's, or a period's in batches the client
 * repeats until none remain, showing progress. The mail and its sent date are stored together.
 */
export default async function decisionMailRoutes(app: Api) {
  const { db, mailer, config } = app;
  const deps = { db, mailer, config };
  const tags = ['applications'];

  app.get(
    '/applications/:uuid/decision-mail',
    {
      config: manageApplication,
      schema: {
        tags,
        summary: 'The decision mail as the applicant will read it (address, subject, text), shown before it is sent',
        description: 'The same refusals as sending it (422), but for a mail already sent, which is shown as it would be sent again.',
        params: stringParams('uuid'),
        response: { 200: data(decisionMailPreview) },
      },
    },
    async (request) => {
      knownUuids(request.params.uuid);
      return { data: await previewDecisionMail(db, deps, request.params.uuid) };
    },
  );

  app.post(
    '/applications/:uuid/decision-mail',
    {
      config: manageApplication,
      schema: {
        tags,
        summary:
          'Mails the applicant the decision they are shown (approved or rejected), from the template of the decision in their language, and records it in the history',
        description:
          '422 errors.decision_not_sendable when the applicant is shown no decision, 422 errors.decision_mail_without_amount for an approval without its amount, 422 errors.no_email_for_application without a usable address, 409 errors.decision_mail_sent when this decision was already mailed (unless resend); a decision changed since its mail is sent without resend. The mail releases the decision to the applicant.',
        params: stringParams('uuid'),
        body: optionalBody<{ resend?: boolean }>({ resend }),
        response: { 200: data(decisionMailSent) },
      },
    },
    async (request) => {
      knownUuids(request.params.uuid);
      const sentAt = await sendDecisionMail(deps, request.params.uuid, {
        staffId: request.staff!.id,
        resend: request.body?.data.resend ?? false,
        locale: request.locale,
      });
      return { data: { distribution_mail_sent_at: sentAt } };
    },
  );

  app.post(
    '/applications/:uuid/decision-release',
    {
      config: manageApplication,
      schema: {
        tags,
        summary:
          'Releases the decision as it stands to the applicant without a mail: the portal shows it from now on (until then, "under investigation"); recorded in the history',
        description:
          '422 errors.decision_not_releasable without a decision, 409 errors.decision_already_released when this decision has reached the applicant already.',
        params: stringParams('uuid'),
        response: { 200: data(decisionReleased) },
      },
    },
    async (request) => {
      knownUuids(request.params.uuid);
      const releasedAt = await releaseDecision(db, request.params.uuid, { staffId: request.staff!.id, locale: request.locale });
      return { data: { released_at: releasedAt } };
    },
  );

  app.get(
    '/periods/:uuid/decision-mails',
    {
      config: manageApplicationsOfPeriod,
      schema: {
        tags,
        summary:
          'How many of the period’s decision mails wait to be sent, and the first as its applicant will read it, for the confirmation before sending them',
        params: stringParams('uuid'),
        response: { 200: data(decisionMailCount) },
      },
    },
    async (request) => {
      knownUuids(request.params.uuid);
      const periodId = await periodIdByUuid(db, request.params.uuid);
      const [counts, example] = await Promise.all([
        pendingDecisionMails(db, periodId, request.viewer),
        nextDecisionMailPreview(db, deps, periodId, request.viewer),
      ]);
      return { data: { ...counts, example } };
    },
  );

  app.post(
    '/periods/:uuid/decision-mails',
    {
      config: manageApplicationsOfPeriod,
      schema: {
        tags,
        summary:
          'Sends up to `limit` of the period’s pending decision mails; call again until `remaining` is 0. Two batches at once never mail an applicant twice. Those of applications the caller stood aside from are left for a colleague (stood_aside)',
        params: stringParams('uuid'),
        body: optionalBody<{ limit?: number }>({ limit }),
        response: { 200: data(decisionMailRound) },
      },
    },
    async (request) => {
      knownUuids(request.params.uuid);
      const periodId = await periodIdByUuid(db, request.params.uuid);
      const options = { staffId: request.staff!.id, locale: request.locale };
      const result = await sendPeriodDecisionMails(deps, periodId, request.body?.data.limit ?? 25, options, request.viewer);
      return { data: result };
    },
  );
}
