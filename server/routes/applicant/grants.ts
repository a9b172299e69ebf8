import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { payoutAccountKinds } from '../../../resources/payoutAccounts.js';
import { assertSignsFor, ownApplication, signsFor } from '../../applicationCore/ownApplications.js';
import { acceptGrant } from '../../payouts/acceptance.js';
import { grantsOfApplicant, grantView } from '../../payouts/grants.js';
import { requestPayout } from '../../payouts/payoutRequests.js';
import { payoutAccountSignals } from '../../signals/payoutAccounts.js';
import { body, data, id, knownUuids, stringEnum, stringParams, type Api } from '../schemas.js';
import { grantSummaries, grantView as grantViewSchema } from '../schemas/grants.js';

/**
 * The applicant's grants: each approved application whose decision has reached them, its conditions accepted once,
 * and its instalments asked for to an account. Another applicant's application, one not approved or not yet told,
 * is a 404.
 */
export default async function applicantGrantRoutes(app: Api) {
  const { db, config, mailer } = app;
  const tags = ['portal'];
  const access = { access: 'applicant' as const };
  const params = stringParams('uuid');
  const answer = { 200: data(grantViewSchema) };

  /**
   * The id of an application the applicant reaches (404 otherwise; the grant's functions check the rest); `signing`:
   * only a signatory of its organisation may (403).
   */
  async function own(request: FastifyRequest, uuid: string, signing = false) {
    knownUuids(uuid);
    const application = await ownApplication(db, request, uuid);
    if (signing) assertSignsFor(application);
    return application;
  }
  /** The grant as the reader sees it, and whether they may sign for it. */
  const shown = async (application: Awaited<ReturnType<typeof own>>, request: FastifyRequest, now: Date) => ({
    ...(await grantView(db, application.id, request.locale, now, config.uploadMaxBytes)),
    signs: signsFor(application),
  });

  app.get(
    '/portal/grants',
    {
      config: access,
      schema: {
        tags,
        summary: 'The applicant’s grants with what was approved, paid, due, lapsed and to be paid back (öre)',
        response: { 200: data(grantSummaries) },
      },
    },
    async (request) => ({ data: await grantsOfApplicant(db, request.applicant!.id, app.clock.now()) }),
  );

  app.get(
    '/portal/applications/:uuid/grant',
    {
      config: access,
      schema: {
        tags,
        summary: 'The grant of one of the applicant’s approved applications, once the decision has reached them',
        params,
        response: answer,
      },
    },
    async (request) => ({ data: await shown(await own(request, request.params.uuid), request, app.clock.now()) }),
  );

  app.post(
    '/portal/applications/:uuid/grant/accept',
    {
      config: access,
      schema: {
        tags,
        summary: 'Accepts the grant’s conditions, signed by someone for the organisation',
        description: 'Once: 409 after. Who, when, from which address and the conditions as shown are kept in the grant and its history.',
        params,
        body: body({
          signatory_name: Type.String({ maxLength: 200 }),
          signatory_role: Type.String({ maxLength: 200 }),
          confirm: Type.Boolean({ description: 'Must be true' }),
        }),
        response: answer,
      },
    },
    async (request) => {
      const application = await own(request, request.params.uuid, true);
      const now = app.clock.now();
      await acceptGrant(db, application.id, request.applicant!, request.body.data, { ip: request.ip, locale: request.locale, now });
      return { data: await shown(application, request, now) };
    },
  );

  app.post(
    '/portal/applications/:uuid/payouts',
    {
      config: access,
      schema: {
        tags,
        summary: 'Asks for a due instalment to a bankgiro, plusgiro or bank account',
        description:
          'Only after the conditions are accepted, for an instalment that is due and not asked for, up to the deadline (409 otherwise). The account is checked by its kind’s rules: 422 beside `account_number` or `clearing_number` (a bank account’s), nothing saved. The applicant gets a receipt by mail.',
        params,
        body: body(
          {
            instalment_id: id,
            account_type: stringEnum(payoutAccountKinds),
            clearing_number: Type.String({ maxLength: 20 }),
            account_number: Type.String({ maxLength: 40 }),
          },
          ['instalment_id', 'account_type', 'account_number'],
        ),
        response: { 201: data(grantViewSchema) },
      },
    },
    async (request, reply) => {
      const application = await own(request, request.params.uuid, true);
      const now = app.clock.now();
      // Another organisation's payouts to the same account are a signal for staff, in the request's transaction.
      await requestPayout(db, { mailer, config }, application.id, request.applicant!.id, request.body.data, now, payoutAccountSignals);
      return reply.status(201).send({ data: await shown(application, request, now) });
    },
  );
}
