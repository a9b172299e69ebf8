import { sql } from 'kysely';
import { enums } from '../../resources/enums.js';
import type { Locale } from '../../resources/locales.js';
import { stockholmYear } from '../clock.js';
import type { Db } from '../db/connect.js';
import { AppError } from '../errors.js';
import { categoryChoices, replaceCategories } from '../applicationCore/applicationForm.js';
import { assertApprovable, assertNotBoardDecided } from './decisions.js';
import { recordHistory } from '../applicationCore/history.js';
import { reachableByStaff } from '../applicationCore/staffReach.js';
import { sentInOrganisation } from '../organisations/applicationsOrganisation.js';
import { giveReference, type sentInColumns } from './submit.js';
import { signalsOfSendIn } from '../signals/sendIn.js';

// The queries of the staff form that adds an application or edits one.

type SentInColumns = ReturnType<typeof sentInColumns>;

export interface NewApplicant {
  email: string;
  first_name?: string;
  last_name?: string;
}

/**
 * What the staff form offers: every period (closed ones too), or those of `periods`, the types each takes, the
 * categories, every question.
 */
export function formOptions(db: Db, periods: number[] | null) {
  return Promise.all([
    db
      .selectFrom('periods')
      .select(['id', 'name', 'start_date', 'end_date', 'closed'])
      .$if(periods !== null, (q) => q.where('id', 'in', periods?.length ? periods : [-1]))
      .orderBy('start_date', 'desc')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('period_application_types as pt')
      .innerJoin('application_types as t', 't.id', 'pt.application_type_id')
      .select(['pt.period_id', 't.id', 't.label'])
      .orderBy(sql`t.label collate swedish`)
      .execute(),
    categoryChoices(db),
    db
      .selectFrom('application_type_field_definitions')
      .select(['id', 'label', 'type', 'required', 'options', 'application_type_id'])
      .orderBy('order')
      .orderBy('id')
      .execute(),
  ]);
}

export async function periodExists(db: Db, periodId: number): Promise<boolean> {
  return !!(await db.selectFrom('periods').select('id').where('id', '=', periodId).executeTakeFirst());
}

export async function applicantExists(db: Db, frontendUserId: number): Promise<boolean> {
  return !!(await db
    .selectFrom('frontend_users')
    .select('id')
    .where('id', '=', frontendUserId)
    .where('closed_at', 'is', null)
    .executeTakeFirst());
}

/** The applicant by id, or by e-mail: an address already registered is that applicant, a new one is created unverified. */
async function applicantId(db: Db, frontendUserId: number | undefined, applicant: NewApplicant | undefined): Promise<number> {
  if (frontendUserId !== undefined) return frontendUserId;
  const address = applicant!.email.trim().toLowerCase();
  const known = await db
    .selectFrom('frontend_users')
    .select('id')
    .where(sql`lower(email)`, '=', address)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  if (known) return known.id;
  const created = await db
    .insertInto('frontend_users')
    .values({ email: address, first_name: applicant!.first_name?.trim() ?? null, last_name: applicant!.last_name?.trim() ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

interface PaperApplication {
  values: SentInColumns;
  periodId: number;
  definitions: unknown;
  categoryIds: number[];
  frontendUserId: number | undefined;
  applicant: NewApplicant | undefined;
}

/**
 * Registers a checked paper application as sent in at `now` (received, with a reference of that year in Stockholm),
 * recorded in its history. Written as a draft first and given its reference and status last, as a send-in is
 * (drafts.ts): the year's counter is then held for the least time.
 */
export function registerApplication(db: Db, staffId: number, paper: PaperApplication, now: Date) {
  return db.transaction().execute(async (trx) => {
    const applicant = await applicantId(trx, paper.frontendUserId, paper.applicant);
    const row = await trx
      .insertInto('applications')
      .values({
        ...paper.values,
        organisation_id: await sentInOrganisation(trx, applicant, paper.values, now),
        frontend_user_id: applicant,
        period_id: paper.periodId,
        definitions: JSON.stringify(paper.definitions),
        status: enums.application_status.draft,
        sent_in_at: now,
        step: 5,
      })
      .returning(['id', 'uuid'])
      .executeTakeFirstOrThrow();
    await replaceCategories(trx, row.id, paper.categoryIds);
    // A paper application is sent in too: what it matches of others' is a signal (its description compared by the
    // hourly sweep of the signal-descriptions job).
    await signalsOfSendIn(trx, row.id);
    const reference = await giveReference(trx, row.id, stockholmYear(now), enums.application_status.received);
    await recordHistory(trx, { applicationId: row.id, userId: staffId, action: 'created', after: { reference } });
    return { ...row, reference };
  });
}

export function applicationByUuidWhole(db: Db, uuid: string) {
  return db.selectFrom('applications').selectAll().where('uuid', '=', uuid).where(reachableByStaff()).executeTakeFirst();
}

interface Correction {
  values: SentInColumns;
  definitions: unknown;
  /** Only when they changed. */
  categoryIds: number[] | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * Saves a correction of an application sent in, with what changed in its history; a draft meanwhile is a 409. An
 * approval moved to another period must fit that period's cap as any approval there (a 422 on period_id).
 */
export async function correctApplication(db: Db, staffId: number, applicationId: number, correction: Correction, locale: Locale) {
  await db.transaction().execute(async (trx) => {
    const still = await trx
      .selectFrom('applications')
      .select(['status', 'period_id', 'frontend_user_id', 'organisation_id', 'org_number', 'applicant_type'])
      .where('id', '=', applicationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (still.status === enums.application_status.draft) throw new AppError(409, 'errors.application_is_draft');
    // Another organisation named, or none: the application is the named one's where its applicant is a member there.
    const named = { ...still, ...correction.values };
    const organisationId =
      named.org_number === still.org_number && named.applicant_type === still.applicant_type
        ? still.organisation_id
        : still.frontend_user_id === null
          ? null
          : await sentInOrganisation(trx, still.frontend_user_id, named, new Date());
    const moved = (correction.values as { period_id?: number }).period_id ?? still.period_id;
    // A board's decision belongs to its meeting's period: the application stays there.
    if (moved !== still.period_id) await assertNotBoardDecided(trx, applicationId, locale);
    await trx
      .updateTable('applications')
      .set({
        ...correction.values,
        organisation_id: organisationId,
        definitions: JSON.stringify(correction.definitions),
        updated_at: new Date(),
      })
      .where('id', '=', applicationId)
      .execute();
    if (moved !== still.period_id && still.status === enums.application_status.approved) {
      await assertApprovable(trx, applicationId, locale, 'period_id');
    }
    if (correction.categoryIds) await replaceCategories(trx, applicationId, correction.categoryIds);
    await recordHistory(trx, { applicationId, userId: staffId, action: 'edited', before: correction.before, after: correction.after });
    // A corrected organisation number or description may match others' now, as a send-in's would (raising one again
    // changes nothing; the description is compared again by the signal-descriptions job's sweep).
    await signalsOfSendIn(trx, applicationId);
  });
}
