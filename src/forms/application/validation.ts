import { answerField, validateAnswers, type Answers, type Question } from '../../../resources/applicationAnswers';
import { applications } from '../../../resources/applications';
import { attributeLabel } from '../../../resources/attributeLabel';
import { validateRecord } from '../../../resources/validate';
import type { Message } from '../../../resources/validators';
import type { FormValues, StoredFile } from './types';

export interface FieldProblem {
  field: string;
  step: number;
  label: string;
  message: string;
}

const stepOf = (field: string) => (field.startsWith('definitions.') ? 2 : (applications.fields.find((f) => f.name === field)?.step ?? 1));

/**
 * Every rule the server applies when the application is sent in, checked here as the applicant goes, with the same
 * messages; in the order of the steps and fields. `reasons` are problems found otherwise, each over the rules' for its
 * field: text that could not be read as a value (an unclear amount), which says more than the rules can about the
 * empty value left, and a value the server refused to save.
 */
export function formProblems(
  values: FormValues,
  questions: Question[],
  files: StoredFile[],
  t: (key: string, params?: Record<string, unknown>) => string,
  reasons: Record<string, string> = {},
): FieldProblem[] {
  const counts: Record<number, number> = {};
  for (const file of files)
    if (file.field_definition_id !== null) counts[file.field_definition_id] = (counts[file.field_definition_id] ?? 0) + 1;
  const errors = { ...validateRecord(applications, values), ...validateAnswers(questions, values.definitions as Answers, counts) };
  const label = (field: string) => {
    const question = questions.find((q) => answerField(q) === field);
    return question ? question.label : t(`resources.applications.fields.${field}`);
  };
  const text = (field: string, message: Message) => {
    const name = (key: string) => attributeLabel(t, key, 'applications');
    const other = message.params?.other ? { other: name(String(message.params.other)) } : {};
    return t(message.key, { attribute: name(field), ...message.params, ...other });
  };
  const names = (first: boolean) => applications.fields.filter((f) => (f.step === 1) === first).map((f) => f.name);
  const order = [...names(true), ...questions.map(answerField), ...names(false)];
  const messages = {
    ...Object.fromEntries(Object.entries(errors).map(([field, [message]]) => [field, text(field, message)])),
    ...reasons,
  };
  return Object.entries(messages)
    .map(([field, message]) => ({ field, step: stepOf(field), label: label(field), message }))
    .sort((a, b) => a.step - b.step || order.indexOf(a.field) - order.indexOf(b.field));
}
