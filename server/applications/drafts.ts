import { sql } from 'kysely';
import { textIn } from '../../resources/contentLanguage.js';
import { enums } from '../../resources/enums.js';
import type { Locale } from '../../resources/locales.js';
import type { Db } from '../db/connect.js';
import { inTransaction } from '../db/inTransaction.js';
import { stockholmDay, stockholmYear } from '../clock.js';
import { AppError } from '../errors.js';
import { isOpen } from '../periods.js';
import { replaceCategories, type ApplicationRow } from '../applicationCore/applicationForm.js';
import { assertDraft } from '../applicationCore/ownApplications.js';
import { sentInOrganisation } from '../organisations/applicationsOrganisation.js';
import { giveReference, typeIdsOf, type sentInColumns } from './submit.js';
import { signalsOfSendIn } from '../signals/sendIn.js';

// The queries of the applicant’s form (/ansok/:id): drafts started, saved and sent in.

const { draft, received } = enums.application_status;

/** The period an applicant may apply in on `today` (a day in Stockholm), with the types it takes; anything else is refused as closed. */
export async function openPeriod(db: Db, periodId: number, today: string) {
  const period = await db
    .selectFrom('periods as p')
    .selectAll()
    .select([isOpen('p', today).as('open'), typeIdsOf('p').as('typeIds')])
    .where('p.id', '=', periodId)
    .executeTakeFirst();
  if (!period?.open) throw new AppError(409, 'errors.period_closed');
  return period;
}

/** What the form shows of an application's period, open or not on `today` (a day in Stockholm). */
export function formPeriod(db: Db, periodId: number, today: string) {
  return db
    .selectFrom('periods as p')
    .select(['p.id', 'p.name', 'p.name_en', 'p.closed', 'p.uses_status_cloaking', 'p.start_date', 'p.end_date', 'p.answer_weeks'])
    .select(isOpen('p', today).as('open'))
    .where('p.id', '=', periodId)
    .executeTakeFirstOrThrow();
}

/** An application type's name in each language (null for none), to be read by `labelIn`. */
export async function typeLabels(db: Db, applicationTypeId: number | null): Promise<TypeLabels | null> {
  if (!applicationTypeId) return null;
  const type = await db
    .selectFrom('application_types')
    .select(['label', 'label_en'])
    .where('id', '=', applicationTypeId)
    .executeTakeFirst();
  return type ?? null;
}

export interface TypeLabels {
  label: string;
  label_en: string | null;
}

/** An application type's name as a reader of `locale` reads it (null for none). */
export const labelIn = (locale: Locale, type: TypeLabels | null) => (type ? textIn(locale, type.label, type.label_en) : null);

export function applicationById(db: Db, id: number): Promise<ApplicationRow> {
  return db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

interface DraftStart {
  period_id: number;
  application_type_id: number;
  applicant_type: number | null;
}

/** The applicant's latest draft of the same period and type, to continue rather than start another. */
export function latestDraft(db: Db, applicantId: number, { period_id, application_type_id }: DraftStart) {
  return db
    .selectFrom('applications')
    .selectAll()
    .where('frontend_user_id', '=', applicantId)
    .where('period_id', '=', period_id)
    .where('application_type_id', '=', application_type_id)
    .where('status', '=', draft)
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
}

/**
 * A new draft, starting with the applicant's own details as its contact person; started now, or at `at` (the demo's
 * were started in the past).
 */
export async function startDraft(db: Db, applicantId: number, start: DraftStart, at?: Date) {
  const profile = await db
    .selectFrom('frontend_users')
    .select(['first_name', 'last_name', 'email', 'phone'])
    .where('id', '=', applicantId)
    .executeTakeFirstOrThrow();
  return db
    .insertInto('applications')
    .values({
      frontend_user_id: applicantId,
      ...start,
      contact_first_name: profile.first_name,
      contact_last_name: profile.last_name,
      contact_email: profile.email,
      contact_email_confirmation: profile.email,
      contact_phone: profile.phone,
      ...(at && { created_at: at, updated_at: at }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Saves a draft's changed columns at `now`, merges its answers and replaces its categories when given, and answers
 * its row as saved (a 409 once it is sent in); in the caller's transaction, when given one. Each field written is noted
 * as changed by `editedBy` then (`draft_edits`), so people writing one organisation's draft see who changed what last;
 * a field neither sent is left as the other saved it.
 */
export async function saveDraft(
  db: Db,
  applicationId: number,
  columns: object,
  definitions: unknown,
  categoryIds: number[] | undefined,
  now = new Date(),
  editedBy: number | null = null,
) {
  const fields = [
    // Who holds the draft is no field of the form.
    ...Object.keys(columns).filter((column) => column !== 'organisation_id' && column !== 'frontend_user_id'),
    ...Object.keys((definitions as object | undefined) ?? {}).map((id) => `definitions.${id}`),
    ...(categoryIds ? ['category_ids'] : []),
  ];
  const edits = editedBy === null ? {} : Object.fromEntries(fields.map((field) => [field, { by: editedBy, at: now.toISOString() }]));
  const update = async (via: Db) => {
    const saved = await via
      .updateTable('applications')
      .set({
        ...columns,
        // Answers merge into the saved ones: a step sends only its own questions. The expression is typed as the
        // column is written (JSON text), which is what Kysely's update type for a jsonb column says.
        ...(definitions ? { definitions: sql<string>`definitions || ${JSON.stringify(definitions)}::jsonb` } : {}),
        ...(fields.length && editedBy !== null ? { draft_edits: sql<string>`draft_edits || ${JSON.stringify(edits)}::jsonb` } : {}),
        updated_at: now,
      })
      .where('id', '=', applicationId)
      // Sent in since the caller read it: what was sent in is not written over.
      .where('status', '=', draft)
      .returningAll()
      .executeTakeFirst();
    if (!saved) throw new AppError(409, 'errors.not_a_draft');
    return saved;
  };
  // One statement needs no transaction of its own: a draft is saved at every step, and each round trip is a wait.
  if (!categoryIds) return update(db);
  return inTransaction(db, async (trx) => {
    const saved = await update(trx);
    await replaceCategories(trx, applicationId, categoryIds);
    return saved;
  });
}

/**
 * Sends a checked draft in at `now`, by `senderId` (its applicant or a member of its organisation), with the next
 * reference of the year in Stockholm and the organisation it is for; a 409 if it was sent in meanwhile, or if the
 * period is not open on that day in Stockholm. `tell` queues the mails that tell of it in the same transaction (the
 * confirmation), with REFERENCE_TO_COME where the reference goes, and answers their ids: the reference is written into
 * them as it is given, so they and the send-in commit together or not at all. In the caller's transaction, when given one.
 */
export function sendIn(
  db: Db,
  applicationId: number,
  senderId: number,
  values: ReturnType<typeof sentInColumns>,
  now: Date,
  tell: (trx: Db) => Promise<number[]> = async () => [],
): Promise<string> {
  return inTransaction(db, async (trx) => {
    // Locks the draft, so a double click cannot send it in twice; and reads its period once more, under a share lock:
    // a close (or new dates) saved meanwhile is seen here, and one being saved waits for this send-in to commit, so no
    // application lands in a period after it closed.
    const still = await trx
      .selectFrom('applications as a')
      .innerJoin('periods as p', 'p.id', 'a.period_id')
      .select(['a.status', isOpen('p', stockholmDay(now)).as('open')])
      .where('a.id', '=', applicationId)
      .forUpdate(['a'])
      .forShare(['p'])
      .executeTakeFirstOrThrow();
    assertDraft(still);
    if (!still.open) throw new AppError(409, 'errors.period_closed');
    const organisationId = await sentInOrganisation(trx, senderId, values, now);
    await trx
      .updateTable('applications')
      .set({ ...values, organisation_id: organisationId, sent_in_by: senderId, sent_in_at: now, updated_at: now })
      .where('id', '=', applicationId)
      .execute();
    // What it matches of others' (server/signals/, by its sent_in_at): signals for staff, never a refusal.
    await signalsOfSendIn(trx, applicationId);
    const mails = await tell(trx);
    // Its reference and status last, written into its mails in the same statement: the year's counter, and the
    // period's tally of received applications that the status adds to, stay locked until commit, so every send-in of
    // the period waits for what follows them in the one before. Only the commit follows: at a deadline each statement
    // more there, a round of the app's busy event loop, would be a wait for every send-in behind it.
    return giveReference(trx, applicationId, stockholmYear(now), received, mails);
  });
}

/** Whom the confirmation of an application sent in is mailed to. */
export function applicantForMail(db: Db, applicantId: number) {
  return db.selectFrom('frontend_users').select(['email', 'first_name', 'locale']).where('id', '=', applicantId).executeTakeFirstOrThrow();
}

/**
 * An organisation of the foundation's register by its number, written 556677-8899, as the form of `applicantId` shows
 * it: its details, and where the reader stands: a member, or not while it has members (a signatory invites them), or
 * with nobody left in it where it has applications (staff hand it over on request).
 */
export function organisationByNumber(db: Db, orgNumber: string, applicantId: number) {
  return db
    .selectFrom('organisations as o')
    .select(['o.id', 'o.name', 'o.type', 'o.address', 'o.co', 'o.zip', 'o.city', 'o.website'])
    .select(
      sql<'member' | 'others' | 'nobody_left' | 'new'>`CASE
        WHEN EXISTS (SELECT 1 FROM organisation_members m WHERE m.organisation_id = o.id AND m.frontend_user_id = ${applicantId}) THEN 'member'
        WHEN EXISTS (SELECT 1 FROM organisation_members m WHERE m.organisation_id = o.id) THEN 'others'
        WHEN EXISTS (SELECT 1 FROM applications a WHERE a.organisation_id = o.id) THEN 'nobody_left'
        ELSE 'new' END`.as('standing'),
    )
    .where('o.org_number', '=', orgNumber)
    .executeTakeFirst();
}
