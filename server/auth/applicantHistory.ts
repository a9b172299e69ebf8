import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';

/** What befell an applicant account's sign-in, as its history names it (locales: data_export.eid_events.*). */
export type ApplicantAccountEvent = Database['applicant_account_history']['event'];

/**
 * Records an event of an applicant's account at `at` (the app's clock): which provider's e-ID (its name, e.g. BankID)
 * and the name that e-ID gave, if any.
 */
export async function recordApplicantEvent(
  db: Db,
  frontendUserId: number,
  event: ApplicantAccountEvent,
  { provider, personName, at }: { provider: string; personName: string | null; at: Date },
): Promise<void> {
  await db
    .insertInto('applicant_account_history')
    .values({ frontend_user_id: frontendUserId, event, provider, person_name: personName, created_at: at })
    .execute();
}

/** An applicant account's history, newest first. */
export function applicantHistory(db: Db, frontendUserId: number) {
  return db
    .selectFrom('applicant_account_history')
    .select(['event', 'provider', 'person_name', 'created_at'])
    .where('frontend_user_id', '=', frontendUserId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/**
 * Deletes an applicant's history as their account is erased: the one deletion its trigger lets through, in a
 * transaction that names the applicant (`app.erasing_applicant`, migration 0032).
 */
export async function forgetApplicantHistory(trx: Db, frontendUserId: number): Promise<void> {
  await sql`select set_config('app.erasing_applicant', ${String(frontendUserId)}, true)`.execute(trx);
  await trx.deleteFrom('applicant_account_history').where('frontend_user_id', '=', frontendUserId).execute();
}
