import type { EligibilityAnswer, EligibilityQuestion } from '../../resources/eligibility.js';
import { invalid, type FieldErrors } from '../errors.js';
import { translator } from '../i18n.js';
import { valuesOf } from './questions.js';

/** What an applicant's answers come to: qualified with the answers to keep, or stopped at a question. */
export type Outcome = { qualified: true; answers: EligibilityAnswer[] } | { qualified: false; question: EligibilityQuestion };

/** The label of an answer in Swedish and English, as it was offered. */
function labelsOf(question: EligibilityQuestion, value: string): [string, string | null] {
  if (question.kind === 'yes_no') return [translator('sv-SE')(`eligibility.${value}`), translator('en-US')(`eligibility.${value}`)];
  const option = question.options.find((o) => o.value === value)!;
  return [option.label, option.label_en];
}

/**
 * The answers (value by question id) against the questions: every question answered with one of its values, and
 * nothing else answered, or a 422 naming each answer at fault (`answers.<id>`); then the first question in order whose
 * answer disqualifies stops the applicant, else they qualify with the questions and answers as asked.
 */
export function evaluate(questions: EligibilityQuestion[], answers: Record<string, string>): Outcome {
  const errors: FieldErrors = {};
  for (const question of questions) {
    const answer = answers[String(question.id)];
    if (answer === undefined || answer === '') errors[`answers.${question.id}`] = ['eligibility.errors.answer_required'];
    else if (!valuesOf(question).includes(answer)) errors[`answers.${question.id}`] = ['eligibility.errors.answer_unknown'];
  }
  for (const id of Object.keys(answers))
    if (!questions.some((q) => String(q.id) === id)) errors[`answers.${id}`] = ['eligibility.errors.question_gone'];
  if (Object.keys(errors).length) throw invalid(errors, 'eligibility.errors.answers_invalid');

  const stop = questions.find((question) => question.disqualifying.includes(answers[String(question.id)]));
  if (stop) return { qualified: false, question: stop };
  return {
    qualified: true,
    answers: questions.map((question) => {
      const answer = answers[String(question.id)];
      const [answer_label, answer_label_en] = labelsOf(question, answer);
      return {
        question_id: question.id,
        question: question.question,
        question_en: question.question_en,
        answer,
        answer_label,
        answer_label_en,
      };
    }),
  };
}
