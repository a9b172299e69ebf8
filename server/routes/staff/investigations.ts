import type { FastifyContextConfig } from 'fastify';
import { Type } from 'typebox';
import { hasAbility } from '../../../resources/abilities.js';
import { applicationByUuid, staffUser } from '../../applicationCore/staffReach.js';
import {
  addInvestigator,
  investigatorsOf,
  ownInvestigations,
  ownList,
  removeInvestigator,
  writeOwnInvestigation,
} from '../../applications/investigations.js';
import { loadAbilities } from '../../auth/sessions.js';
import { hasStoodAside } from '../../reviews/conflicts.js';
import { AppError, invalid, notFound } from '../../errors.js';
import { parseListQuery } from '../../lists/listQuery.js';
import { body, data, id as ID, listPageSchema, Nullable, uuid, type Api } from '../schemas.js';
import { decisionMoney } from '../schemas/decisions.js';
import { investigation, investigationStatus, investigator, ownInvestigationRow, proposal } from '../schemas/investigations.js';
import { holds } from '../../plugins/access.js';
import { applicationPeriod, namesApplicationInPath, periodsList } from '../scopes.js';

const { Optional, Integer, String: Text } = Type;

const uuidParams = Type.Object({ uuid });
const investigatorParams = Type.Object({ uuid, user_id: ID });

/**
 * Investigations: managers put investigators on a sent-in application and take them
 * off (which deletes that investigator's investigation); investigators list their own, read each other's proposals
 * and write their own. Every change goes into the application's history with the staff user, before and after.
 */
export default async function investigationRoutes(app: Api) {
  const { db } = app;
  const tags = ['investigations'];
  const named = { scope: applicationPeriod, reaches: namesApplicationInPath };
  const manage: FastifyContextConfig = { access: { abilities: 'manage-applications', ...named } };
  const investigate: FastifyContextConfig = { access: { abilities: 'investigate-applications', ...named } };
  const investigateList: FastifyContextConfig = { access: { abilities: 'investigate-applications', scope: periodsList, reaches: 'rows' } };
  const either: FastifyContextConfig = { access: { abilities: { anyOf: ['investigate-applications', 'manage-applications'] }, ...named } };

  app.get(
    '/applications/:uuid/investigators',
    {
      config: manage,
      schema: {
        tags,
        summary: 'The investigators on an application, each with their investigation',
        params: uuidParams,
        response: { 200: data(Type.Array(investigator)) },
      },
    },
    async (request) => {
      const application = await applicationByUuid(db, request.params.uuid);
      return { data: await investigatorsOf(db, application.id, request.viewer) };
    },
  );

  app.post(
    '/applications/:uuid/investigators',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Put an active staff user who may investigate on a sent-in application (201); one already on it answers 200 unchanged; one who stood aside from it is a 422',
        params: uuidParams,
        body: body({ user_id: ID }),
        response: { 200: data(investigator), 201: data(investigator) },
      },
    },
    async (request, reply) => {
      const application = await applicationByUuid(db, request.params.uuid);
      const { user_id } = request.body.data;
      const user = await staffUser(db, user_id);
      // An ability granted for this application's period only counts too.
      const mayInvestigate =
        !!user?.active &&
        hasAbility(await loadAbilities(db, user), 'investigate-applications', { id: application.period_id, type: 'periods' });
      if (!mayInvestigate) throw invalid({ user_id: ['validation.investigator'] });
      // One who stood aside from the application takes no part in handling it.
      if (await hasStoodAside(db, application.id, user_id)) throw invalid({ user_id: ['validation.investigator_stood_aside'] });

      const created = await addInvestigator(db, application.id, user, request.staff!.id);
      // Adding someone already on the application is not an error (a repeated click): it changes nothing.
      reply.status(created ? 201 : 200);
      return { data: (await investigatorsOf(db, application.id, request.viewer)).find((i) => i.user_id === user_id)! };
    },
  );

  app.delete(
    '/applications/:uuid/investigators/:user_id',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Take an investigator off an application, deleting their investigation (the client confirms first); answers what was removed',
        params: investigatorParams,
        response: { 200: data(investigator) },
      },
    },
    async (request) => {
      const { uuid, user_id } = request.params;
      const application = await applicationByUuid(db, uuid);
      const removed = (await investigatorsOf(db, application.id, request.viewer)).find((i) => i.user_id === user_id);
      if (!removed) throw notFound();
      await removeInvestigator(db, application.id, removed, request.staff!.id);
      return { data: removed };
    },
  );

  app.get(
    '/applications/userInvestigations',
    {
      config: investigateList,
      schema: {
        tags,
        summary:
          'The signed-in user’s own investigations: 50 a page, by sent-in date unless sorted otherwise (sent_in_at, reference, status, applicant, money, review_score, review_spread, reviews_pending), no search; with the review figures and my_review',
        querystring: Type.Object(
          {
            page: Optional(
              Integer({
                minimum: -1_000_000,
                maximum: 1_000_000,
                description: 'From 1; negative counts from the end: -1 the last per_page rows, -2 those before (0 is a 422)',
              }),
            ),
            per_page: Optional(Integer({ minimum: 1, maximum: 100 })),
            sort: Optional(Text({ maxLength: 100 })),
            direction: Optional(Text({ enum: ['asc', 'desc'] })),
            review_score_min: Optional(Text({ maxLength: 100, description: 'A percent, 0–100: reviewed at least this high' })),
            reviews_pending: Optional(Text({ maxLength: 100, description: 'true: some review pending; false: none' })),
            todo: Optional(Text({ maxLength: 100, description: 'true: my review is still to be sent in (no conflict declared)' })),
          },
          { additionalProperties: false },
        ),
        response: { 200: listPageSchema(ownInvestigationRow) },
      },
    },
    async (request) => {
      const viewer = { ...request.viewer, userId: request.staff!.id };
      return { data: await ownInvestigations(db, viewer, parseListQuery(ownList, request.query), request.scope) };
    },
  );

  app.get(
    '/applications/:uuid/investigations',
    {
      config: either,
      schema: {
        tags,
        summary:
          'Every investigation on an application, so investigators see each other’s proposals (investigators only on their own applications)',
        params: uuidParams,
        response: { 200: data(Type.Array(proposal)) },
      },
    },
    async (request) => {
      const application = await applicationByUuid(db, request.params.uuid);
      const me = request.staff!.id;
      const investigators = await investigatorsOf(db, application.id, request.viewer);
      if (!holds(request, 'manage-applications') && !investigators.some((i) => i.user_id === me)) {
        throw new AppError(403, 'errors.not_investigator');
      }
      return {
        data: investigators.map((i) => ({
          id: i.investigation.id,
          user_id: i.user_id,
          investigator: i.name,
          name: i.name,
          amount: i.investigation.amount,
          status: i.investigation.status,
          comment: i.investigation.comment,
          updated_at: i.investigation.updated_at,
          mine: i.user_id === me,
          withheld: i.withheld,
        })),
      };
    },
  );

  app.put(
    '/applications/:uuid/investigations/mine',
    {
      config: investigate,
      schema: {
        tags,
        summary:
          'Write the signed-in investigator’s own proposal: amount (öre, null for none), status, comment; what is left out is cleared',
        params: uuidParams,
        body: body({ amount: decisionMoney, status: investigationStatus, comment: Nullable(Text({ maxLength: 20_000 })) }, ['status']),
        response: { 200: data(investigation) },
      },
    },
    async (request) => {
      const application = await applicationByUuid(db, request.params.uuid);
      const input = request.body.data;
      const next = { amount: input.amount ?? null, status: input.status, comment: input.comment?.trim() ? input.comment : null };
      const saved = await writeOwnInvestigation(db, application.id, request.staff!.id, next);
      return { data: saved };
    },
  );
}
