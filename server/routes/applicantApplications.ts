import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { applications } from '../../resources/applications.js';
import { enums } from '../../resources/enums.js';
import { formatDate } from '../../resources/format.js';
import { validateRecord } from '../../resources/validate.js';
import { assertDraft, ownApplication, uuidPattern } from '../applications/own.js';
import { ID, formFieldSchemas } from '../applications/formSchema.js';
import { categoryIdsOf, filesOf, formRecord, questionsOf, type ApplicationRow } from '../applications/form.js';
import { answerBy, nextReference, periodTypeIds, sentInColumns, sentInErrors, unknownCategories, yearNow } from '../applications/submit.js';
import type { Db } from '../db/connect.js';
import { AppError, invalid, type FieldErrors } from '../errors.js';
import { isOpen } from '../periods.js';
import { visibleStatus } from './portal.js';
import { body, data } from './schemas.js';

const { draft, received, approved } = enums.application_status;
/** What a draft save may carry: any part of the form, kept as typed (the full rules apply when it is sent in). */
const draftFields = { step: { type: 'integer', minimum: 1, maximum: 5 }, ...formFieldSchemas };

const params = { type: 'object', required: ['uuid'], properties: { uuid: { type: 'string', pattern: uuidPattern } } };
const formAnswer = data({ type: 'object', additionalProperties: true });

/** The period an applicant may apply in, with the types it takes; anything else is refused as closed. */
async function openPeriod(db: Db, periodId: number) {
  const period = await db.selectFrom('periods as p').selectAll().select(isOpen('p').as('open')).where('p.id', '=', periodId).executeTakeFirst();
  if (!period?.open) throw new AppError(409, 'errors.period_closed');
  return { ...period, typeIds: await periodTypeIds(db, periodId) };
}

/**
 * The applicant's application form (SPEC.md §2, /ansok/:id): start or continue a draft, save it as they go, and send
 * it in while the period is open. Only the applicant's own applications are reachable (others are 404).
 */
export default async function applicantApplicationRoutes(app: FastifyInstance) {
  const { db } = app;
  const tags = ['portal'];
  const config = { access: 'applicant' as const, resource: 'applications' };

  /** The whole form as the portal shows it: values, the type's questions, files, and for a sent-in one the decision. */
  async function present(row: ApplicationRow) {
    const [categoryIds, questions, files, period, type] = await Promise.all([
      categoryIdsOf(db, row.id),
      questionsOf(db, row.application_type_id),
      filesOf(db, row.id),
      db.selectFrom('periods as p').select(['p.id', 'p.name', 'p.closed', 'p.uses_status_cloaking', 'p.start_date', 'p.end_date', 'p.answer_weeks']).select(isOpen('p').as('open')).where('p.id', '=', row.period_id).executeTakeFirstOrThrow(),
      row.application_type_id ? db.selectFrom('application_types').select('label').where('id', '=', row.application_type_id).executeTakeFirst() : undefined,
    ]);
    const status = visibleStatus(row.status, period);
    return {
      uuid: row.uuid,
      reference: row.reference,
      status,
      step: row.step,
      ...formRecord(row, categoryIds),
      // The decision only once the applicant may see it (status cloaking).
      approved_money: status === approved ? row.approved_money : null,
      sent_in_at: row.sent_in_at,
      updated_at: row.updated_at,
      period: { id: period.id, name: period.name, open: period.open, end_date: period.end_date, answer_by: answerBy(period.end_date, period.answer_weeks) },
      application_type: type?.label ?? null,
      questions,
      files,
      // The largest file an upload may be, so the form can say so before sending one.
      upload_max_bytes: app.config.uploadMaxBytes,
    };
  }

  app.post(
    '/portal/applications',
    {
      config,
      schema: {
        tags,
        summary: 'Start an application in an open period, or continue the applicant’s draft of the same period and type',
        // applicant_type: who applies, when the applicant already said so (/ansok?applicant_type=).
        body: body({ period_id: ID, application_type_id: ID, applicant_type: { type: 'integer', enum: Object.values(enums.applicant_type) } }, ['period_id', 'application_type_id']),
        response: { 200: formAnswer, 201: formAnswer },
      },
    },
    async (request, reply) => {
      const { period_id, application_type_id, applicant_type = null } = (request.body as { data: { period_id: number; application_type_id: number; applicant_type?: number } }).data;
      const period = await openPeriod(db, period_id);
      if (!period.typeIds.includes(application_type_id)) throw invalid({ application_type_id: ['validation.in'] });
      const applicant = request.applicant!;
      const existing = await db
        .selectFrom('applications')
        .selectAll()
        .where('frontend_user_id', '=', applicant.id)
        .where('period_id', '=', period_id)
        .where('application_type_id', '=', application_type_id)
        .where('status', '=', draft)
        .orderBy('updated_at', 'desc')
        .executeTakeFirst();
      if (existing) return { data: await present(existing) };
      // A new draft starts with the applicant's own details as its contact person.
      const profile = await db.selectFrom('frontend_users').select(['first_name', 'last_name', 'email', 'phone']).where('id', '=', applicant.id).executeTakeFirstOrThrow();
      const row = await db
        .insertInto('applications')
        .values({
          frontend_user_id: applicant.id,
          period_id,
          application_type_id,
          applicant_type,
          contact_first_name: profile.first_name,
          contact_last_name: profile.last_name,
          contact_email: profile.email,
          contact_email_confirmation: profile.email,
          contact_phone: profile.phone,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      reply.status(201);
      return { data: await present(row) };
    },
  );

  app.get(
    '/portal/applications/:uuid',
    { config, schema: { tags, summary: 'One of the applicant’s applications: the form, its questions and files, and the decision once visible', params, response: { 200: formAnswer } } },
    async (request) => ({ data: await present(await ownApplication(db, request, (request.params as { uuid: string }).uuid)) }),
  );

  app.put(
    '/portal/applications/:uuid',
    {
      config,
      schema: { tags, summary: 'Save a draft as the applicant goes: any part of the form, kept as typed', params, body: body(draftFields, []), response: { 200: formAnswer } },
    },
    async (request) => {
      const row = await ownApplication(db, request, (request.params as { uuid: string }).uuid);
      assertDraft(row);
      const changes = { ...(request.body as { data: Record<string, unknown> }).data };
      const periodId = (changes.period_id as number | undefined) ?? row.period_id;
      const typeId = (changes.application_type_id as number | undefined) ?? row.application_type_id;
      if ('period_id' in changes || 'application_type_id' in changes) {
        const period = await openPeriod(db, periodId);
        if (typeId !== null && !period.typeIds.includes(typeId)) throw invalid({ application_type_id: ['validation.in'] });
      }
      const errors: FieldErrors = {};
      const codeErrors = validateRecord(applications, { applicant_type: changes.applicant_type, organisation_type: changes.organisation_type, global_goals: changes.global_goals }, { partial: true });
      for (const name of ['applicant_type', 'organisation_type', 'global_goals']) if (name in changes && codeErrors[name]) errors[name] = codeErrors[name];
      const categoryIds = changes.category_ids as number[] | undefined;
      Object.assign(errors, await unknownCategories(db, categoryIds));
      if (Object.keys(errors).length) throw invalid(errors);

      const { category_ids: _, definitions, ...columns } = changes;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('applications')
          .set({
            ...(columns as object),
            // Answers merge into the saved ones: a step sends only its own questions.
            ...(definitions ? { definitions: sql`definitions || ${JSON.stringify(definitions)}::jsonb` as never } : {}),
            updated_at: new Date(),
          })
          .where('id', '=', row.id)
          .execute();
        if (categoryIds) {
          await trx.deleteFrom('application_categories').where('application_id', '=', row.id).execute();
          const unique = [...new Set(categoryIds)];
          if (unique.length) await trx.insertInto('application_categories').values(unique.map((category_id) => ({ application_id: row.id, category_id }))).execute();
        }
      });
      const saved = await db.selectFrom('applications').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      return { data: await present(saved) };
    },
  );

  app.post(
    '/portal/applications/:uuid/submit',
    {
      config,
      schema: {
        tags,
        summary: 'Send in a draft: every rule checked, the period must be open; gives a reference and mails a confirmation',
        params,
        response: { 200: formAnswer },
      },
    },
    async (request) => {
      const row = await ownApplication(db, request, (request.params as { uuid: string }).uuid);
      assertDraft(row);
      const period = await openPeriod(db, row.period_id);
      const [categoryIds, questions, files] = await Promise.all([categoryIdsOf(db, row.id), questionsOf(db, row.application_type_id), filesOf(db, row.id)]);
      const record = formRecord(row, categoryIds);
      const errors = sentInErrors(record, questions, files, period.typeIds);
      if (Object.keys(errors).length) throw invalid(errors);

      const values = await sentInColumns(db, record);
      const reference = await db.transaction().execute(async (trx) => {
        // Locks the draft, so a double click cannot send it in twice.
        const still = await trx.selectFrom('applications').select('status').where('id', '=', row.id).forUpdate().executeTakeFirstOrThrow();
        assertDraft(still);
        const given = await nextReference(trx, yearNow());
        await trx
          .updateTable('applications')
          .set({ ...values, reference: given, status: received, sent_in_at: new Date(), updated_at: new Date() })
          .where('id', '=', row.id)
          .execute();
        return given;
      });

      const applicant = await db.selectFrom('frontend_users').select(['email', 'first_name', 'locale']).where('id', '=', request.applicant!.id).executeTakeFirstOrThrow();
      const type = row.application_type_id ? await db.selectFrom('application_types').select('label').where('id', '=', row.application_type_id).executeTakeFirst() : undefined;
      await app.mailer.queue({
        to: applicant.email,
        locale: applicant.locale,
        name: applicant.first_name,
        template: 'application_received',
        params: {
          reference,
          type: type?.label ?? '',
          period: period.name,
          answer_by: formatDate(answerBy(period.end_date, period.answer_weeks), applicant.locale),
          link: `${app.config.publicUrl}/`,
        },
      });
      const sent = await db.selectFrom('applications').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      return { data: await present(sent) };
    },
  );

  app.get(
    '/portal/organisations/:org_number',
    {
      config,
      schema: {
        tags,
        summary: 'An organisation of the foundation’s register by organisation number, to fill in its details',
        params: { type: 'object', required: ['org_number'], properties: { org_number: { type: 'string', pattern: '^(16)?[0-9]{6}[- ]?[0-9]{4}$' } } },
        response: {
          200: data({
            type: 'object',
            properties: { name: { type: 'string' }, type: { type: 'integer' }, address: { type: ['string', 'null'] }, co: { type: ['string', 'null'] }, zip: { type: ['string', 'null'] }, city: { type: ['string', 'null'] }, website: { type: ['string', 'null'] } },
          }),
        },
      },
    },
    async (request) => {
      const digits = (request.params as { org_number: string }).org_number.replace(/[- ]/, '').slice(-10);
      const found = await db
        .selectFrom('organisations')
        .select(['name', 'type', 'address', 'co', 'zip', 'city', 'website'])
        .where('org_number', '=', `${digits.slice(0, 6)}-${digits.slice(6)}`)
        .executeTakeFirst();
      if (!found) throw new AppError(404, 'errors.organisation_unknown');
      return { data: found };
    },
  );
}
