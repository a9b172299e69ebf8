import { Type } from 'typebox';
import { applicationByUuid } from '../../applicationCore/staffReach.js';
import { extendDeadline } from '../../payouts/deadline.js';
import { planOf, setPlan } from '../../payouts/plan.js';
import { managePayoutsOfApplication, seePayoutsOfApplication } from '../applicationAccess.js';
import { body, data, uuid, type Api } from '../schemas.js';
import { day, payoutPlan, payoutPlanInput } from '../schemas/grants.js';

const params = Type.Object({ uuid });
const planAnswer = { 200: data(payoutPlan) };

/** An approved application's payout plan and deadline, as staff read and set them; the rules are in payouts/. */
export default async function payoutPlanRoutes(app: Api) {
  const { db } = app;
  const tags = ['payouts'];

  app.get(
    '/applications/:uuid/payout-plan',
    {
      config: seePayoutsOfApplication,
      schema: {
        tags,
        summary: 'The grant’s payout plan (instalments in order, öre), its acceptance and deadline; 404 without a grant',
        params,
        response: planAnswer,
      },
    },
    async (request) => {
      const application = await applicationByUuid(db, request.params.uuid);
      return { data: await planOf(db, application.id) };
    },
  );

  app.put(
    '/applications/:uuid/payout-plan',
    {
      config: managePayoutsOfApplication,
      schema: {
        tags,
        summary: 'Replaces the plan: instalments in order, existing ones by id, adding up to the approved amount',
        description:
          'An instalment with a live payout keeps its amount and due, and one ever asked for stays in the plan; left out, an open one is removed. 422 beside `instalments`, nothing changed.',
        params,
        body: payoutPlanInput,
        response: planAnswer,
      },
    },
    async (request) => {
      const application = await applicationByUuid(db, request.params.uuid);
      await setPlan(db, application.id, request.staff!.id, request.body.data.instalments, request.locale);
      return { data: await planOf(db, application.id) };
    },
  );

  app.post(
    '/applications/:uuid/payout-deadline',
    {
      config: managePayoutsOfApplication,
      schema: {
        tags,
        summary: 'Extends the deadline for asking for money to a later day, with a reason',
        description:
          'The applicant is reminded again before the new deadline, and instalments that lapsed without a payout can be asked for again. 422 for a day not after the current deadline or without a reason.',
        params,
        body: body({ extended_to: day, reason: Type.String({ maxLength: 2000 }) }),
        response: planAnswer,
      },
    },
    async (request) => {
      const application = await applicationByUuid(db, request.params.uuid);
      await extendDeadline(db, application.id, request.staff!.id, request.body.data);
      return { data: await planOf(db, application.id) };
    },
  );
}
