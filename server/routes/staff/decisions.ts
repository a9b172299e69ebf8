import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { MAX_MONEY } from '../../../resources/applications.js';
import { enums } from '../../../resources/enums.js';
import { decide, decisionOf, type DecisionInput } from '../../applications/decisions.js';
import { applicationByUuid } from '../../applications/handled.js';
import { uuidPattern } from '../../applications/own.js';
import { body, data } from '../schemas.js';

const { approved, rejected } = enums.application_status;
const MONEY = { type: ['integer', 'null'], minimum: 0, maximum: MAX_MONEY, description: 'öre' } as const;
const GOALS = { type: ['array', 'null'], maxItems: 17, uniqueItems: true, items: { type: 'integer', minimum: 1, maximum: 17 } } as const;
const uuidParams = { type: 'object', required: ['uuid'], properties: { uuid: { type: 'string', pattern: uuidPattern } } };

const decisionSchema = data({
  type: 'object',
  properties: {
    status: { type: 'integer', description: 'application_status' },
    approved_money: MONEY,
    approved_fou: MONEY,
    approved_nok: MONEY,
    global_goals: { type: 'array', items: { type: 'integer' } },
    decided_at: { type: ['string', 'null'], format: 'date-time' },
    uses_money_distribution_cap: { type: 'boolean' },
    cap: {
      type: ['object', 'null'],
      description: 'Only for a period that uses the money distribution cap; öre',
      properties: { available_money: { type: 'integer' }, approved_elsewhere: { type: 'integer' }, remaining: { type: 'integer' } },
    },
  },
});

/** The decision on a sent-in application (SPEC.md §2 decision, §3 period flags); the rules are in applications/decisions.ts. */
export default async function decisionRoutes(app: FastifyInstance) {
  const { db } = app;
  const tags = ['decisions'];
  const config: FastifyContextConfig = { access: { abilities: 'manage-applications' } };

  app.get(
    '/applications/:uuid/decision',
    { config, schema: { tags, summary: 'The decision, and for a capped period what remains of its amount (öre)', params: uuidParams, response: { 200: decisionSchema } } },
    async (request) => {
      const application = await applicationByUuid(db, (request.params as { uuid: string }).uuid);
      return { data: await decisionOf(db, application.id) };
    },
  );

  app.put(
    '/applications/:uuid/decision',
    {
      config,
      schema: {
        tags,
        summary:
          'Approve (40, with approved_money) or reject (-10, which clears the amounts). approved_fou and approved_nok left out are cleared, global_goals left out are kept; a capped period refuses those three and any amount beyond what remains.',
        params: uuidParams,
        body: body({ status: { type: 'integer', enum: [approved, rejected] }, approved_money: MONEY, approved_fou: MONEY, approved_nok: MONEY, global_goals: GOALS }, ['status']),
        response: { 200: decisionSchema },
      },
    },
    async (request) => {
      const input = (request.body as { data: DecisionInput }).data;
      const { id } = await applicationByUuid(db, (request.params as { uuid: string }).uuid);
      await decide(db, id, request.staff!.id, input, request.locale);
      return { data: await decisionOf(db, id) };
    },
  );
}
