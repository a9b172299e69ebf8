import { attachmentHeader } from '../../uploads/fileName.js';
import type { FastifyContextConfig } from 'fastify';
import { Type } from 'typebox';
import { parseListQuery } from '../../lists/listQuery.js';
import {
  batchById,
  batchFile,
  batchListGrammar,
  createBatch,
  listBatches,
  cancelBatch,
  markBatchPaid,
  markBatchSent,
} from '../../payouts/batches.js';
import type { Reach, Scope } from '../../types.js';
import { body, data, id, listPageSchema, type Api } from '../schemas.js';
import { paymentBatch, paymentBatchWithPayouts } from '../schemas/payouts.js';
import { batchPeriods, namesBatchInPath, namesPayoutsInBody, payoutsInBodyPeriods, periodsList } from '../scopes.js';

const tags = ['payouts'];
const { Optional } = Type;
const day = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });
const params = Type.Object({ id });
// Those who manage payouts, of the periods they hold it for: a batch is theirs when all its payouts are, and when they
// stood aside from none of its applications (a colleague handles that batch).
const onBatches = (scope: Scope, reaches: Reach): FastifyContextConfig => ({ access: { abilities: 'manage-payouts', scope, reaches } });
const list = onBatches(periodsList, 'rows');
const oneBatch = onBatches(batchPeriods, namesBatchInPath);

/**
 * Payment batches: approved payouts gathered for the bank, the pain.001.001.03 file, and the batch marked sent, then
 * its payouts paid. A caller who manages payouts of some periods reaches the batches whose payouts are all theirs.
 */
export default async function paymentBatchRoutes(app: Api) {
  const { db } = app;
  const deps = { mailer: app.mailer, config: app.config };

  app.post(
    '/payment-batches',
    {
      config: onBatches(payoutsInBodyPeriods, namesPayoutsInBody),
      schema: {
        tags,
        summary:
          'Gathers approved payouts not in a batch into a new payment batch, paid on execution_date (today unless given); 409 when any is not such (nothing made)',
        body: body(
          {
            payout_ids: Type.Array(id, { minItems: 1, maxItems: 1000 }),
            execution_date: Optional(day('The day the bank is to pay: from today, at most a year ahead')),
          },
          ['payout_ids'],
        ),
        response: { 200: data(paymentBatchWithPayouts) },
      },
    },
    async (request) => {
      const { payout_ids, execution_date } = request.body.data;
      const batchId = await createBatch(db, payout_ids, request.staff!.id, app.clock.now(), execution_date);
      return { data: await batchById(db, batchId, request.viewer) };
    },
  );

  app.get(
    '/payment-batches',
    {
      config: list,
      schema: {
        tags,
        summary: 'The payment batches, newest first, with their counts and totals; sort by created_at or execution_date',
        querystring: Type.Object({
          page: Optional(Type.Unknown()),
          per_page: Optional(Type.Unknown()),
          sort: Optional(Type.Unknown()),
          direction: Optional(Type.Unknown()),
        }),
        response: { 200: listPageSchema(paymentBatch) },
      },
    },
    async (request) => ({
      data: await listBatches(db, parseListQuery(batchListGrammar, request.query), { periods: request.scope, viewer: request.viewer }),
    }),
  );

  app.get(
    '/payment-batches/:id',
    { config: oneBatch, schema: { tags, summary: 'One batch with its payouts', params, response: { 200: data(paymentBatchWithPayouts) } } },
    async (request) => ({ data: await batchById(db, request.params.id, request.viewer) }),
  );

  app.get(
    '/payment-batches/:id/file',
    {
      config: oneBatch,
      schema: {
        tags,
        summary:
          'The batch’s payment file for the bank, ISO 20022 pain.001.001.03 (XML), as a download: written and stored at the first download, the same bytes ever after; 422 while the payment settings lack the foundation’s name, organisation number or account, or a payee’s account fails its check digits; 409 for a cancelled batch, and errors.execution_date_past at a first download after its execution day (cancel it and make a new one)',
        params,
      },
    },
    async (request, reply) => {
      const { xml, filename } = await batchFile(db, request.params.id, app.clock.now());
      return reply.type('application/xml; charset=utf-8').header('Content-Disposition', attachmentHeader(filename)).send(xml);
    },
  );

  app.post(
    '/payment-batches/:id/cancel',
    {
      config: oneBatch,
      schema: {
        tags,
        summary:
          'Cancels a batch not yet sent: its payouts go back to approved, to be batched anew under a new message id (409 once sent or cancelled)',
        params,
        response: { 200: data(paymentBatchWithPayouts) },
      },
    },
    async (request) => {
      await cancelBatch(db, request.params.id, request.staff!.id, app.clock.now());
      return { data: await batchById(db, request.params.id, request.viewer) };
    },
  );

  app.post(
    '/payment-batches/:id/sent',
    {
      config: oneBatch,
      schema: {
        tags,
        summary: 'Marks the batch and its payouts sent to the bank (409 when it was already)',
        params,
        response: { 200: data(paymentBatchWithPayouts) },
      },
    },
    async (request) => {
      await markBatchSent(db, request.params.id, request.staff!.id, app.clock.now());
      return { data: await batchById(db, request.params.id, request.viewer) };
    },
  );

  app.post(
    '/payment-batches/:id/paid',
    {
      config: oneBatch,
      schema: {
        tags,
        summary:
          'Marks the sent batch’s payouts paid on paid_on: every one still sent, or those listed (409 when one is not a sent payout of the batch); mails each applicant',
        params,
        body: body(
          {
            paid_on: day('The day the bank paid: not after today'),
            payout_ids: Optional(Type.Array(id, { minItems: 1, maxItems: 1000 })),
          },
          ['paid_on'],
        ),
        response: { 200: data(paymentBatchWithPayouts) },
      },
    },
    async (request) => {
      const { paid_on, payout_ids } = request.body.data;
      await markBatchPaid(db, deps, request.params.id, paid_on, payout_ids, request.staff!.id, app.clock.now());
      return { data: await batchById(db, request.params.id, request.viewer) };
    },
  );
}
