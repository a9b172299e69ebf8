import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/connect.js';
import { AppError, notFound } from '../errors.js';
import { enums } from '../../resources/enums.js';
import { recordHistory } from './history.js';

/**
 * Whether staff may reach the application at all: not an applicant's draft, which is theirs alone until it is sent in
 * (what staff register themselves is stored sent in, so no draft is staff's). Every staff lookup of one application
 * filters by it, so a draft is unknown to staff (404) whatever the route: the record, its files, history, dialogue,
 * investigations, decision, follow-up. The staff lists never list drafts either (server/applications/lists.ts).
 */
export function reachableByStaff(alias?: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(alias ? `${alias}.status` : 'status')} <> ${enums.application_status.draft}`;
}

/** The parts of an application that investigations and decisions work from, by uuid (unknown or a draft -> 404). */
export async function applicationByUuid(db: Db, uuid: string) {
  const row = await db
    .selectFrom('applications')
    .select(['id', 'uuid', 'status', 'period_id'])
    .where('uuid', '=', uuid)
    .where(reachableByStaff())
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** An application staff may reach, by uuid, with its period; undefined when there is none. */
export function applicationOf(db: Db, uuid: string): Promise<{ id: number; period_id: number } | undefined> {
  return db.selectFrom('applications').select(['id', 'period_id']).where('uuid', '=', uuid).where(reachableByStaff()).executeTakeFirst();
}

/** The ids of the applications by uuid (unknown ones left out). */
export async function applicationIdsOf(db: Db, uuids: readonly string[]): Promise<number[]> {
  if (!uuids.length) return [];
  return (await db.selectFrom('applications').select('id').where('uuid', 'in', uuids).execute()).map((row) => row.id);
}

/** The applications an applicant has sent in (their drafts are theirs alone). */
export async function applicationsOfApplicant(db: Db, frontendUserId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('applications')
    .select('id')
    .where('frontend_user_id', '=', frontendUserId)
    .where(reachableByStaff())
    .execute();
  return rows.map((row) => row.id);
}

/** Staff handle only what was sent in: a draft is still the applicant's (422, it is the request that cannot be met). */
export function assertSentIn(application: { status: number }) {
  if (application.status === enums.application_status.draft) throw new AppError(422, 'errors.not_sent_in');
}

/**
 * Changes one column of an application and writes the history entry in the same transaction; no change, no entry.
 * `guard` may refuse the change, holding the application's row (decisions.ts changeStatus() keeps an approval's rules).
 */
export async function changeApplication(
  db: Db,
  uuid: string,
  column: 'status' | 'finished',
  value: number | boolean,
  staffId: number,
  guard?: (trx: Db, applicationId: number) => Promise<void>,
  /** After the change is written, in its transaction (the books follow a status). */
  afterwards?: (trx: Db, applicationId: number) => Promise<void>,
) {
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('applications')
      .select(['id', column])
      .where('uuid', '=', uuid)
      .where(reachableByStaff())
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound();
    const before = (current as Record<string, unknown>)[column];
    if (before === value) return;
    await guard?.(trx, current.id);
    await trx
      .updateTable('applications')
      .set({ [column]: value, updated_at: new Date() })
      .where('id', '=', current.id)
      .execute();
    await afterwards?.(trx, current.id);
    await recordHistory(trx, {
      applicationId: current.id,
      userId: staffId,
      action: column,
      before: { [column]: before },
      after: { [column]: value },
    });
  });
}

/** A staff user who may be put on an application, or undefined. */
export function staffUser(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'role', 'first_name', 'last_name', 'active']).where('id', '=', userId).executeTakeFirst();
}
