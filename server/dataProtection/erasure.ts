import { sql } from 'kysely';
import { recordHistoryOfEach } from '../applications/history.js';
import { visibleStatus } from '../applications/own.js';
import type { Db } from '../db/connect.js';
import { notFound } from '../errors.js';
import type { FileStorage } from '../uploads/storage.js';
import { enums } from '../../resources/enums.js';
import type { RetentionRules } from '../../resources/retention.js';
import { deleteAccount, deleteDrafts } from './anonymise.js';
import { dueDay } from './retention.js';

const { draft } = enums.application_status;

/** What erasing an applicant does: 'deleted' their account at once, or 'closed' it while applications they sent in are kept. */
export type AccountOutcome = 'deleted' | 'closed';

/**
 * What erasing an applicant's account would do now, as they (or staff acting on their request) are told before
 * confirming: the drafts never sent in that go at once, and the applications sent in that the foundation keeps, each
 * with the first day the retention rules anonymise it (null while it is being handled: the rules start counting at
 * the decision), a postponement of its period included. `asApplicant` shows each status as the applicant sees it.
 */
export async function erasurePreview(db: Db, frontendUserId: number, rules: RetentionRules, asApplicant: boolean) {
  const open = await db
    .selectFrom('frontend_users')
    .select('id')
    .where('id', '=', frontendUserId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  if (!open) throw notFound();
  const rows = await db
    .selectFrom('applications as a')
    .innerJoin('periods as p', 'p.id', 'a.period_id')
    .leftJoin('application_types as t', 't.id', 'a.application_type_id')
    .leftJoin('retention_postponements as r', 'r.period_id', 'p.id')
    .select([
      'a.uuid',
      'a.reference',
      'a.status',
      'a.sent_in_at',
      'a.updated_at',
      'p.name as period',
      'p.closed',
      'p.uses_status_cloaking',
      't.label as application_type',
      sql<string | null>`(case when ${dueDay(rules)} is null then null else greatest(${dueDay(rules)}, r.until + 1) end)::text`.as(
        'anonymised_from',
      ),
    ])
    .where('a.frontend_user_id', '=', frontendUserId)
    .orderBy('a.id')
    .execute();
  const drafts = rows.filter((row) => row.status === draft && row.sent_in_at === null);
  const kept = rows.filter((row) => !drafts.includes(row));
  const outcome: AccountOutcome = kept.length ? 'closed' : 'deleted';
  return {
    account: outcome,
    drafts: drafts.map((row) => ({
      uuid: row.uuid,
      period: row.period,
      application_type: row.application_type,
      updated_at: row.updated_at,
    })),
    kept: kept.map((row) => ({
      uuid: row.uuid,
      reference: row.reference,
      status: asApplicant ? visibleStatus(row.status, row) : row.status,
      period: row.period,
      application_type: row.application_type,
      anonymised_from: row.anonymised_from,
    })),
  };
}

/**
 * Erases an applicant at their request (by themselves, or carried out by staff user `staffId`): at once their drafts
 * never sent in and, when nothing they sent in is kept, the account itself; otherwise the account is closed (no
 * sign-in, no mails, the address free for a new account) and each kept application's history says so, until the
 * retention rules anonymise the last of them and the account goes too (server/dataProtection/retentionRun.ts).
 */
export async function eraseApplicant(db: Db, storage: FileStorage, frontendUserId: number, now: Date, staffId: number | null) {
  const { outcome, drafts, kept, files } = await db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom('frontend_users')
      .select('id')
      .where('id', '=', frontendUserId)
      .where('closed_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!account) throw notFound();
    const own = await trx
      .selectFrom('applications')
      .select(['id', 'status', 'sent_in_at'])
      .where('frontend_user_id', '=', frontendUserId)
      .forUpdate()
      .execute();
    const draftIds = own.filter((a) => a.status === draft && a.sent_in_at === null).map((a) => a.id);
    const keptIds = own.map((a) => a.id).filter((id) => !draftIds.includes(id));
    const removed = await deleteDrafts(trx, draftIds);
    if (!keptIds.length)
      return {
        outcome: 'deleted' as const,
        drafts: draftIds.length,
        kept: 0,
        files: [...removed, ...(await deleteAccount(trx, frontendUserId))],
      };
    const exports = await trx.selectFrom('data_exports').select('uuid').where('frontend_user_id', '=', frontendUserId).execute();
    await trx.deleteFrom('data_exports').where('frontend_user_id', '=', frontendUserId).execute();
    await trx.deleteFrom('sessions').where('frontend_user_id', '=', frontendUserId).execute();
    await trx.deleteFrom('login_links').where('frontend_user_id', '=', frontendUserId).execute();
    await trx
      .updateTable('frontend_users')
      .set({ closed_at: now, active: false, updated_at: now })
      .where('id', '=', frontendUserId)
      .execute();
    await recordHistoryOfEach(trx, keptIds, { userId: staffId, action: 'account_deleted' });
    return {
      outcome: 'closed' as const,
      drafts: draftIds.length,
      kept: keptIds.length,
      files: [...removed, ...exports.map((e) => e.uuid)],
    };
  });
  await storage.remove(files);
  return { account: outcome, drafts_deleted: drafts, kept };
}
