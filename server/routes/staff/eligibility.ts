import { Type } from 'typebox';
import { questionsOf, replaceQuestions, applicationTypeOf } from '../../eligibility/questions.js';
import { stopsByQuestion } from '../../eligibility/stops.js';
import { notFound } from '../../errors.js';
import { periodName } from '../../periods.js';
import { body, data, id, type Api } from '../schemas.js';
import { eligibilityCheck, eligibilityInput, eligibilityStops } from '../schemas/eligibility.js';
import { queryPeriod, record } from '../scopes.js';

const params = Type.Object({ id });

/**
 * An application type's eligibility check as staff edit it, part of the type's settings (those who manage the
 * application types, generally or for that type), and how many applicants stopped at each question (the statistics).
 */
export default async function eligibilityRoutes(app: Api) {
  const { db } = app;
  const tags = ['application-types'];
  const settings = {
    access: { abilities: 'manage-application-types' as const, scope: record('application-types'), reaches: 'nothing' as const },
  };
  const answer = { 200: data(eligibilityCheck) };

  app.get(
    '/application-types/:id/eligibility',
    {
      config: settings,
      schema: { tags, summary: 'The type’s eligibility questions in order, in both languages', params, response: answer },
    },
    async (request) => {
      const type = await applicationTypeOf(db, request.params.id);
      return { data: { questions: await questionsOf(db, type.id) } };
    },
  );

  app.put(
    '/application-types/:id/eligibility',
    {
      config: settings,
      schema: {
        tags,
        summary:
          'Replaces the type’s eligibility questions: each kept by its id, new ones added, those left out removed (their stops stay counted); 422 with each field’s error, nothing changed',
        params,
        body: body(eligibilityInput.properties),
        response: answer,
      },
    },
    async (request) => ({
      data: { questions: await replaceQuestions(db, request.params.id, request.body.data.questions, app.clock.now()) },
    }),
  );

  app.get(
    '/statistics/eligibility',
    {
      // As the statistics: of one period, or of every period the caller holds the ability for; counts naming nobody.
      config: { access: { abilities: 'manage-applications', scope: queryPeriod, reaches: 'nothing' } },
      schema: {
        tags: ['statistics'],
        summary: 'How many applicants stopped at each question of each type’s eligibility check, of a period or of every period',
        querystring: Type.Object({ period: Type.Optional(id) }, { additionalProperties: false }),
        response: { 200: data(eligibilityStops) },
      },
    },
    async (request) => {
      const periodId = request.query.period;
      const period = periodId === undefined ? null : ((await periodName(db, periodId)) ?? null);
      if (periodId !== undefined && !period) throw notFound();
      return { data: { period, types: await stopsByQuestion(db, period ? [period.id] : request.scope, request.locale) } };
    },
  );
}
