import { Type } from 'typebox';
import { retentionPreview } from '../../dataProtection/retention.js';
import { retentionRulesOf, saveRetentionRules } from '../../dataProtection/retentionRules.js';
import { retentionRules } from '../../../resources/retention.js';
import { body, data, Nullable, nullableDateTime, type Api } from '../schemas.js';

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
const preview = data(
  Type.Object({
    periods: Type.Array(
      Type.Object({
        period: Type.Object({ id: Type.Integer(), uuid: Type.String(), name: Type.String(), end_date: Type.String({ format: 'date' }) }),
        ...counts,
      }),
    ),
    totals: Type.Object(counts),
  }),
);

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
          'What a run of the retention rules would do now, per period where it would do something (by end date): drafts it would delete, rejected and approved applications it would anonymise',
        response: { 200: preview },
      },
    },
    async () => ({ data: await retentionPreview(db, await retentionRulesOf(db), app.clock.now()) }),
  );
}
