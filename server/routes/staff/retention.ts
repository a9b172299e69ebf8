import { Type } from 'typebox';
import { addDays, stockholmDay } from '../../clock.js';
import { retentionPreview } from '../../dataProtection/retention.js';
import { notBeforeToday, postponeRetention, resumeRetention, retentionRuns, runRetention } from '../../dataProtection/retentionRun.js';
import { retentionRulesOf, saveRetentionRules } from '../../dataProtection/retentionRules.js';
import { invalid, notFound } from '../../errors.js';
import { periodExists } from '../../applications/staffForm.js';
import { retentionRules } from '../../../resources/retention.js';
import { body, data, dateTime, id, Nullable, nullableDateTime, type Api } from '../schemas.js';
import { personName } from '../../../resources/users.js';

const rule = (name: keyof typeof retentionRules, description: string) => {
  const { min, max, default: start } = retentionRules[name];
  return Type.Integer({ minimum: min, maximum: max, description: `${description} (${min}–${max}, ${start} to begin with)` });
};
const rules = {
  draft_months: rule('draft_months', 'Months after its period closed that a draft never sent in is deleted'),
  rejected_months: rule('rejected_months', 'Months after its period closed that a rejected application is anonymised'),
  approved_years: rule('approved_years', 'Years after its follow-up that an approved application is anonymised'),
};
const answer = data(
  Type.Object({
    ...rules,
    updated_at: nullableDateTime,
    updated_by: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  }),
);

const counts = {
  drafts: Type.Integer({ description: 'Drafts never sent in that it would delete' }),
  rejected: Type.Integer({ description: 'Rejected applications that it would anonymise' }),
  approved: Type.Integer({ description: 'Approved applications that it would anonymise' }),
};
const staffMember = Nullable(Type.Object({ id: Type.Integer(), name: Type.String() }));
const preview = data(
  Type.Object({
    periods: Type.Array(
      Type.Object({
        period: Type.Object({ id: Type.Integer(), uuid: Type.String(), name: Type.String(), end_date: Type.String({ format: 'date' }) }),
        ...counts,
        upcoming: Nullable(
          Type.Object(
            { from: Type.String({ format: 'date' }), ...counts },
            { description: 'What the rules reach here within the next 30 days besides, from the first of those days' },
          ),
        ),
        postponed: Nullable(
          Type.Object(
            { until: Type.String({ format: 'date' }), reason: Type.String(), at: dateTime, by: staffMember },
            { description: 'Staff postponed the rules here: a run does nothing in this period until the day after `until`' },
          ),
        ),
      }),
    ),
    totals: Type.Object(counts, { description: 'What a run would do now: nothing in a postponed period' }),
  }),
);
const runCounts = {
  drafts: Type.Integer({ description: 'Drafts never sent in it deleted' }),
  rejected: Type.Integer({ description: 'Rejected applications it anonymised' }),
  approved: Type.Integer({ description: 'Approved applications it anonymised' }),
};
const run = Type.Object({
  id: Type.Integer(),
  ran_at: dateTime,
  by: staffMember,
  ...runCounts,
  accounts: Type.Integer({ description: 'Closed accounts it deleted, their last application anonymised' }),
  periods: Type.Array(
    Type.Object({
      period: Type.Object({ id: Type.Integer(), name: Type.String() }),
      ...runCounts,
      postponed: Type.Optional(Type.Object({ until: Type.String({ format: 'date' }), reason: Type.String() })),
    }),
  ),
});
/** A reason is a few words at least, and a postponement at most five years ahead. */
const postponement = body({
  until: Type.String({ format: 'date', description: 'The last day the rules wait: from today, at most five years ahead' }),
  reason: Type.String({ minLength: 3, maxLength: 1000, description: 'Why, for the record' }),
});

/** Data protection's retention rules (settings): read and changed by those who hold manage-data-protection. */
export default async function retentionRoutes(app: Api) {
  const { db } = app;
  const tags = ['data protection'];
  const config = { access: { abilities: 'manage-data-protection' } } as const;

  app.get(
    '/retention',
    {
      config,
      schema: {
        tags,
        summary: 'The retention rules, and who changed them last (null: nobody since the defaults)',
        response: { 200: answer },
      },
    },
    async () => ({ data: await retentionRulesOf(db) }),
  );

  app.put(
    '/retention',
    {
      config,
      schema: {
        tags,
        summary: 'Changes the retention rules: every rule a whole number within its range (422 with each field’s error, nothing saved)',
        body: body(rules),
        response: { 200: answer },
      },
    },
    async (request) => ({ data: await saveRetentionRules(db, request.body.data, request.staff!.id, app.clock.now()) }),
  );

  app.get(
    '/retention/preview',
    {
      config,
      schema: {
        tags,
        summary:
          'What a run of the retention rules would do now, and what they reach within 30 days, per period where either is something or that staff postponed (by end date): drafts deleted, rejected and approved applications anonymised',
        response: { 200: preview },
      },
    },
    async () => ({ data: await retentionPreview(db, await retentionRulesOf(db), app.clock.now()) }),
  );

  const periodParams = Type.Object({ periodId: id });
  app.put(
    '/retention/postponements/:periodId',
    {
      config,
      schema: {
        tags,
        summary: 'Postpones the rules for a period until a day, with a reason (replacing an earlier postponement of it)',
        params: periodParams,
        body: postponement,
        response: { 200: preview },
      },
    },
    async (request) => {
      const { periodId } = request.params;
      const { until, reason } = request.body.data;
      const now = app.clock.now();
      if (!(await periodExists(db, periodId))) throw notFound();
      const limit = addDays(stockholmDay(now), 5 * 366);
      if (!(await notBeforeToday(db, until, now)) || until > limit) throw invalid({ until: ['errors.postpone_until'] });
      if (!reason.trim()) throw invalid({ reason: ['validation.required'] });
      await postponeRetention(db, periodId, until, reason.trim(), request.staff!.id, now);
      return { data: await retentionPreview(db, await retentionRulesOf(db), now) };
    },
  );

  app.delete(
    '/retention/postponements/:periodId',
    {
      config,
      schema: {
        tags,
        summary: 'Lifts a period’s postponement: the next run applies the rules there again (404 when it was not postponed)',
        params: periodParams,
        response: { 200: preview },
      },
    },
    async (request) => {
      if (!(await resumeRetention(db, request.params.periodId))) throw notFound();
      return { data: await retentionPreview(db, await retentionRulesOf(db), app.clock.now()) };
    },
  );

  app.get(
    '/retention/runs',
    {
      config,
      schema: {
        tags,
        summary: 'The latest 30 runs of the rules, newest first: what each did per period, and who ran it by hand (null: the daily job)',
        response: { 200: data(Type.Array(run)) },
      },
    },
    async () => ({ data: await retentionRuns(db) }),
  );

  app.post(
    '/retention/runs',
    {
      config,
      schema: {
        tags,
        summary: 'Runs the rules now, as the daily job would, and answers what the run did',
        response: { 200: data(run) },
      },
    },
    async (request) => {
      const done = await runRetention(db, app.storage, app.clock.now(), request.staff!.id);
      return { data: { ...done, by: { id: request.staff!.id, name: personName(request.staff!.first_name, request.staff!.last_name) } } };
    },
  );
}
