import { yesNoValues, type EligibilityKind } from '../../../resources/eligibility';
import type { EligibilityInput, EligibilityQuestionRow } from '../../providers/staffMethods';

/** A question as the editor holds it: `key` tells the cards apart (a new question has no id yet). */
export interface DraftQuestion {
  key: string;
  id?: number;
  question: string;
  question_en: string;
  kind: EligibilityKind;
  options: { value: string; label: string; label_en: string }[];
  disqualifying: string[];
  explanation: string;
  explanation_en: string;
}

let made = 0;
/** A key or an option's value no other in the editor has: letters and digits, as the server takes values. */
export const freshValue = (prefix: string) => `${prefix}${Date.now().toString(36)}${(made += 1)}`;

export const fromRow = (row: EligibilityQuestionRow): DraftQuestion => ({
  key: `q${row.id}`,
  id: row.id,
  question: row.question,
  question_en: row.question_en ?? '',
  kind: row.kind,
  options: row.options.map((o) => ({ value: o.value, label: o.label, label_en: o.label_en ?? '' })),
  disqualifying: row.disqualifying,
  explanation: row.explanation,
  explanation_en: row.explanation_en ?? '',
});

/** A new question: yes or no, "no" stopping, as most checks ask. */
export const newQuestion = (): DraftQuestion => ({
  key: freshValue('new'),
  question: '',
  question_en: '',
  kind: 'yes_no',
  options: [],
  disqualifying: ['no'],
  explanation: '',
  explanation_en: '',
});

/** The question as the server takes it; a yes/no question sends no options, a choice none of the yes/no answers. */
export function toInput(question: DraftQuestion): EligibilityInput {
  const options = question.kind === 'choice' ? question.options : [];
  const values: readonly string[] = question.kind === 'choice' ? options.map((o) => o.value) : yesNoValues;
  return {
    ...(question.id !== undefined && { id: question.id }),
    question: question.question,
    question_en: question.question_en || null,
    kind: question.kind,
    options: options.map((o) => ({ value: o.value, label: o.label, label_en: o.label_en || null })),
    disqualifying: question.disqualifying.filter((value) => values.includes(value)),
    explanation: question.explanation,
    explanation_en: question.explanation_en || null,
  };
}
