import { Type } from 'typebox';
import { keepAnswers, type Answers, type Question } from '../../../resources/applicationAnswers.js';
import { frontendUsers } from '../../../resources/frontendUsers.js';
import { validateRecord } from '../../../resources/validate.js';
import * as check from '../../../resources/validators.js';
import { categoryIdsOf, filesOf, formRecord, questionsOf } from '../../applicationCore/applicationForm.js';
import { formFieldSchemas, ID } from '../formSchema.js';
import {
  applicantExists,
  applicationByUuidWhole,
  correctApplication,
  formOptions,
  periodExists,
  registerApplication,
  type NewApplicant,
} from '../../applications/staffForm.js';
import { staffApplication } from '../../applications/staffView.js';
import { periodTypeIds, sentInColumns, sentInErrors, unknownCategories } from '../../applications/submit.js';
import type { Db } from '../../db/connect.js';
import { invalid, notFound, type FieldErrors } from '../../errors.js';
import { body, data, knownUuids, type Api } from '../schemas.js';
import { staffFormOptions } from '../schemas/applicationForm.js';
import { staffApplication as staffApplicationSchema } from '../schemas/staffApplication.js';
import { correctingApplication, manageApplicationList, manageNewApplication } from '../applicationAccess.js';

const tags = ['applications'];
const staffView = data(staffApplicationSchema);
const NAME = Type.String({ maxLength: 255 });
const newApplicant = Type.Object(
  { email: Type.String({ maxLength: 254 }), first_name: Type.Optional(NAME), last_name: Type.Optional(NAME) },
  { additionalProperties: false },
);

/** The record the rules see: the form's fields with only the answers the type's questions ask. */
async function checkedRecord(db: Db, record: Record<string, unknown>, files: { field_definition_id: number | null }[] | null) {
  const questions = await questionsOf(db, (record.application_type_id as number | null) ?? null);
  const checked: Record<string, unknown> = { ...record, definitions: keepAnswers(questions, (record.definitions ?? {}) as Answers) };
  // A paper application's files are uploaded once it exists, so its media questions are checked from then on.
  const counted = files ?? questions.map((q) => ({ field_definition_id: q.id }));
  const errors: FieldErrors = {
    ...sentInErrors(checked, questions, counted, await periodTypeIds(db, record.period_id as number)),
    ...(await unknownCategories(db, record.category_ids as number[] | undefined)),
  };
  return { checked, errors };
}

/** The applicant's errors, keyed applicant.* (a new one) or frontend_user_id (an existing one that is not there). */
async function applicantErrors(db: Db, frontendUserId: number | undefined, applicant: NewApplicant | undefined): Promise<FieldErrors> {
  if (frontendUserId !== undefined) {
    return (await applicantExists(db, frontendUserId)) ? {} : { frontend_user_id: ['validation.in'] };
  }
  if (!applicant) return { frontend_user_id: ['validation.required'] };
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(validateRecord(frontendUsers, { ...applicant }, { partial: true })))
    errors[`applicant.${field}`] = messages;
  for (const field of ['first_name', 'last_name'] as const) {
    const missing = check.required(applicant[field]);
    if (missing) errors[`applicant.${field}`] = [missing];
  }
  return errors;
}

/** The changed values only, before and after, for the history. */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changed = Object.keys(after).filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null));
  return {
    before: Object.fromEntries(changed.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(changed.map((k) => [k, after[k] ?? null])),
    changed,
  };
}

/**
 * The staff form that adds an application or edits one: register a paper application
 * as sent in, in any period (paper arrives late), or correct one. Every rule of sending in applies, with every problem
 * at once; the history says who did it and what changed.
 */
export default async function staffApplicationFormRoutes(app: Api) {
  const { db } = app;

  app.get(
    '/applications/form-options',
    {
      config: manageApplicationList,
      schema: {
        tags,
        summary: 'What the staff form offers: every period (closed ones too) with its types, the categories, and each type’s questions',
        response: { 200: data(staffFormOptions) },
      },
    },
    async (request) => {
      const [periods, links, categories, questions] = await formOptions(db, request.scope);
      const byType: Record<number, Question[]> = {};
      for (const { application_type_id, ...question } of questions) (byType[application_type_id] ??= []).push(question);
      return {
        data: {
          periods: periods.map((p) => ({
            ...p,
            application_types: links.filter((l) => l.period_id === p.id).map(({ id, label }) => ({ id, label })),
          })),
          categories,
          questions: byType,
          upload_max_bytes: app.config.uploadMaxBytes,
        },
      };
    },
  );

  app.post(
    '/applications',
    {
      config: manageNewApplication,
      schema: {
        tags,
        summary:
          'Register an application as sent in (status received, a reference), for an applicant by id or a new one by e-mail; any period, open or closed',
        body: body({ frontend_user_id: ID, applicant: newApplicant, ...formFieldSchemas }, ['period_id', 'application_type_id']),
        response: { 201: staffView },
      },
    },
    async (request, reply) => {
      const { frontend_user_id, applicant, category_ids = [], ...form } = request.body.data;
      if (!(await periodExists(db, form.period_id))) throw invalid({ period_id: ['validation.in'] });
      const { checked, errors } = await checkedRecord(db, { ...form, category_ids }, null);
      Object.assign(errors, await applicantErrors(db, frontend_user_id, applicant));
      if (Object.keys(errors).length) throw invalid(errors);

      const created = await registerApplication(
        db,
        request.staff!.id,
        {
          values: sentInColumns(checked),
          periodId: checked.period_id as number,
          definitions: checked.definitions,
          categoryIds: category_ids,
          frontendUserId: frontend_user_id,
          applicant,
        },
        app.clock.now(),
      );
      reply.status(201);
      return { data: await staffApplication(db, created.uuid) };
    },
  );

  app.put(
    '/applications/:uuid',
    {
      config: correctingApplication,
      schema: {
        tags,
        summary:
          'Correct an application sent in: any fields of the form, every rule checked on the result (422 lists every problem, nothing saved); drafts are 409',
        params: Type.Object({ uuid: Type.String() }),
        body: body(formFieldSchemas, []),
        response: { 200: staffView },
      },
    },
    async (request) => {
      const id = request.params.uuid;
      knownUuids(id);
      const sent = request.body.data;
      const row = await applicationByUuidWhole(db, id);
      // Unknown, or a draft the applicant is still writing (staff correct what was sent in): 404.
      if (!row) throw notFound();
      const current = formRecord(row, await categoryIdsOf(db, row.id));
      const definitions: Answers = { ...(row.definitions as Answers), ...sent.definitions };
      const { checked, errors } = await checkedRecord(db, { ...current, ...sent, definitions }, await filesOf(db, row.id));
      if (Object.keys(errors).length) throw invalid(errors);

      const values = sentInColumns(checked);
      const next = {
        ...values,
        category_ids: [...new Set(checked.category_ids as number[])].sort((a, b) => a - b),
        definitions: checked.definitions,
      };
      const diff = changes(current, next);
      if (diff.changed.length) {
        await correctApplication(
          db,
          request.staff!.id,
          row.id,
          {
            values,
            definitions: checked.definitions,
            categoryIds: diff.changed.includes('category_ids') ? next.category_ids : null,
            before: diff.before,
            after: diff.after,
          },
          request.locale,
        );
      }
      return { data: await staffApplication(db, id) };
    },
  );
}
