import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { recordHistoryOfEach } from '../applicationCore/history.js';
import { forgetApplicantHistory } from '../auth/applicantHistory.js';
import { enums } from '../../resources/enums.js';
import { blankApplication, blankGrant, blankPayout } from './personalData.js';

/**
 * Deleting and anonymising what applicants sent (GDPR), each in the caller's transaction. What is stored on disk is
 * answered rather than removed here: the caller removes those files once the transaction has committed, so a
 * rollback never leaves a row without its file.
 */

/**
 * The values a history entry keeps once its application is anonymised: amounts, statuses, dates and flags, and the
 * staff member an investigator entry names (the foundation's own). Names of files, corrected answers and comments go.
 */
const keptHistoryValues = [
  'status',
  'finished',
  'decision',
  'money',
  'approved_money',
  'approved_fou',
  'approved_nok',
  'global_goals',
  'decision_global_goals',
  'amount',
  'reference',
  'followup_at',
  'distribution_mail_sent_at',
  'resend',
  'is_welcome_message',
  'participants',
  'events',
  'user_id',
];
const investigatorActions = ['investigator_added', 'reviewer_added', 'investigator_removed'];

/** The stored files (uuids) of these applications: the form's, the dialogue's and the follow-up's. */
async function filesOf(trx: Db, applicationIds: number[]): Promise<string[]> {
  if (!applicationIds.length) return [];
  const rows = await trx.selectFrom('application_files').select('uuid').where('application_id', 'in', applicationIds).execute();
  return rows.map((row) => row.uuid);
}

/** Deletes drafts never sent in, with their files' rows; answers the stored files to remove. */
export async function deleteDrafts(trx: Db, applicationIds: number[]): Promise<string[]> {
  if (!applicationIds.length) return [];
  const files = await filesOf(trx, applicationIds);
  await trx
    .deleteFrom('applications')
    .where('id', 'in', applicationIds)
    .where('status', '=', enums.application_status.draft)
    .where('sent_in_at', 'is', null)
    .execute();
  return files;
}

/**
 * Anonymises applications at `now`, as the retention rules or an erasure decide: the application's personal columns
 * (as its declaration marks them, personalData.ts), its follow-up's free text, its investigations' comments, its
 * grant's signatory and its payouts' accounts go; its messages, files, mails and staff's notifications of it go whole; its history keeps what happened and when,
 * without the values that named anyone, and says it was anonymised (`action`: by the rules, or at the applicant's
 * erasure request) and by whom (`userId`, or null for the rules' own run and the applicant's own deletion). Answers
 * the stored files to remove.
 */
export async function anonymiseApplications(
  trx: Db,
  applicationIds: number[],
  now: Date,
  userId: number | null = null,
  action: 'anonymised' | 'erasure_anonymised' = 'anonymised',
): Promise<string[]> {
  if (!applicationIds.length) return [];
  const files = await filesOf(trx, applicationIds);
  await trx.deleteFrom('application_files').where('application_id', 'in', applicationIds).execute();
  await trx.deleteFrom('application_messages').where('application_id', 'in', applicationIds).execute();
  await trx.deleteFrom('outbox').where('application_id', 'in', applicationIds).execute();
  // Staff's notifications of its messages and follow-up: about the applicant, and nothing to act on any more.
  await trx.deleteFrom('notifications').where('application_id', 'in', applicationIds).execute();
  // The description its signals compared (its free text); the signals themselves name no one and stay.
  await trx.deleteFrom('application_descriptions').where('application_id', 'in', applicationIds).execute();
  await trx
    .updateTable('application_followups')
    .set({ according_to_plan_comment: null, marketing: null })
    .where('application_id', 'in', applicationIds)
    .execute();
  await trx
    .updateTable('investigations')
    .set({ comment: null, review_comment: null })
    .where('application_id', 'in', applicationIds)
    .execute();
  await trx.updateTable('grants').set(blankGrant).where('application_id', 'in', applicationIds).execute();
  await trx.updateTable('payouts').set(blankPayout).where('application_id', 'in', applicationIds).execute();
  await trx
    .updateTable('applications')
    .set({ ...blankApplication, anonymised_at: now, updated_at: now })
    .where('id', 'in', applicationIds)
    .execute();
  // The history is append-only; this transaction, and only it, may blank an entry's values (migration 0017).
  await sql`select set_config('app.anonymising', 'on', true)`.execute(trx);
  const kept = (column: 'before' | 'after') => sql<string | null>`(
    select jsonb_object_agg(v.key, v.value) from jsonb_each(${sql.ref(column)}) v
    where v.key = any(${keptHistoryValues}::text[]) or (v.key = 'name' and action = any(${investigatorActions}::text[]))
  )`;
  await trx
    .updateTable('application_history')
    .set({ before: kept('before'), after: kept('after') })
    .where('application_id', 'in', applicationIds)
    .where((eb) => eb.or([eb('before', 'is not', null), eb('after', 'is not', null)]))
    .execute();
  await sql`select set_config('app.anonymising', 'off', true)`.execute(trx);
  await recordHistoryOfEach(trx, applicationIds, { userId, action });
  return files;
}

/**
 * Deletes an applicant's account and what hangs on it alone: sessions and login links, downloads of their data, the
 * mails to their address, the sign-in attempts that name it and the account's history (its e-ID links). Their
 * applications must be gone or anonymised first. Answers the stored files to remove (the downloads).
 */
export async function deleteAccount(trx: Db, frontendUserId: number): Promise<string[]> {
  const account = await trx.selectFrom('frontend_users').select('email').where('id', '=', frontendUserId).executeTakeFirst();
  if (!account) return [];
  const exports = await trx.selectFrom('data_exports').select('uuid').where('frontend_user_id', '=', frontendUserId).execute();
  const address = account.email.trim().toLowerCase();
  await trx
    .deleteFrom('outbox')
    .where(sql`lower(recipient)`, '=', address)
    .execute();
  await trx
    .deleteFrom('login_attempts')
    .where(sql`lower(email)`, '=', address)
    .execute();
  await forgetApplicantHistory(trx, frontendUserId);
  await trx.deleteFrom('frontend_users').where('id', '=', frontendUserId).execute();
  return exports.map((row) => row.uuid);
}

/** Deletes the closed accounts none of whose applications is kept any more; answers the stored files to remove. */
export async function deleteEmptiedAccounts(trx: Db): Promise<{ accounts: number; files: string[] }> {
  const emptied = await trx
    .selectFrom('frontend_users as f')
    .select('f.id')
    .where('f.closed_at', 'is not', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('applications as a').select('a.id').whereRef('a.frontend_user_id', '=', 'f.id'))))
    .forUpdate()
    .execute();
  const files: string[] = [];
  for (const { id } of emptied) files.push(...(await deleteAccount(trx, id)));
  return { accounts: emptied.length, files };
}
