import { Type } from 'typebox';
import { applicationByUuid } from '../../applicationCore/staffReach.js';
import { markRepaymentReceived, registerRepayment, repaymentsOf } from '../../payouts/repayments.js';
import { managePayoutsOfApplication, seePayoutsOfApplication } from '../applicationAccess.js';
import { body, data, id, knownUuids, money, stringParams, type Api } from '../schemas.js';
import { repayments } from '../schemas/repayments.js';
import { namesRepaymentInPath, repaymentPeriod } from '../scopes.js';

/**
 * Money an applicant is to pay back: staff who manage payouts (for the application's period) register it, which mails
 * the applicant where to pay, and mark it received. The applicant sees it with their grant.
 */
export default async function repaymentRoutes(app: Api) {
  const { db, mailer, config } = app;
  const tags = ['payouts'];
  const params = stringParams('uuid');

  app.get(
    '/applications/:uuid/repayments',
    {
      config: seePayoutsOfApplication,
      schema: {
        tags,
        summary: 'The application’s repayments, with what was paid and what may still be asked back',
        params,
        response: { 200: data(repayments) },
      },
    },
    async (request) => {
      knownUuids(request.params.uuid);
      const application = await applicationByUuid(db, request.params.uuid);
      return { data: await repaymentsOf(db, application.id) };
    },
  );

  app.post(
    '/applications/:uuid/repayments',
    {
      config: managePayoutsOfApplication,
      schema: {
        tags,
        summary:
          'Registers an amount the applicant is to pay back, and mails them the amount, the foundation’s account and the message to give',
        description:
          'At most what was paid less what is already to be paid back (422); 422 when the foundation’s payment settings name no bankgiro or IBAN. The mail is queued in the same transaction (none when the applicant cannot be mailed). Recorded in the history.',
        params,
        body: body({
          amount: money({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
          reason: Type.String({ minLength: 1, maxLength: 2000 }),
        }),
        response: { 201: data(repayments) },
      },
    },
    async (request, reply) => {
      knownUuids(request.params.uuid);
      const applicationId = await registerRepayment(db, { mailer, config }, request.params.uuid, request.staff!.id, request.body.data);
      return reply.status(201).send({ data: await repaymentsOf(db, applicationId) });
    },
  );

  app.post(
    '/repayments/:id/received',
    {
      config: { access: { abilities: 'manage-payouts', scope: repaymentPeriod, reaches: namesRepaymentInPath } },
      schema: {
        tags,
        summary: 'Marks a repayment received on the day given (not after today); once (409). Recorded in the history',
        params: Type.Object({ id }),
        body: body({ received_on: Type.String({ format: 'date' }) }),
        response: { 200: data(repayments) },
      },
    },
    async (request) => {
      const applicationId = await markRepaymentReceived(
        db,
        request.params.id,
        request.staff!.id,
        request.body.data.received_on,
        app.clock.now(),
      );
      return { data: await repaymentsOf(db, applicationId) };
    },
  );
}
