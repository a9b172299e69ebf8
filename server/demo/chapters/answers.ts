import type { enums } from '../../../resources/enums.js';
import type { ApplicationPlan } from './applicationPlan.js';
import type { SeededType } from './applicationTypes.js';

/** The id of the type's one question of a kind (its long text, its file). */
export function onlyQuestion(type: SeededType, kind: keyof typeof enums.field_type): number {
  const found = Object.values(type.questions).filter((q) => q.type === kind);
  if (found.length !== 1) throw new Error(`A demo type has ${found.length} ${kind} questions, not one`);
  return found[0].id;
}

/** The plan's answers as the form saves them (`definitions`): by question id, the long text with them. */
export function definitionsOf(plan: ApplicationPlan, type: SeededType): Record<string, unknown> {
  const answers = Object.entries(plan.answers).map(([key, value]): [string, unknown] => {
    const question = type.questions[key];
    if (!question) throw new Error(`Unknown demo question ${plan.applied.type}.${key}`);
    return [String(question.id), value];
  });
  if (plan.freeText) answers.push([String(onlyQuestion(type, 'textarea')), plan.freeText]);
  return Object.fromEntries(answers);
}
