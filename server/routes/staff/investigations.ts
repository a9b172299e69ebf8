import type { FastifyContextConfig } from 'fastify';
import { Type } from 'typebox';
import { hasAbility } from '../../../resources/abilities.js';
import { MAX_MONEY } from '../../../resources/applications.js';
import { enums } from '../../../resources/enums.js';
import { applicationByUuid } from '../../applications/staffReach.js';
import {
  addInvestigator,
  investigatorsOf,
  ownInvestigations,
  ownList,
  removeInvestigator,
  staffUser,
  writeOwnInvestigation,
} from '../../applications/investigations.js';
import { loadAbilities } from '../../auth/sessions.js';
import { AppError, invalid, notFound } from '../../errors.js';
import { parseListQuery } from '../../lists/listQuery.js';
import { body, data, dateTime, id as ID, listPageSchema, Nullable, nullableDateTime, uuid, type Api } from '../schemas.js';
import { holds } from '../../plugins/access.js';
import { applicationPeriod, periodsList } from '../scopes.js';

const NULLABLE_MONEY = Nullable(Type.Integer({ minimum: 0, maximum: MAX_MONEY, description: 'öre' }));
const STATUS = Type.Integer({ enum: Object.values(enums.investigation_status), description: 'investigation_status' });
const { Optional, Integer, String: Text } = Type;
const NULLABLE_STRING = Nullable(Text());

const uuidParams = Type.Object({ uuid });
const investigatorParams = Type.Object({ uuid, user_id: ID });

const investigationSchema = Type.Object({
  id: Optional(Integer()),
  amount: Optional(NULLABLE_MONEY),
  status: Optional(STATUS),
  comment: Optional(NULLABLE_STRING),
  created_at: Optional(dateTime),
  updated_at: Optional(dateTime),
});
const investigatorSchema = Type.Object({
  user_id: Optional(Integer()),
  name: Optional(Text()),
  email: Optional(Text()),
  investigation: Optional(investigationSchema),
});
const proposalSchema = Type.Object({
  id: Optional(Integer()),
  user_id: Optional(Integer()),
  investigator: Optional(Text()),
  name: Optional(Text({ description: 'the same as investigator' })),
  amount: Optional(NULLABLE_MONEY),
  status: Optional(STATUS),
  comment: Optional(NULLABLE_STRING),
  updated_at: Optional(dateTime),
  mine: Optional(Type.Boolean()),
});
const ownRowSchema = Type.Object({
  id: Optional(Integer()),
  uuid: Optional(Text()),
  reference: Optional(NULLABLE_STRING),
  status: Optional(Integer()),
  applicant: Optional(Nullable(Type.Object({ id: Optional(Integer()), name: Optional(Text()), email: Optional(Text()) }))),
  period: Optional(Type.Object({ id: Optional(Integer()), uuid: Optional(Text()), name: Optional(Text()) })),
  money_value: Optional(Nullable(Integer({ description: 'öre' }))),
  sent_in_at: Optional(nullableDateTime),
  investigation: Optional(Type.Object({ status: Optional(STATUS), amount: Optional(NULLABLE_MONEY), updated_at: Optional(dateTime) })),
});

/**
 * Investigations (SPEC.md §2 applications area, §6): managers put investigators on a sent-in application and take them
 * off (which deletes that investigator's investigation); investigators list their own, read each other's proposals
 * and write their own. Every change goes into the application's history with the staff user, before and after.
 */
export default async function investigationRoutes(app: Api) {
  const { db } = app;
  const tags = ['investigations'];
  const manage: FastifyContextConfig = { access: { abilities: 'manage-applications', scope: applicationPeriod } };
  const investigate: FastifyContextConfig = { access: { abilities: 'investigate-applications', scope: applicationPeriod } };
  const investigateList: FastifyContextConfig = { access: { abilities: 'investigate-applications', scope: periodsList } };
  const either: FastifyContextConfig = {
    access: { abilities: { anyOf: ['investigate-applications', 'manage-applications'] }, scope: applicationPeriod },
  };

  app.get(
    '/applications/:uuid/investigators',
    {
      config: manage,
      schema: {
        tags,
        summary: 'The investigators on an application, each with their investigation',
        params: uuidParams,
        response: { 200: data({ type: 'array', items: investigatorSchema }) },
      },
    },
    async (request) => {
      const application = await applicationByUuid(db, request.params.uuid);
      return { data: await investigatorsOf(db, application.id) };
    },
  );

  app.post(
    '/applications/:uuid/investigators',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Put an active staff user who may investigate on a sent-in application (201); one already on it answers 200 unchanged',
        params: uuidParams,
        body: body({ user_id: ID }),
        response: { 200: data(investigatorSchema), 201: data(investigatorSchema) },
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

      const created = await addInvestigator(db, application.id, user, request.staff!.id);
      // Adding someone already on the application is not an error (a repeated click): it changes nothing.
      reply.status(created ? 201 : 200);
      return { data: (await investigatorsOf(db, application.id)).find((i) => i.user_id === user_id)! };
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
        response: { 200: data(investigatorSchema) },
      },
    },
    async (request) => {
      const { uuid, user_id } = request.params;
      const application = await applicationByUuid(db, uuid);
      const removed = (await investigatorsOf(db, application.id)).find((i) => i.user_id === user_id);
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
        summary: 'The signed-in user’s own investigations: 50 a page, by sent-in date unless sorted otherwise, no search',
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
          },
          { additionalProperties: false },
        ),
        response: { 200: listPageSchema(ownRowSchema) },
      },
    },
    async (request) => {
      return { data: await ownInvestigations(db, request.staff!.id, parseListQuery(ownList, request.query), request.scope) };
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
        response: { 200: data({ type: 'array', items: proposalSchema }) },
      },
    },
    async (request) => {
      const application = await applicationByUuid(db, request.params.uuid);
      const me = request.staff!.id;
      const investigators = await investigatorsOf(db, application.id);
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
        body: body({ amount: NULLABLE_MONEY, status: STATUS, comment: Nullable(Text({ maxLength: 20_000 })) }, ['status']),
        response: { 200: data(investigationSchema) },
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
