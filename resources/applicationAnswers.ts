import { answerField } from './answerField.js';
import { enums } from './enums.js';
import type { RecordErrors } from './validate.js';
import * as check from './validators.js';
import type { Message } from './validators.js';

/** A question an application type asks (a row of application-type-field-definitions). */
export interface Question {
  id: number;
  label: string;
  type: number;
  required: boolean;
  options: string[];
}

/**
 * A question as an applicant reads it (resources/contentLanguage.ts): its label in their language where there is one,
 * what each option reads (an answer's value stays the Swedish option), and which of its texts are in the other language.
 */
export interface ShownQuestion extends Question {
  option_labels: string[];
  untranslated: ('label' | 'options')[];
}

/** The answers to an application type's questions, by question id; a media question's answer is its files. */
export type Answers = Record<string, unknown>;

const type = enums.field_type;
const TEXT_MAX = 255;
const TEXTAREA_MAX = 20_000;

export { answerField };

function problem(question: Question, value: unknown): Message | null {
  switch (question.type) {
    case type.number:
      return check.range(value, {});
    case type.text:
      return check.length(value, { max: TEXT_MAX });
    case type.textarea:
      return check.length(value, { max: TEXTAREA_MAX });
    case type.dropdown:
    case type.radio:
      return question.options.includes(value as string) ? null : { key: 'validation.in' };
    case type.checkbox:
      return Array.isArray(value) && value.every((v: unknown) => typeof v === 'string' && question.options.includes(v))
        ? null
        : { key: 'validation.in' };
    default:
      return null;
  }
}

/**
 * Checks the answers against the questions, the same in the browser and on the server. `fileCounts` is how many files
 * each media question has (by question id). The question's own label names it in the messages.
 */
export function validateAnswers(questions: Question[], answers: Answers, fileCounts: Record<number, number> = {}): RecordErrors {
  const errors: RecordErrors = {};
  for (const question of questions) {
    const named = (message: Message): Message[] => [{ ...message, params: { attribute: question.label, ...message.params } }];
    if (question.type === type.media) {
      if (question.required && !fileCounts[question.id]) errors[answerField(question)] = named({ key: 'validation.file_required' });
      continue;
    }
    const value = answers[String(question.id)];
    const missing = check.required(value);
    if (missing) {
      if (question.required) errors[answerField(question)] = named(missing);
      continue;
    }
    const wrong = problem(question, value);
    if (wrong) errors[answerField(question)] = named(wrong);
  }
  return errors;
}

/** Only the answers to the type's own questions, with the shape each type takes (drops what no question asks). */
export function keepAnswers(questions: Question[], answers: Answers): Answers {
  const kept: Answers = {};
  for (const question of questions) {
    const value = answers[String(question.id)];
    if (value === undefined || question.type === type.media) continue;
    const shaped =
      question.type === type.checkbox
        ? Array.isArray(value)
          ? value.filter((v) => typeof v === 'string')
          : []
        : typeof value === 'string' || typeof value === 'number'
          ? value
          : null;
    kept[String(question.id)] = shaped;
  }
  return kept;
}
