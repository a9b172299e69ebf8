import { Type } from 'typebox';
import { optionsIn, shownIn, textIn } from '../../../resources/contentLanguage.js';
import { openPeriod } from '../../applications/drafts.js';
import { draftAfterCheck } from '../../applications/eligibleDraft.js';
import { stockholmDay } from '../../clock.js';
import { evaluate } from '../../eligibility/evaluate.js';
import { applicationTypeOf, questionsOf, valuesOf } from '../../eligibility/questions.js';
import { countStop } from '../../eligibility/stops.js';
import { invalid } from '../../errors.js';
import { body, data, id, type Api } from '../schemas.js';
import { eligibilityAnswers, eligibilityOutcome, shownEligibilityCheck } from '../schemas/eligibility.js';
import { formPresenter } from './presentForm.js';

const params = Type.Object({ id });

/**
 * An application type's eligibility check as the applicant takes it, before a draft of the type is made: its
 * questions, and the answers judged here (never only in the browser). Stopped, the applicant is told why, the stop is
 * counted and nothing is made; qualified, their draft of the period and type is started or continued with the answers.
 */
export default async function applicantEligibilityRoutes(app: Api) {
  const { db } = app;
  const tags = ['portal'];
  const config = { access: 'applicant' as const };
  const present = formPresenter(app);

  app.get(
    '/portal/application-types/:id/eligibility',
    {
      config,
      schema: {
        tags,
        summary: 'The application type’s eligibility questions in the reader’s language (none: no check before its form)',
        params,
        response: { 200: data(shownEligibilityCheck) },
      },
    },
    async (request) => {
      const { locale } = request;
      const type = await applicationTypeOf(db, request.params.id);
      const questions = await questionsOf(db, type.id);
      return {
        data: {
          application_type: shownIn(locale, type, ['label']),
          questions: questions.map((q) => {
            const question = textIn(locale, q.question, q.question_en);
            const labels =
              q.kind === 'yes_no'
                ? { labels: valuesOf(q).map((value) => request.t(`eligibility.${value}`)), fallback: false }
                : optionsIn(
                    locale,
                    q.options.map((o) => o.label),
                    q.options.every((o) => o.label_en) ? q.options.map((o) => o.label_en!) : null,
                  );
            return {
              id: q.id,
              kind: q.kind,
              question: question.text,
              options: valuesOf(q).map((value, index) => ({ value, label: labels.labels[index] })),
              untranslated: [...(question.fallback ? ['question' as const] : []), ...(labels.fallback ? ['options' as const] : [])],
            };
          }),
        },
      };
    },
  );

  app.post(
    '/portal/application-types/:id/eligibility',
    {
      config,
      schema: {
        tags,
        summary:
          'Answers the type’s eligibility check in an open period: stopped at a question (why; nothing made, the stop counted), or qualified (the draft started, 201, or continued, with the answers kept)',
        params,
        body: body(eligibilityAnswers.properties, ['period_id', 'answers']),
        response: { 200: data(eligibilityOutcome), 201: data(eligibilityOutcome) },
      },
    },
    async (request, reply) => {
      const { period_id, answers, applicant_type = null } = request.body.data;
      const now = app.clock.now();
      const type = await applicationTypeOf(db, request.params.id);
      const period = await openPeriod(db, period_id, stockholmDay(now));
      if (!period.typeIds.includes(type.id)) throw invalid({ period_id: ['validation.in'] });
      const questions = await questionsOf(db, type.id);
      const outcome = evaluate(questions, answers);
      if (!outcome.qualified) {
        const { question } = outcome;
        await countStop(db, { applicationTypeId: type.id, question, periodId: period_id, day: stockholmDay(now) });
        const explanation = textIn(request.locale, question.explanation, question.explanation_en);
        return {
          data: {
            qualified: false as const,
            question_id: question.id,
            explanation: explanation.text,
            untranslated: explanation.fallback ? ['explanation' as const] : [],
          },
        };
      }
      const start = { period_id, application_type_id: type.id, applicant_type };
      const { row, created } = await draftAfterCheck(db, request.applicant!.id, start, questions.length ? outcome.answers : null, now);
      if (created) reply.status(201);
      return { data: { qualified: true as const, application: await present(row, request.locale, request.applicant!.id) } };
    },
  );
}
