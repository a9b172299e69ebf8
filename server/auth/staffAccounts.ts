import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { invalid } from '../errors.js';
import { deleteStaffSessions } from './sessions.js';
import { hashToken } from '../tokens.js';

// The staff users' sign-in and password reset.

/** The staff user signing in with this address, whatever its case, and whether they have a second factor (sealed). */
export function staffForSignIn(db: Db, address: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'active', 'totp_secret'])
    .where(sql`lower(email)`, '=', address.trim().toLowerCase())
    .executeTakeFirst();
}

/** The active staff user's password hash, to confirm a change with; null for one who signs in through single sign-on only. */
export async function staffPasswordOf(db: Db, userId: number): Promise<string | null> {
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).where('active', '=', true).executeTakeFirst();
  return user?.password_hash ?? null;
}

/** The active staff user with this address (already lower case), to mail a reset link to. */
export function activeStaffByEmail(db: Db, address: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'locale'])
    .where(sql`lower(email)`, '=', address)
    .where('active', '=', true)
    .executeTakeFirst();
}

/** Spends a reset link on a new password and ends the user's sessions; a bad link or a user since gone is a 422. */
export async function resetPassword(db: Db, token: string, hash: () => Promise<string>) {
  await db.transaction().execute(async (trx) => {
    const reset = await trx
      .selectFrom('password_resets')
      .select(['id', 'user_id'])
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .forUpdate()
      .executeTakeFirst();
    if (!reset) throw invalid({ token: ['errors.reset_token_invalid'] }, 'errors.reset_token_invalid');
    const updated = await trx
      .updateTable('users')
      .set({ password_hash: await hash(), updated_at: sql<Date>`now()` })
      .where('id', '=', reset.user_id)
      .where('active', '=', true)
      .executeTakeFirst();
    if (!updated.numUpdatedRows) throw invalid({ token: ['errors.reset_user_not_found'] }, 'errors.reset_user_not_found');
    await trx
      .updateTable('password_resets')
      .set({ used_at: sql<Date>`now()` })
      .where('id', '=', reset.id)
      .execute();
    await deleteStaffSessions(trx, reset.user_id);
  });
}
