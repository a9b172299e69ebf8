import { attachmentHeader } from '../../uploads/fileName.js';
import { Readable } from 'node:stream';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { Requirement } from '../../../resources/abilities.js';
import { stockholmDay } from '../../clock.js';
import { notFound } from '../../errors.js';
import { parseListQuery } from '../../lists/listQuery.js';
import { approvePayout, preparePayout, rejectPayout } from '../../payouts/attestation.js';
import { approveReturn, askReturn, withdrawReturn } from '../../payouts/returns.js';
import { exportedPayouts, listPayouts, payoutById, payoutListGrammar, payoutsCsv } from '../../payouts/payoutList.js';
import { body, data, id, listPageSchema, type Api } from '../schemas.js';
import { payoutRow } from '../schemas/payouts.js';
import { namesPayoutInPath, payoutPeriod, periodsList } from '../scopes.js';

const tags = ['payouts'];
const { Optional } = Type;

const either: Requirement = { anyOf: ['manage-payouts', 'approve-payouts'] };
/** One payout's route: for those holding `abilities` for its period, and not for one who stood aside from its application. */
const onPayout = (abilities: Requirement): FastifyContextConfig => ({
  access: { abilities, scope: payoutPeriod, reaches: namesPayoutInPath },
});
/** The payouts list and its export: of the caller's periods, each row as the caller may read it. */
const listAccess: FastifyContextConfig = { access: { abilities: either, scope: periodsList, reaches: 'rows' } };
/** Documents the query; the values are checked by parseListQuery, with translated 422s. */
const described = (description: string) => Optional(Type.Unknown({ description }));
const listQuery = {
  page: described('From 1'),
  per_page: described('50 unless given; at most 100'),
  sort: described('requested_at (default, newest first), amount or status'),
  direction: described('asc or desc'),
  'status[]': described('Any of enums.payout_status'),
  period: described('A period id'),
  batch: described('A payment batch id'),
  prepared_by_others: described('true: prepared by another staff user than the caller (theirs to attest)'),
  search: described('More than 2 characters of the application’s reference'),
};
const params = Type.Object({ id });
const reasonText = Type.String({ minLength: 1, maxLength: 2000, description: 'Why, told to the applicant' });
const reason = body({ reason: reasonText });
const returnAsked = body({
  reason: reasonText,
  bank_reference: Type.String({ minLength: 1, maxLength: 100, description: 'The bank’s reference of the return, from its statement' }),
});

/**
 * Staff's payouts: the list of the caller's periods and its export, one payout, and the steps of attest by two
 * (prepare, approve by another user, reject with a reason) and a return from the bank. Each step answers the payout.
 */
export default async function payoutRoutes(app: Api) {
  const { db } = app;
  const deps = { mailer: app.mailer, config: app.config };

  app.get(
    '/payouts',
    {
      config: listAccess,
      schema: {
        tags,
        summary:
          'The payouts of the periods the caller manages or approves payouts for, 50 a page, newest request first; sort by requested_at, amount or status; filter by status, period and batch; search the references',
        querystring: Type.Object({ ...listQuery, 'id[]': described('Payout ids (react-admin’s getMany)') }),
        response: { 200: listPageSchema(payoutRow) },
      },
    },
    async (request) => ({
      data: await listPayouts(db, parseListQuery(payoutListGrammar, request.query), { periods: request.scope, viewer: request.viewer }),
    }),
  );

  app.get(
    '/payouts/export',
    {
      config: listAccess,
      schema: {
        tags,
        summary:
          'The list as filtered, searched and sorted, every page, as CSV for Excel in the language of Accept-Language (amounts in kronor, times in Stockholm)',
        querystring: Type.Object(listQuery),
      },
    },
    async (request, reply) => {
      const { page: _page, per_page: _perPage, ...raw } = request.query;
      const query = parseListQuery(payoutListGrammar, raw, { paged: false });
      const csv = payoutsCsv(exportedPayouts(db, query, { periods: request.scope, viewer: request.viewer }), request);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentHeader(`payouts-${stockholmDay(app.clock.now())}.csv`))
        .send(Readable.from(csv));
    },
  );

  /** A payout route: the payout in the path, for those holding `abilities` for its period who did not stand aside. */
  const onePayout = (abilities: Requirement, summary: string) => ({
    config: onPayout(abilities),
    schema: { tags, summary, params, response: { 200: data(payoutRow) } },
  });
  /** The same with a body. */
  const onePayoutWith = <B extends TSchema>(abilities: Requirement, summary: string, payload: B) => ({
    config: onPayout(abilities),
    schema: { tags, summary, params, body: payload, response: { 200: data(payoutRow) } },
  });
  const answer = async (request: FastifyRequest, payoutId: number) => {
    const payout = await payoutById(db, payoutId, request.viewer);
    if (!payout) throw notFound();
    return { data: payout };
  };

  app.get('/payouts/:id', onePayout(either, 'One payout'), (request) => answer(request, request.params.id));

  app.post(
    '/payouts/:id/prepare',
    onePayout('manage-payouts', 'Prepares a requested payout: the caller has checked it (409 from any other status)'),
    async (request) => {
      await preparePayout(db, request.params.id, request.staff!.id, app.clock.now());
      return answer(request, request.params.id);
    },
  );

  app.post(
    '/payouts/:id/approve',
    onePayout(
      'approve-payouts',
      'Approves a prepared payout; never by its preparer (422 errors.payout_same_attester). Of concurrent approvals one succeeds, the others 409; 422 when the application’s approved payouts would exceed its approved amount',
    ),
    async (request) => {
      await approvePayout(db, request.params.id, request.staff!.id, app.clock.now());
      return answer(request, request.params.id);
    },
  );

  app.post(
    '/payouts/:id/reject',
    onePayoutWith(
      either,
      'Rejects a requested or prepared payout with a reason, mailed to the applicant, who may ask again (409 otherwise)',
      reason,
    ),
    async (request) => {
      await rejectPayout(db, deps, request.params.id, request.body.data.reason, request.staff!.id, app.clock.now());
      return answer(request, request.params.id);
    },
  );

  app.post(
    '/payouts/:id/returned',
    onePayoutWith(
      'manage-payouts',
      'Asks that a sent or paid payout be marked returned by the bank, for a bank that sends no files: with the reason mailed to the applicant and the bank’s reference; nothing changes until another person approves (409 when one is asked already, or the payout is neither sent nor paid)',
      returnAsked,
    ),
    async (request) => {
      await askReturn(db, request.params.id, request.body.data, request.staff!.id, app.clock.now());
      return answer(request, request.params.id);
    },
  );

  app.post(
    '/payouts/:id/returned/approve',
    onePayout(
      'approve-payouts',
      'Carries out the return another person asked: the payout returned, booked back, the applicant mailed; never by the one who asked, nor an account they made or gave the approval in the last 90 days (422); 409 when none is asked',
    ),
    async (request) => {
      await approveReturn(db, deps, request.params.id, request.staff!.id, app.clock.now());
      return answer(request, request.params.id);
    },
  );

  app.post(
    '/payouts/:id/returned/withdraw',
    onePayout(either, 'Withdraws or declines the return asked: the payout stays as it was (409 when none is asked)'),
    async (request) => {
      await withdrawReturn(db, request.params.id, request.staff!.id);
      return answer(request, request.params.id);
    },
  );
}
