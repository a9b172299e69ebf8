import { Type } from 'typebox';
import { addDays, stockholmDay } from '../../clock.js';
import { retentionPreview } from '../../dataProtection/retention.js';
import { notBeforeToday, postponeRetention, resumeRetention, retentionRuns, runRetention } from '../../dataProtection/retentionRun.js';
import { retentionRulesOf } from '../../dataProtection/retentionRules.js';
import { invalid, notFound } from '../../errors.js';
import { periodExists } from '../../applications/staffForm.js';
import { data, id, type Api } from '../schemas.js';
import { retentionPostponement, retentionPreview as previewSchema, retentionRun } from '../schemas/dataProtection.js';
import { personName } from '../../../resources/users.js';

const preview = data(previewSchema);

/**
 * What the retention rules do (the rules themselves are a singleton of the settings engine, resources/retention.ts):
 * the preview, the postponements and the runs, for those who hold manage-data-protection.
 */
export default async function retentionRoutes(app: Api) {
  const { db } = app;
  const tags = ['data protection'];
  const config = { access: { abilities: 'manage-data-protection', reaches: 'nothing' } } as const;

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
        body: retentionPostponement,
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
        response: { 200: data(Type.Array(retentionRun)) },
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
        response: { 200: data(retentionRun) },
      },
    },
    async (request) => {
      const done = await runRetention(db, app.storage, app.clock.now(), request.staff!.id);
      return { data: { ...done, by: { id: request.staff!.id, name: personName(request.staff!.first_name, request.staff!.last_name) } } };
    },
  );
}
