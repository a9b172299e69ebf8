import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { hasAbility } from '../../resources/abilities.js';
import { MAX_MONEY } from '../../resources/applications.js';
import { enums } from '../../resources/enums.js';
import { applicationByUuid, assertSentIn } from '../applications/handled.js';
import { recordHistory } from '../applications/history.js';
import { uuidPattern } from '../applications/own.js';
import { loadAbilities } from '../auth/sessions.js';
import type { Db } from '../db/connect.js';
import { AppError, invalid, notFound } from '../errors.js';
import { listPage, parseListQuery, type ListGrammar } from '../lists/listQuery.js';
import { body, data, listPageSchema } from './schemas.js';

const ID = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
const NULLABLE_MONEY = { type: ['integer', 'null'], minimum: 0, maximum: MAX_MONEY, description: 'öre' } as const;
const STATUS = { type: 'integer', enum: Object.values(enums.investigation_status), description: 'investigation_status' } as const;
const TIME = { type: 'string', format: 'date-time' } as const;

const uuidParams = { type: 'object', required: ['uuid'], properties: { uuid: { type: 'string', pattern: uuidPattern } } };
const investigatorParams = { type: 'object', required: ['uuid', 'user_id'], properties: { uuid: uuidParams.properties.uuid, user_id: ID } };

const investigationSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, amount: NULLABLE_MONEY, status: STATUS, comment: { type: ['string', 'null'] }, created_at: TIME, updated_at: TIME },
};
const investigatorSchema = {
  type: 'object',
  properties: { user_id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' }, investigation: investigationSchema },
};
const proposalSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' }, user_id: { type: 'integer' }, investigator: { type: 'string' }, name: { type: 'string', description: 'the same as investigator' }, amount: NULLABLE_MONEY, status: STATUS,
    comment: { type: ['string', 'null'] }, updated_at: TIME, mine: { type: 'boolean' },
  },
};
const ownRowSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' }, uuid: { type: 'string' }, reference: { type: ['string', 'null'] }, status: { type: 'integer' },
    applicant: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } } },
    period: { type: 'object', properties: { id: { type: 'integer' }, uuid: { type: 'string' }, name: { type: 'string' } } },
    money_value: { type: ['integer', 'null'], description: 'öre' }, sent_in_at: { ...TIME, type: ['string', 'null'] },
    investigation: { type: 'object', properties: { status: STATUS, amount: NULLABLE_MONEY, updated_at: TIME } },
  },
};
/** The own-investigations list sorts by these only (anything else is a 422); ties broken by id. */
const ownSorts: Record<string, RawBuilder<unknown>[]> = {
  sent_in_at: [sql`a.sent_in_at`],
  reference: [sql`a.reference`],
  status: [sql`a.status`],
  applicant: [sql`f.last_name collate swedish`, sql`f.first_name collate swedish`],
  money: [sql`a.money`],
};
const ownList: ListGrammar = { sorts: Object.keys(ownSorts), defaultSort: { field: 'sent_in_at', order: 'asc' }, search: false, filters: {} };

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

/** The staff users on an application, each with their investigation, in the order they were added. */
async function investigatorsOf(db: Db, applicationId: number) {
  const rows = await db
    .selectFrom('investigations as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select(['i.id', 'i.user_id', 'i.amount', 'i.status', 'i.comment', 'i.created_at', 'i.updated_at', 'u.first_name', 'u.last_name', 'u.email'])
    .where('i.application_id', '=', applicationId)
    .orderBy('i.created_at')
    .orderBy('i.id')
    .execute();
  return rows.map((r) => ({
    user_id: r.user_id,
    name: fullName(r.first_name, r.last_name),
    email: r.email,
    investigation: { id: r.id, amount: r.amount, status: r.status, comment: r.comment, created_at: r.created_at, updated_at: r.updated_at },
  }));
}

/**
 * Investigations (SPEC.md §2 applications area, §6): managers put investigators on a sent-in application and take them
 * off (which deletes that investigator's investigation); investigators list their own, read each other's proposals
 * and write their own. Every change goes into the application's history with the staff user, before and after.
 */
export default async function investigationRoutes(app: FastifyInstance) {
  const { db } = app;
  const tags = ['investigations'];
  const manage: FastifyContextConfig = { access: { abilities: 'manage-applications' } };
  const investigate: FastifyContextConfig = { access: { abilities: 'investigate-applications' } };
  const either: FastifyContextConfig = { access: { abilities: { anyOf: ['investigate-applications', 'manage-applications'] } } };

  app.get(
    '/applications/:uuid/investigators',
    { config: manage, schema: { tags, summary: 'The investigators on an application, each with their investigation', params: uuidParams, response: { 200: data({ type: 'array', items: investigatorSchema }) } } },
    async (request) => {
      const application = await applicationByUuid(db, (request.params as { uuid: string }).uuid);
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
      const application = await applicationByUuid(db, (request.params as { uuid: string }).uuid);
      assertSentIn(application);
      const { user_id } = (request.body as { data: { user_id: number } }).data;
      const user = await db.selectFrom('users').select(['id', 'role', 'first_name', 'last_name', 'active']).where('id', '=', user_id).executeTakeFirst();
      // An ability granted for this application's period only counts too.
      const mayInvestigate = !!user?.active && hasAbility(await loadAbilities(db, user), 'investigate-applications', { id: application.period_id, type: 'periods' });
      if (!mayInvestigate) throw invalid({ user_id: ['validation.investigator'] });

      const created = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('investigations')
          .values({ application_id: application.id, user_id })
          .onConflict((oc) => oc.columns(['application_id', 'user_id']).doNothing())
          .returning(['id'])
          .executeTakeFirst();
        if (row) {
          await recordHistory(trx, {
            applicationId: application.id, userId: request.staff!.id, action: 'investigator_added', before: null,
            after: { user_id, name: fullName(user!.first_name, user!.last_name) },
          });
        }
        return !!row;
      });
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
        summary: 'Take an investigator off an application, deleting their investigation (the client confirms first); answers what was removed',
        params: investigatorParams,
        response: { 200: data(investigatorSchema) },
      },
    },
    async (request) => {
      const { uuid, user_id } = request.params as { uuid: string; user_id: number };
      const application = await applicationByUuid(db, uuid);
      const removed = (await investigatorsOf(db, application.id)).find((i) => i.user_id === user_id);
      if (!removed) throw notFound();
      await db.transaction().execute(async (trx) => {
        const row = await trx.deleteFrom('investigations').where('application_id', '=', application.id).where('user_id', '=', user_id).returningAll().executeTakeFirst();
        // Removed meanwhile by someone else: nothing to record.
        if (!row) throw notFound();
        await recordHistory(trx, {
          applicationId: application.id, userId: request.staff!.id, action: 'investigator_removed',
          before: { user_id, name: removed.name, amount: row.amount, status: row.status, comment: row.comment },
          after: null,
        });
      });
      return { data: removed };
    },
  );

  app.get(
    '/applications/userInvestigations',
    {
      config: investigate,
      schema: {
        tags,
        summary: 'The signed-in user’s own investigations: 50 a page, by sent-in date unless sorted otherwise, no search',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            page: { type: 'integer', minimum: 1, maximum: 1_000_000 },
            per_page: { type: 'integer', minimum: 1, maximum: 100 },
            sort: { type: 'string', maxLength: 100 },
            direction: { type: 'string', enum: ['asc', 'desc'] },
          },
        },
        response: { 200: listPageSchema(ownRowSchema) },
      },
    },
    async (request) => {
      const { page: current, perPage, sort, direction } = parseListQuery(ownList, request.query as Record<string, unknown>);
      const terms = ownSorts[sort];

      const base = db
        .selectFrom('investigations as i')
        .innerJoin('applications as a', 'a.id', 'i.application_id')
        .where('i.user_id', '=', request.staff!.id)
        .where('a.status', '<>', enums.application_status.draft);
      const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      let query = base
        .innerJoin('frontend_users as f', 'f.id', 'a.frontend_user_id')
        .innerJoin('periods as p', 'p.id', 'a.period_id')
        .select([
          'a.id', 'a.uuid', 'a.reference', 'a.status', 'a.money', 'a.sent_in_at', 'a.frontend_user_id', 'f.first_name', 'f.last_name', 'f.email',
          'p.id as period_id', 'p.uuid as period_uuid', 'p.name as period_name', 'i.status as investigation_status', 'i.amount', 'i.updated_at',
        ]);
      const order = sql.raw(direction);
      for (const term of terms) query = query.orderBy(sql`${term} ${order}`);
      const rows = await query.orderBy('a.id', direction).limit(perPage).offset((current - 1) * perPage).execute();
      return {
        data: listPage(
          rows.map((r) => ({
            id: r.id, uuid: r.uuid, reference: r.reference, status: r.status,
            applicant: { id: r.frontend_user_id, name: fullName(r.first_name, r.last_name), email: r.email },
            period: { id: r.period_id, uuid: r.period_uuid, name: r.period_name },
            money_value: r.money, sent_in_at: r.sent_in_at,
            investigation: { status: r.investigation_status, amount: r.amount, updated_at: r.updated_at },
          })),
          Number(total),
          { page: current, perPage },
        ),
      };
    },
  );

  app.get(
    '/applications/:uuid/investigations',
    {
      config: either,
      schema: {
        tags,
        summary: 'Every investigation on an application, so investigators see each other’s proposals (investigators only on their own applications)',
        params: uuidParams,
        response: { 200: data({ type: 'array', items: proposalSchema }) },
      },
    },
    async (request) => {
      const application = await applicationByUuid(db, (request.params as { uuid: string }).uuid);
      const me = request.staff!.id;
      const investigators = await investigatorsOf(db, application.id);
      if (!hasAbility(request.abilities, 'manage-applications') && !investigators.some((i) => i.user_id === me)) {
        throw new AppError(403, 'errors.not_investigator');
      }
      return {
        data: investigators.map((i) => ({
          id: i.investigation.id, user_id: i.user_id, investigator: i.name, name: i.name, amount: i.investigation.amount, status: i.investigation.status,
          comment: i.investigation.comment, updated_at: i.investigation.updated_at, mine: i.user_id === me,
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
        summary: 'Write the signed-in investigator’s own proposal: amount (öre, null for none), status, comment; what is left out is cleared',
        params: uuidParams,
        body: body({ amount: NULLABLE_MONEY, status: STATUS, comment: { type: ['string', 'null'], maxLength: 20_000 } }, ['status']),
        response: { 200: data(investigationSchema) },
      },
    },
    async (request) => {
      const application = await applicationByUuid(db, (request.params as { uuid: string }).uuid);
      const input = (request.body as { data: { amount?: number | null; status: number; comment?: string | null } }).data;
      const next = { amount: input.amount ?? null, status: input.status, comment: input.comment?.trim() ? input.comment : null };
      const me = request.staff!.id;
      const saved = await db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('investigations')
          .select(['amount', 'status', 'comment'])
          .where('application_id', '=', application.id)
          .where('user_id', '=', me)
          .forUpdate()
          .executeTakeFirst();
        if (!current) throw new AppError(403, 'errors.not_investigator');
        const row = await trx
          .updateTable('investigations')
          .set({ ...next, updated_at: sql<Date>`now()` })
          .where('application_id', '=', application.id)
          .where('user_id', '=', me)
          .returning(['id', 'amount', 'status', 'comment', 'created_at', 'updated_at'])
          .executeTakeFirstOrThrow();
        await recordHistory(trx, { applicationId: application.id, userId: me, action: 'investigation', before: { ...current }, after: next });
        return row;
      });
      return { data: saved };
    },
  );
}
