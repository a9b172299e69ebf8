import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import type { Question, ShownQuestion } from '../../resources/applicationAnswers.js';
import { optionsIn, shownIn } from '../../resources/contentLanguage.js';
import type { Locale } from '../../resources/locales.js';

export type ApplicationRow = Selectable<Database['applications']>;

/** The columns the applicant's form reads and writes, in the API's names (resources/applications.ts). */
export const formColumns = [
  'period_id',
  'application_type_id',
  'applicant_type',
  'money',
  'global_goals',
  'org_number',
  'org_name',
  'organisation_type',
  'org_address',
  'org_co',
  'org_zip',
  'org_city',
  'org_website',
  'contact_first_name',
  'contact_last_name',
  'contact_email',
  'contact_email_confirmation',
  'contact_phone',
  'contact_address',
  'contact_zip',
  'contact_city',
  'links',
  'consent',
] as const;
export type FormColumn = (typeof formColumns)[number];

/** The questions of an application type, in the order staff gave them. */
const questionRows = (db: Db, applicationTypeId: number) =>
  db
    .selectFrom('application_type_field_definitions')
    .select(['id', 'label', 'type', 'required', 'options'])
    .where('application_type_id', '=', applicationTypeId)
    .orderBy('order')
    .orderBy('id');

/** The questions of an application type, in the order staff gave them, as they wrote them (in Swedish). */
export function questionsOf(db: Db, applicationTypeId: number | null): Promise<Question[]> {
  if (applicationTypeId === null) return Promise.resolve([]);
  return questionRows(db, applicationTypeId).execute();
}

/** The questions of an application type as an applicant reads them: in their language where there is one. */
export async function questionsIn(db: Db, applicationTypeId: number | null, locale: Locale): Promise<ShownQuestion[]> {
  if (applicationTypeId === null) return [];
  const rows = await questionRows(db, applicationTypeId).select(['label_en', 'options_en']).execute();
  return rows.map(({ options_en, ...row }) => {
    const { untranslated, ...question } = shownIn(locale, row, ['label']);
    const options = optionsIn(locale, row.options, options_en);
    return { ...question, option_labels: options.labels, untranslated: options.fallback ? [...untranslated, 'options'] : untranslated };
  });
}

export async function categoryIdsOf(db: Db, applicationId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('application_categories')
    .select('category_id')
    .where('application_id', '=', applicationId)
    .orderBy('category_id')
    .execute();
  return rows.map((r) => r.category_id);
}

/**
 * The form's files (a message's attachments are the dialogue's, server/applicationCore/messages.ts; the follow-up's and a
 * payout's receipts their own).
 */
export function filesOf(db: Db, applicationId: number) {
  return db
    .selectFrom('application_files')
    .select(['uuid', 'name', 'size', 'mime', 'field_definition_id', 'created_at'])
    .where('application_id', '=', applicationId)
    .where('message_id', 'is', null)
    .where('followup', '=', false)
    .where('payout_id', 'is', null)
    .orderBy('id')
    .execute();
}

/** The form's fields with the categories and the answers, typed by their columns (the answers name them too). */
export type FormRecord = { category_ids: number[]; definitions: ApplicationRow['definitions'] } & Pick<ApplicationRow, FormColumn>;

/** The record the shared validation sees: the form's fields with the categories and the answers. */
export function formRecord(row: ApplicationRow, categoryIds: number[]): FormRecord {
  const record: Record<string, unknown> = { category_ids: categoryIds, definitions: row.definitions };
  for (const column of formColumns) record[column] = row[column];
  return record as FormRecord;
}

/** How many files each media question has, for the answers' validation. */
export function fileCounts(files: { field_definition_id: number | null }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const file of files)
    if (file.field_definition_id !== null) counts[file.field_definition_id] = (counts[file.field_definition_id] ?? 0) + 1;
  return counts;
}

/** Replaces an application's categories with these (repeats ignored). */
export async function replaceCategories(db: Db, applicationId: number, categoryIds: number[]) {
  await db.deleteFrom('application_categories').where('application_id', '=', applicationId).execute();
  const unique = [...new Set(categoryIds)];
  if (unique.length)
    await db
      .insertInto('application_categories')
      .values(unique.map((category_id) => ({ application_id: applicationId, category_id })))
      .execute();
}

/** The categories an application can name, by type and then label (Swedish order), as staff wrote them. */
export function categoryChoices(db: Db) {
  return db
    .selectFrom('categories')
    .select(['id', 'label', 'type'])
    .orderBy('type')
    .orderBy(sql`label collate swedish`)
    .orderBy('id')
    .execute();
}

/** The categories as an applicant reads them: in their language where there is one, by type and then name as read. */
export async function categoriesIn(db: Db, locale: Locale) {
  const rows = await db.selectFrom('categories').select(['id', 'label', 'label_en', 'type']).execute();
  const collator = new Intl.Collator(locale);
  return rows
    .map((row) => shownIn(locale, row, ['label']))
    .sort((a, b) => a.type - b.type || collator.compare(a.label, b.label) || a.id - b.id);
}
