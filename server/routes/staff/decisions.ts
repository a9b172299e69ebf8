import type { FastifyContextConfig } from 'fastify';
import { Type } from 'typebox';
import { enums } from '../../../resources/enums.js';
import { decide, decisionOf } from '../../applications/decisions.js';
import { applicationByUuid } from '../../applications/staffReach.js';
import { body, data, Nullable, uuid, type Api } from '../schemas.js';
import { decision, decisionMoney } from '../schemas/decisions.js';
import { applicationPeriod, namesApplicationInPath } from '../scopes.js';

const { approved, rejected } = enums.application_status;
const GOALS = Nullable(Type.Array(Type.Integer({ minimum: 1, maximum: 17 }), { maxItems: 17, uniqueItems: true }));
const uuidParams = Type.Object({ uuid });
const decisionSchema = data(decision);

/** The decision on a sent-in application; the rules are in applications/decisions.ts. */
export default async function decisionRoutes(app: Api) {
  const { db } = app;
  const tags = ['decisions'];
  const config: FastifyContextConfig = {
    access: { abilities: 'manage-applications', scope: applicationPeriod, reaches: namesApplicationInPath },
  };

  app.get(
    '/applications/:uuid/decision',
    {
      config,
      schema: {
        tags,
        summary: 'The decision, and for a capped period what remains of its amount (öre)',
        params: uuidParams,
        response: { 200: decisionSchema },
      },
    },
    async (request) => {
      const application = await applicationByUuid(db, request.params.uuid);
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
          'Approve (40, with approved_money) or reject (-10, which clears the amounts). approved_fou and approved_nok left out are cleared, global_goals (the decision’s, apart from the applicant’s answer) left out are kept, and a rejection clears all three; a capped period refuses those three and any amount beyond what remains.',
        params: uuidParams,
        body: body(
          {
            status: Type.Integer({ enum: [approved, rejected] }),
            approved_money: decisionMoney,
            approved_fou: decisionMoney,
            approved_nok: decisionMoney,
            global_goals: GOALS,
          },
          ['status'],
        ),
        response: { 200: decisionSchema },
      },
    },
    async (request) => {
      const input = request.body.data;
      const { id } = await applicationByUuid(db, request.params.uuid);
      await decide(db, id, request.staff!.id, input, request.locale);
      return { data: await decisionOf(db, id) };
    },
  );
}
