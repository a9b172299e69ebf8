import { sql, type Expression, type SqlBool } from 'kysely';
import { enums } from '../../resources/enums.js';
import { formatDate } from '../../resources/format.js';
import type { Locale } from '../../resources/locales.js';
import { personName } from '../../resources/users.js';
import { anonymisedFrom } from '../dataProtection/erasure.js';
import { retentionRulesOf } from '../dataProtection/retentionRules.js';
import type { Db } from '../db/connect.js';
import { AppError, notFound } from '../errors.js';
import { listPage, type ListGrammar, type ListQuery } from '../lists/listQuery.js';
import { contains } from '../lists/search.js';
import type { FileStorage } from '../uploads/storage.js';
import { reachableByStaff } from '../applicationCore/staffReach.js';

// Staff who manage applications delete one: a duplicate, a test, one sent in by mistake. Approved
// applications are refused: they are records of the foundation's bookkeeping, kept until the retention rules anonymise
// them. What goes with the application (files, messages, follow-up, investigations, history, the stored copies of the
// mails about it) goes in one transaction, which also writes who deleted which reference to application_deletions;
// the stored files are removed once it has committed. The tallies take the application out by their trigger, so the
// lists' totals and the statistics change with it.

/** The application by uuid as staff may reach it (not a draft), with what deciding on its deletion reads. */
function deletable(db: Db, uuid: string) {
  return db
    .selectFrom('applications as a')
    .innerJoin('periods as p', 'p.id', 'a.period_id')
    .select(['a.id', 'a.uuid', 'a.reference', 'a.status', 'a.period_id', 'a.anonymised_at', 'p.name as period_name'])
    .where('a.uuid', '=', uuid)
    .where(reachableByStaff('a'));
}

/** An approved application is kept for the bookkeeping (409, saying until when it is kept). */
async function refuseApproved(db: Db, application: { id: number; status: number; anonymised_at: Date | null }, locale: Locale) {
  if (application.status !== enums.application_status.approved) return;
  if (application.anonymised_at) throw new AppError(409, 'errors.application_approved_anonymised');
  const rules = await retentionRulesOf(db);
  const { day } = await db
    .selectFrom('applications as a')
    .innerJoin('periods as p', 'p.id', 'a.period_id')
    .select(anonymisedFrom(rules).as('day'))
    .where('a.id', '=', application.id)
    .executeTakeFirstOrThrow();
  throw new AppError(409, 'errors.application_approved_kept', { params: { date: formatDate(day, locale) } });
}

/** What goes with the application: its files (the form's, the dialogue's, the follow-up's), messages, follow-up, investigations. */
async function contentsOf(db: Db, applicationId: number) {
  const count = (table: 'application_files' | 'application_messages' | 'investigations') =>
    db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .where('application_id', '=', applicationId);
  const row = await db
    .selectNoFrom((eb) => [
      count('application_files').as('files'),
      count('application_messages').as('messages'),
      count('investigations').as('investigations'),
      eb.exists(db.selectFrom('application_followups').select('application_id').where('application_id', '=', applicationId)).as('followup'),
    ])
    .executeTakeFirstOrThrow();
  return {
    files: Number(row.files),
    messages: Number(row.messages),
    investigations: Number(row.investigations),
    followup: Boolean(row.followup),
  };
}

/** What deleting the application would remove, for the confirmation; an approved one is refused here already (409). */
export async function deletionPreview(db: Db, uuid: string, locale: Locale) {
  const application = await deletable(db, uuid).executeTakeFirst();
  if (!application) throw notFound();
  await refuseApproved(db, application, locale);
  return { reference: application.reference, status: application.status, ...(await contentsOf(db, application.id)) };
}

/**
 * Deletes the application by staff user `staffId` at `now`, once: unknown or a draft 404, approved 409. Answers the
 * log's entry.
 */
export async function deleteApplication(db: Db, storage: FileStorage, uuid: string, staffId: number, now: Date, locale: Locale) {
  const { files, entry } = await db.transaction().execute(async (trx) => {
    const application = await deletable(trx, uuid).forUpdate('a').executeTakeFirst();
    if (!application) throw notFound();
    await refuseApproved(trx, application, locale);
    const contents = await contentsOf(trx, application.id);
    const stored = await trx.selectFrom('application_files').select('uuid').where('application_id', '=', application.id).execute();
    const entry = await trx
      .insertInto('application_deletions')
      .values({
        reference: application.reference,
        application_uuid: application.uuid,
        period_id: application.period_id,
        period_name: application.period_name,
        status: application.status,
        files: contents.files,
        messages: contents.messages,
        followup: contents.followup,
        user_id: staffId,
        deleted_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The stored copies of the mails about it name the applicant; a mail still waiting is not sent.
    await trx.deleteFrom('outbox').where('application_id', '=', application.id).execute();
    // The history goes with its application, and only so: the trigger lets this transaction delete its entries alone.
    await sql`select set_config('app.deleting_application', ${String(application.id)}, true)`.execute(trx);
    await trx.deleteFrom('applications').where('id', '=', application.id).execute();
    return { files: stored.map((file) => file.uuid), entry };
  });
  await storage.remove(files);
  return (await deletionRows(db).where('d.id', '=', entry.id).execute()).map(deletionEntry)[0];
}

/** The log's rows with who deleted each (`d`, the staff user `u`). */
function deletionRows(db: Db) {
  return db
    .selectFrom('application_deletions as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select([
      'd.id',
      'd.reference',
      'd.application_uuid',
      'd.period_id',
      'd.period_name',
      'd.status',
      'd.files',
      'd.messages',
      'd.followup',
      'd.deleted_at',
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
    ]);
}

type DeletionRow = Awaited<ReturnType<ReturnType<typeof deletionRows>['execute']>>[number];
const deletionEntry = ({ user_id, first_name, last_name, period_id, period_name, ...row }: DeletionRow) => ({
  ...row,
  period: { id: period_id, name: period_name },
  deleted_by: { id: user_id, name: personName(first_name, last_name) },
});

/** The log's list grammar: newest first, or by reference; a search in the references; one period's. */
export const deletionLogGrammar: ListGrammar = {
  sorts: ['deleted_at', 'reference'],
  defaultSort: { field: 'deleted_at', order: 'desc' },
  search: true,
  filters: { period: 'id' },
};

/**
 * The log's WHERE on a row (`d`) of the log or of its tallies, which both name the period: the caller's periods and
 * the period filter, and with `search` the search in the references.
 */
function logConditions(query: ListQuery, periods: number[] | null, search: string | null): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  if (periods) all.push(sql<SqlBool>`d.period_id = any(${periods.length ? periods : [-1]}::int[])`);
  if (query.ids.period !== undefined) all.push(sql<SqlBool>`d.period_id = ${query.ids.period}`);
  if (search) all.push(contains(sql.ref('d.reference'), search));
  return all.length ? sql<SqlBool>`${sql.join(all, sql` and `)}` : sql<SqlBool>`true`;
}

/**
 * A page of the log of deleted applications, of the periods in `periods` alone when given (a caller who manages some).
 * Each sort walks its index of migration 0022 (ties broken by the id), for the whole log or one period. The total
 * sums the tallies kept per period; a search counts its matches, found through the trigram index.
 */
export async function deletionLog(db: Db, query: ListQuery, periods: number[] | null) {
  const where = logConditions(query, periods, query.search);
  const direction = sql.raw(query.direction);
  const key = query.sort === 'reference' ? sql`d.reference` : sql`d.deleted_at`;
  // Written into the statement (whole numbers the list grammar checked), as the application lists do.
  const offset = (query.page - 1) * query.perPage;
  const [page, { total }] = await Promise.all([
    deletionRows(db)
      .where(where)
      .orderBy(sql`${key} ${direction}`)
      .orderBy(sql`d.id ${direction}`)
      .limit(sql.lit(query.perPage))
      .offset(sql.lit(offset))
      .execute(),
    query.search
      ? db
          .selectFrom('application_deletions as d')
          .select(sql<number>`count(*)::int`.as('total'))
          .where(where)
          .executeTakeFirstOrThrow()
      : db
          .selectFrom('application_deletion_tallies as d')
          .select(sql<number>`coalesce(sum(d.deletions), 0)::int`.as('total'))
          .where(logConditions(query, periods, null))
          .executeTakeFirstOrThrow(),
  ]);
  return listPage(page.map(deletionEntry), total, query);
}
