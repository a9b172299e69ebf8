import { answerField } from './answerField.js';
import type { Question } from './applicationAnswers.js';
import { applications, STEPS, type Step } from './applications.js';
import { enums, type EnumName } from './enums.js';
import type { Field } from './fields.js';
import { formatMoney } from './format.js';
import { plainText } from './plainText.js';
import { applies } from './validate.js';

// Everything an application holds, step by step in the order of the applicant's form (src/forms/application/steps.tsx),
// as text: what staff read in the application's dialog and in its PDF, the same in the browser and on the server.

/** The form's five steps, by the keys of their titles (portal.apply.steps.*). */
export const stepKeys = ['period', 'questions', 'organisation', 'contact', 'attachments'] as const;

/** A translate function as both the browser and the server have it. */
export type ContentsTranslate = (key: string, options?: Record<string, string | number>) => string;

/** A file of the form: a file question's, or (no question) an attachment of the last step. */
export interface ContentFile {
  uuid: string;
  name: string;
  size: number;
  field_definition_id: number | null;
}

/**
 * What the contents are read from: the form's fields by their names (resources/applications.ts), the type's questions
 * with the answers, the files, the categories named, the period's name and the type's label. A list not given is
 * read as empty.
 */
export interface ApplicationWithAnswers {
  definitions?: unknown;
  questions?: readonly Question[];
  files?: readonly ContentFile[];
  categories?: readonly { label: string; type: number }[];
  period?: { name: string } | null;
  application_type?: { label: string | null } | null;
}

/** One answer: its label and its text ('' for none). */
export interface ContentRow {
  /** The field's name, a question's answer field (definitions.12), or `files` for the last step's attachments. */
  key: string;
  label: string;
  /** The answer as text, lines apart where it has several; a file question's and the attachments' the files' names. */
  text: string;
  /** A file question's or the attachments' files (the row is theirs even when there are none). */
  files?: ContentFile[];
  /** The web addresses the answer is (the website, the links). */
  urls?: string[];
}

/** A step of the form with its title and answers; `note` says why a step has none (the organisation's, not asked). */
export interface ContentStep {
  step: Step;
  title: string;
  rows: ContentRow[];
  note?: string;
}

const empty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

function enumText(t: ContentsTranslate, name: EnumName, code: unknown): string {
  const key = Object.entries(enums[name]).find(([, value]) => value === code)?.[0];
  return key ? t(`enums.${name}.${key}`) : plainText(code);
}

/** A field's answer as text ('' for none). */
function fieldText(field: Field, value: unknown, application: ApplicationWithAnswers, t: ContentsTranslate, locale: string): string {
  if (field.name === 'period_id') return application.period?.name ?? '';
  if (field.name === 'application_type_id') return application.application_type?.label ?? '';
  if (field.name === 'category_ids') {
    // A line per kind of category, as the form groups them.
    return Object.entries(enums.category_type)
      .map(([key, code]) => [key, (application.categories ?? []).filter((c) => c.type === code).map((c) => c.label)] as const)
      .filter(([, labels]) => labels.length)
      .map(([key, labels]) => `${t(`enums.category_type.${key}`)}: ${labels.join(', ')}`)
      .join('\n');
  }
  if (empty(value)) return '';
  if (field.kind === 'money') return formatMoney(Number(value), locale);
  if (field.kind === 'enum') return enumText(t, field.enumName, value);
  if (field.kind === 'enumSet') return (value as unknown[]).map((code) => enumText(t, field.enumName, code)).join(', ');
  if (field.kind === 'boolean') return t(value ? 'portal.summary.yes' : 'portal.summary.no');
  if (Array.isArray(value)) return value.map(plainText).join('\n');
  return plainText(value);
}

const filesRow = (key: string, label: string, files: ContentFile[]): ContentRow => ({
  key,
  label,
  text: files.map((f) => f.name).join('\n'),
  files,
});

/**
 * The application's answers in the order of the form, grouped by its steps: the fields that apply to the applicant
 * (the organisation's only to one who applies as or with an organisation; the e-mail's repetition left out), the
 * type's questions first in step 2, and in step 5 the attachments after the links, with every file no question of the
 * type claims, so that no file is left out.
 */
export function applicationContents(application: ApplicationWithAnswers, t: ContentsTranslate, locale: string): ContentStep[] {
  const values = application as unknown as Record<string, unknown>;
  const answers = (application.definitions ?? {}) as Record<string, unknown>;
  const { questions = [], files = [] } = application;
  const mediaIds = new Set(questions.filter((q) => q.type === enums.field_type.media).map((q) => q.id));
  const questionRows = questions.map((question): ContentRow => {
    if (question.type === enums.field_type.media)
      return filesRow(
        answerField(question),
        question.label,
        files.filter((f) => f.field_definition_id === question.id),
      );
    const answer = answers[String(question.id)];
    const text = Array.isArray(answer) ? answer.map(plainText).join(', ') : plainText(answer);
    return { key: answerField(question), label: question.label, text };
  });
  const attachments = files.filter((f) => f.field_definition_id === null || !mediaIds.has(f.field_definition_id));

  return STEPS.map((step) => {
    const fields = applications.fields.filter((f) => f.step === step && !f.name.endsWith('_confirmation'));
    const shown = fields.filter((f) => applies(f, values));
    const rows: ContentRow[] = step === 2 ? [...questionRows] : [];
    for (const field of shown) {
      const value = values[field.name];
      const text = fieldText(field, value, application, t, locale);
      const label = t(field.name === 'consent' ? 'portal.summary.consent' : `resources.applications.fields.${field.name}`);
      const urls =
        field.kind === 'url' || field.kind === 'urls' ? [value].flat().filter((u): u is string => typeof u === 'string' && u !== '') : [];
      rows.push({ key: field.name, label, text, ...(urls.length ? { urls } : {}) });
      if (field.name === 'links') rows.push(filesRow('files', t('portal.apply.attachments'), attachments));
    }
    const title = t(`portal.apply.steps.${stepKeys[step - 1]}`);
    return { step, title, rows, ...(fields.length && !shown.length ? { note: t('app.applications.answers.not_asked') } : {}) };
  });
}
