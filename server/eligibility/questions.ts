import {
  eligibilityLimits,
  yesNoValues,
  type EligibilityKind,
  type EligibilityOption,
  type EligibilityQuestion,
} from '../../resources/eligibility.js';
import type { Db } from '../db/connect.js';
import { inTransaction } from '../db/inTransaction.js';
import { invalid, notFound, type FieldErrors, type Message } from '../errors.js';

/** An application type's eligibility questions in order (none: the type has no check). */
export function questionsOf(db: Db, applicationTypeId: number): Promise<EligibilityQuestion[]> {
  return db
    .selectFrom('eligibility_questions')
    .select(['id', 'position', 'question', 'question_en', 'kind', 'options', 'disqualifying', 'explanation', 'explanation_en'])
    .where('application_type_id', '=', applicationTypeId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Whether the type has a check, which an applicant must then pass before a draft of it is made. */
export async function hasEligibilityCheck(db: Db, applicationTypeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('eligibility_questions')
    .select('id')
    .where('application_type_id', '=', applicationTypeId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** An application type's names, or a 404 for none. */
export async function applicationTypeOf(db: Db, applicationTypeId: number) {
  const type = await db
    .selectFrom('application_types')
    .select(['id', 'label', 'label_en'])
    .where('id', '=', applicationTypeId)
    .executeTakeFirst();
  if (!type) throw notFound();
  return type;
}

/** A question as staff send it: an existing one by its id, a new one without. Its place is its place in the list. */
export interface QuestionInput {
  id?: number;
  question: string;
  question_en?: string | null;
  kind: EligibilityKind;
  options?: { value: string; label: string; label_en?: string | null }[];
  disqualifying: string[];
  explanation: string;
  explanation_en?: string | null;
}

/** A question as it is stored: texts trimmed, a blank English one null, a yes/no question without options. */
type CleanQuestion = Omit<EligibilityQuestion, 'id' | 'position'> & { id?: number };

const trimmed = (text: string | null | undefined) => (text ?? '').trim();
const orNull = (text: string | null | undefined) => trimmed(text) || null;

/** The values a question takes: yes and no, or its options'. */
export const valuesOf = (question: Pick<EligibilityQuestion, 'kind' | 'options'>): string[] =>
  question.kind === 'yes_no' ? [...yesNoValues] : question.options.map((option) => option.value);

function clean(input: QuestionInput): CleanQuestion {
  const options: EligibilityOption[] =
    input.kind === 'choice'
      ? (input.options ?? []).map((o) => ({ value: o.value, label: trimmed(o.label), label_en: orNull(o.label_en) }))
      : [];
  return {
    ...(input.id !== undefined && { id: input.id }),
    question: trimmed(input.question),
    question_en: orNull(input.question_en),
    kind: input.kind,
    options,
    disqualifying: [...new Set(input.disqualifying)],
    explanation: trimmed(input.explanation),
    explanation_en: orNull(input.explanation_en),
  };
}

/** Each rule of a question set, as field errors by `questions.<index>.<field>`; none when all hold. */
export function questionErrors(questions: CleanQuestion[], existingIds: readonly number[]): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: Message) => (errors[field] ??= []).push(message);
  const limit = (key: string, max: number) => ({ key: `eligibility.errors.${key}`, params: { limit: max } });
  if (questions.length > eligibilityLimits.questions) add('questions', limit('too_many_questions', eligibilityLimits.questions));
  const seenIds = new Set<number>();
  questions.forEach((q, index) => {
    const at = (field: string) => `questions.${index}.${field}`;
    if (q.id !== undefined) {
      if (!existingIds.includes(q.id) || seenIds.has(q.id)) add(at('id'), 'eligibility.errors.question_unknown');
      seenIds.add(q.id);
    }
    if (!q.question) add(at('question'), 'eligibility.errors.question_required');
    for (const field of ['question', 'question_en'] as const)
      if ((q[field] ?? '').length > eligibilityLimits.question) add(at(field), limit('too_long', eligibilityLimits.question));
    if (!q.explanation) add(at('explanation'), 'eligibility.errors.explanation_required');
    for (const field of ['explanation', 'explanation_en'] as const)
      if ((q[field] ?? '').length > eligibilityLimits.explanation) add(at(field), limit('too_long', eligibilityLimits.explanation));
    if (q.kind === 'choice') {
      if (q.options.length < 2) add(at('options'), 'eligibility.errors.options_too_few');
      if (q.options.length > eligibilityLimits.options) add(at('options'), limit('options_too_many', eligibilityLimits.options));
      const values = new Set<string>();
      q.options.forEach((option, o) => {
        if (!option.label) add(at(`options.${o}.label`), 'eligibility.errors.option_label_required');
        for (const field of ['label', 'label_en'] as const)
          if ((option[field] ?? '').length > eligibilityLimits.optionLabel)
            add(at(`options.${o}.${field}`), limit('too_long', eligibilityLimits.optionLabel));
        if (values.has(option.value)) add(at(`options.${o}.value`), 'eligibility.errors.option_duplicate');
        values.add(option.value);
      });
    }
    const values = valuesOf(q);
    if (q.disqualifying.some((value) => !values.includes(value))) add(at('disqualifying'), 'eligibility.errors.disqualifying_unknown');
    else if (q.disqualifying.length === 0) add(at('disqualifying'), 'eligibility.errors.disqualifying_none');
    else if (values.length > 1 && values.every((value) => q.disqualifying.includes(value)))
      add(at('disqualifying'), 'eligibility.errors.disqualifying_all');
  });
  return errors;
}

/**
 * Replaces an application type's questions with `inputs`, in their order: those with an id are changed, the others
 * added, any not sent removed (their stops stay counted). Every rule is checked first (422 with each field's error,
 * and nothing changed); an unknown type is a 404. Under the type's row lock, so two editors' saves do not interleave.
 */
export async function replaceQuestions(db: Db, applicationTypeId: number, inputs: QuestionInput[], now: Date) {
  const questions = inputs.map(clean);
  return inTransaction(db, async (trx) => {
    const type = await trx.selectFrom('application_types').select('id').where('id', '=', applicationTypeId).forUpdate().executeTakeFirst();
    if (!type) throw notFound();
    const existing = (await questionsOf(trx, applicationTypeId)).map((q) => q.id);
    const errors = questionErrors(questions, existing);
    if (Object.keys(errors).length) throw invalid(errors);
    const kept = questions.flatMap((q) => (q.id === undefined ? [] : [q.id]));
    const removed = existing.filter((id) => !kept.includes(id));
    if (removed.length) await trx.deleteFrom('eligibility_questions').where('id', 'in', removed).execute();
    for (const [index, { id, options, disqualifying, ...texts }] of questions.entries()) {
      const values = {
        ...texts,
        position: index + 1,
        options: JSON.stringify(options),
        disqualifying: JSON.stringify(disqualifying),
        updated_at: now,
      };
      if (id === undefined)
        await trx
          .insertInto('eligibility_questions')
          .values({ ...values, application_type_id: applicationTypeId, created_at: now })
          .execute();
      else await trx.updateTable('eligibility_questions').set(values).where('id', '=', id).execute();
    }
    // The type's own change time: its list shows when its settings last changed.
    await trx.updateTable('application_types').set({ updated_at: now }).where('id', '=', applicationTypeId).execute();
    return questionsOf(trx, applicationTypeId);
  });
}
