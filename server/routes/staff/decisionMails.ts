import type { FastifyContextConfig } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { pendingDecisionMails, releaseDecision, sendDecisionMail, sendPeriodDecisionMails } from '../../applications/decisionMail.js';
import { periodIdByUuid } from '../../periods.js';
import { data, dateTime, knownUuids, stringParams, type Api } from '../schemas.js';
import { applicationPeriod, pathPeriod } from '../scopes.js';

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

const counts = {
  without_email: Type.Integer({ description: 'Decided, not yet mailed, and the applicant has no usable address: never sent by a batch' }),
  without_amount: Type.Integer({
    description: 'Approved without an approved amount, not yet mailed: never sent (the mail states the amount) until decided with one',
  }),
};

/**
 * The decision mail (SPEC.md §3's "distribution mail sent"): one application's, or a period's in batches the client
 * repeats until none remain, showing progress. The mail and its sent date are stored together.
 */
export default async function decisionMailRoutes(app: Api) {
  const { db, mailer, config } = app;
  const deps = { db, mailer, config };
  const tags = ['applications'];
  const manageOne: FastifyContextConfig = {
    access: { abilities: 'manage-applications', scope: applicationPeriod },
    resource: 'applications',
  };
  const managePeriod: FastifyContextConfig = { access: { abilities: 'manage-applications', scope: pathPeriod }, resource: 'applications' };

  app.post(
    '/applications/:uuid/decision-mail',
    {
      config: manageOne,
      schema: {
        tags,
        summary:
          'Mails the applicant the decision they are shown (approved or rejected), from the template of the decision in their language, and records it in the history',
        description:
          '422 errors.decision_not_sendable when the applicant is shown no decision, 422 errors.decision_mail_without_amount for an approval without its amount, 422 errors.no_email_for_application without a usable address, 409 errors.decision_mail_sent when this decision was already mailed (unless resend); a decision changed since its mail is sent without resend. The mail releases the decision to the applicant.',
        params: stringParams('uuid'),
        body: optionalBody<{ resend?: boolean }>({ resend }),
        response: { 200: data(Type.Object({ distribution_mail_sent_at: dateTime })) },
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
      config: manageOne,
      schema: {
        tags,
        summary:
          'Releases the decision as it stands to the applicant without a mail: the portal shows it from now on (until then, "under investigation"); recorded in the history',
        description:
          '422 errors.decision_not_releasable without a decision, 409 errors.decision_already_released when this decision has reached the applicant already.',
        params: stringParams('uuid'),
        response: { 200: data(Type.Object({ released_at: dateTime })) },
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
      config: managePeriod,
      schema: {
        tags,
        summary: 'How many of the period’s decision mails wait to be sent, for the confirmation before sending them',
        params: stringParams('uuid'),
        response: {
          200: data(
            Type.Object({
              pending: Type.Integer({ description: 'Decided applications not yet mailed whose applicant can be reached' }),
              ...counts,
            }),
          ),
        },
      },
    },
    async (request) => {
      knownUuids(request.params.uuid);
      const periodId = await periodIdByUuid(db, request.params.uuid);
      return { data: await pendingDecisionMails(db, periodId) };
    },
  );

  app.post(
    '/periods/:uuid/decision-mails',
    {
      config: managePeriod,
      schema: {
        tags,
        summary:
          'Sends up to `limit` of the period’s pending decision mails; call again until `remaining` is 0. Two batches at once never mail an applicant twice',
        params: stringParams('uuid'),
        body: optionalBody<{ limit?: number }>({ limit }),
        response: {
          200: data(
            Type.Object({
              sent: Type.Integer({ description: 'Sent by this call' }),
              remaining: Type.Integer({ description: 'Still to send (those without an address or an amount not counted)' }),
              ...counts,
            }),
          ),
        },
      },
    },
    async (request) => {
      knownUuids(request.params.uuid);
      const periodId = await periodIdByUuid(db, request.params.uuid);
      const result = await sendPeriodDecisionMails(deps, periodId, request.body?.data.limit ?? 25, {
        staffId: request.staff!.id,
        locale: request.locale,
      });
      return { data: result };
    },
  );
}
