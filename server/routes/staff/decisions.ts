import type { FastifyContextConfig } from 'fastify';
import { Type } from 'typebox';
import { decide, pendingChangeOf, settleDecisionChange } from '../../applications/decisionChanges.js';
import { decisionOf } from '../../applications/decisions.js';
import { applicationByUuid } from '../../applicationCore/staffReach.js';
import { data, uuid, type Api } from '../schemas.js';
import { decision, decisionInput } from '../schemas/decisions.js';
import { applicationPeriod, namesApplicationInPath } from '../scopes.js';

const uuidParams = Type.Object({ uuid });
const decisionSchema = data(decision);

/** The decision on a sent-in application; the rules are in applications/decisions.ts. */
export default async function decisionRoutes(app: Api) {
  const { db } = app;
  const tags = ['decisions'];
  /** The decision with the change waiting for a second person, if any. */
  const answer = async (applicationId: number) => ({
    data: { ...(await decisionOf(db, applicationId)), pending_change: await pendingChangeOf(db, applicationId) },
  });
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
      return answer(application.id);
    },
  );

  app.put(
    '/applications/:uuid/decision',
    {
      config,
      schema: {
        tags,
        summary:
          'Approve (40, with approved_money) or reject (-10, which clears the amounts). approved_fou and approved_nok left out are cleared, global_goals (the decision’s, apart from the applicant’s answer) left out are kept, and a rejection clears all three; a capped period refuses those three and any amount beyond what remains. Where the applicant has been told the decision, a change is asked for with its reason (422 errors.reason without one; 409 errors.decision_change_open while one waits) and waits for another’s approval (pending_change); a board’s decision is a 409 errors.decided_by_board.',
        params: uuidParams,
        body: decisionInput,
        response: { 200: decisionSchema },
      },
    },
    async (request) => {
      const { reason, ...input } = request.body.data;
      const { id } = await applicationByUuid(db, request.params.uuid);
      await decide(db, id, request.staff!.id, input, request.locale, reason, { mailer: app.mailer, publicUrl: app.config.publicUrl });
      app.mailer.deliverSoon();
      return answer(id);
    },
  );

  for (const [outcome, summary] of [
    [
      'approved',
      'Approves the change of the decision another asked for, which makes it the decision, checked again as any decision (422 as the decision would be); 403 errors.decision_change_second_person for the one who asked; 404 without a change waiting',
    ],
    [
      'rejected',
      'Rejects the change of the decision another asked for, or withdraws one’s own: the decision stays; 404 without a change waiting',
    ],
  ] as const)
    app.post(
      `/applications/:uuid/decision/change/${outcome === 'approved' ? 'approve' : 'reject'}`,
      { config, schema: { tags, summary, params: uuidParams, response: { 200: decisionSchema } } },
      async (request) => {
        const { id } = await applicationByUuid(db, request.params.uuid);
        await settleDecisionChange(db, id, request.staff!.id, outcome, request.locale);
        return answer(id);
      },
    );
}
