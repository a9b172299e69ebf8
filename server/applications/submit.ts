import { sql, type RawBuilder } from 'kysely';
import { validateAnswers, type Answers, type Question } from '../../resources/applicationAnswers.js';
import { applications } from '../../resources/applications.js';
import { normaliseRecord, validateRecord } from '../../resources/validate.js';
import { addDays } from '../clock.js';
import type { Db } from '../db/connect.js';
import type { FieldErrors } from '../errors.js';
import { fileCounts, formColumns, type FormColumn } from '../applicationCore/applicationForm.js';

/** A reference as the year's counter gives it, "2026-0042": four digits at least, more once a year passes 9 999. */
const referenceOf = (year: number, last: RawBuilder<number>) =>
  sql<string>`${String(year)} || '-' || lpad(${last}::text, greatest(4, length(${last}::text)), '0')`;

/**
 * Starts the year's counter where it has none: after any reference of the year already given (the demo's, or an
 * older system's), looked for only then, since it reads every reference of the year.
 */
async function startCounter(db: Db, year: number): Promise<void> {
  await db
    .insertInto('reference_counters')
    .values({
      year,
      last: sql<number>`coalesce((select max(split_part(reference, '-', 2)::integer) from applications where reference like ${`${year}-%`}), 0)`,
    })
    .onConflict((oc) => oc.column('year').doNothing())
    .execute();
}

/**
 * What a mail queued before its application's reference is given says in its place; `giveReference` writes the
 * reference over it. A control character, which nothing typed may hold (the text rule), so nothing else is taken for it.
 */
export const REFERENCE_TO_COME = '\u0001reference\u0001';

/**
 * Gives the application the next reference of the year, "2026-0042", with `status`, in one statement, and writes it
 * into `mails`, queued about it in this transaction with REFERENCE_TO_COME where it goes: numbered per year in the
 * order applications arrive, never reused. The counter row is locked by its update until commit, so two applications
 * sent in at once get different numbers, one after the other's commit, and a send-in or a paper application does this
 * last, holding it for as little as it can: this statement and the commit, with nothing of the app's in between.
 */
export async function giveReference(
  db: Db,
  applicationId: number,
  year: number,
  status: number,
  mails: readonly number[] = [],
): Promise<string> {
  const give = () =>
    db
      .with('counted', (w) =>
        w
          .updateTable('reference_counters')
          .set({ last: sql<number>`last + 1` })
          .where('year', '=', year)
          .returning('last'),
      )
      .with('given', (w) =>
        w
          .updateTable('applications')
          .from('counted')
          .set({ reference: referenceOf(year, sql.ref('counted.last')), status })
          .where('applications.id', '=', applicationId)
          .returning('applications.reference'),
      )
      .with('told', (w) =>
        w
          .updateTable('outbox')
          .from('given')
          .set({
            subject: sql<string>`replace(outbox.subject, ${REFERENCE_TO_COME}, given.reference)`,
            body_text: sql<string>`replace(outbox.body_text, ${REFERENCE_TO_COME}, given.reference)`,
          })
          .where('outbox.id', '=', sql<number>`any(${[...mails]}::int[])`),
      )
      .selectFrom('given')
      .select('reference')
      .executeTakeFirst();
  let given = await give();
  if (!given) {
    await startCounter(db, year);
    given = await give();
  }
  // Only a caller's mistake leaves nothing given: its transaction, which the counter advanced in, is then undone.
  if (!given?.reference) throw new Error(`No application ${applicationId} to give a reference of ${year}`);
  return given.reference;
}

/** The day by which the period promises an answer: its end date plus its answer time. */
export function answerBy(endDate: string, answerWeeks: number): string {
  return addDays(endDate, answerWeeks * 7);
}

/** The application types the period `period` (an alias in the statement) takes, as an array of their ids. */
export const typeIdsOf = (period: string) => sql<number[]>`array(select t.application_type_id
  from period_application_types t where t.period_id = ${sql.ref(`${period}.id`)} order by 1)`;

/** The application types a period takes. */
export async function periodTypeIds(db: Db, periodId: number): Promise<number[]> {
  const row = await db.selectFrom('periods as p').select(typeIdsOf('p').as('ids')).where('p.id', '=', periodId).executeTakeFirst();
  return row?.ids ?? [];
}

/** Every rule an application sent in must meet: the form's fields, the type's questions and files, a type its period takes. */
export function sentInErrors(
  record: Record<string, unknown>,
  questions: Question[],
  files: { field_definition_id: number | null }[],
  typeIds: number[],
): FieldErrors {
  const errors: FieldErrors = {
    ...validateRecord(applications, record),
    ...validateAnswers(questions, record.definitions as Answers, fileCounts(files)),
  };
  const typeId = record.application_type_id as number | null;
  if (typeId !== null && typeId !== undefined && !typeIds.includes(typeId)) errors.application_type_id = ['validation.in'];
  return errors;
}

/** Categories that do not exist, as a field error (none when all are known). */
export async function unknownCategories(db: Db, categoryIds: number[] | undefined): Promise<FieldErrors> {
  if (!categoryIds?.length) return {};
  const known = await db.selectFrom('categories').select('id').where('id', 'in', categoryIds).execute();
  return known.length === new Set(categoryIds).size ? {} : { category_ids: ['validation.in'] };
}

/**
 * The stored columns of a checked record, normalised as sent in. The organisation it is for is settled in the
 * send-in's transaction (server/organisations/applicationsOrganisation.ts), since applying may make its first member.
 */
export function sentInColumns(record: Record<string, unknown>) {
  const clean = normaliseRecord(applications, record);
  return Object.fromEntries(formColumns.filter((c) => c in clean).map((c) => [c, clean[c]])) as Partial<Record<FormColumn, never>>;
}
