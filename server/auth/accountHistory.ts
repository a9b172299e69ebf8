import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

/** What befell a staff account's sign-in, as the account's history names it (locales: account_history.events.*). */
export type AccountEvent =
  | 'second_factor_enrolment_started'
  | 'second_factor_enrolled'
  | 'second_factor_removed'
  | 'second_factor_reset'
  | 'recovery_codes_renewed'
  | 'recovery_code_used'
  | 'security_confirmation_failed'
  | 'failed_sign_ins_mailed';

/** Records an event of a staff account; `actorId` is the administrator who acted on another's account, else null. */
export async function recordAccountEvent(db: Db, userId: number, event: AccountEvent, actorId: number | null = null): Promise<void> {
  await db.insertInto('account_history').values({ user_id: userId, event, actor_id: actorId }).execute();
}

/** A staff account's history, newest first, with the acting administrator's name. */
export function accountHistory(db: Db, userId: number) {
  return db
    .selectFrom('account_history as h')
    .leftJoin('users as actor', 'actor.id', 'h.actor_id')
    .select([
      'h.id',
      'h.event',
      'h.created_at',
      sql<string | null>`CASE WHEN actor.id IS NULL THEN NULL ELSE actor.first_name || ' ' || actor.last_name END`.as('actor_name'),
    ])
    .where('h.user_id', '=', userId)
    .orderBy('h.id', 'desc')
    .limit(200)
    .execute();
}

/**
 * Marks that the account's owner is to be told of failed sign-ins, once a day at most, whatever the number of tries
 * or addresses; answers the owner to mail, or undefined when they were told already (or no such active user exists).
 */
export async function takeFailureAlert(db: Db, email: string) {
  return db
    .updateTable('users')
    .set({ failure_alert_at: sql<Date>`now()` })
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .where('active', '=', true)
    .where((eb) => eb.or([eb('failure_alert_at', 'is', null), eb('failure_alert_at', '<', sql<Date>`now() - interval '1 day'`)]))
    .returning(['id', 'email', 'first_name', 'locale'])
    .executeTakeFirst();
}
