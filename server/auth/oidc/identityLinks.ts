import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

// Linking a provider's identity (issuer and subject) and a personal number's hash to an applicant, never taking either
// from another account.

/** Links the identity to the applicant unless it is linked already (to them or to anyone else); answers whether it is theirs. */
export async function linkApplicantIdentity(db: Db, identity: { issuer: string; subject: string }, frontendUserId: number, now: Date) {
  await db
    .insertInto('oidc_identities')
    .values({ issuer: identity.issuer, subject: identity.subject, frontend_user_id: frontendUserId, last_sign_in_at: now })
    .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
    .execute();
  const linked = await db
    .selectFrom('oidc_identities')
    .select('frontend_user_id')
    .where('issuer', '=', identity.issuer)
    .where('subject', '=', identity.subject)
    .executeTakeFirst();
  return linked?.frontend_user_id === frontendUserId;
}

/**
 * Whether the personal number's hash can be the applicant's: theirs already, or theirs now, set because they had
 * none and no other open account holds it. An account with another person's number is not this person's.
 */
export async function adoptPersonalNumber(db: Db, frontendUserId: number, hash: Buffer): Promise<boolean> {
  const account = await db
    .selectFrom('frontend_users')
    .select('personal_number_hash')
    .where('id', '=', frontendUserId)
    .executeTakeFirstOrThrow();
  if (account.personal_number_hash) return account.personal_number_hash.equals(hash);
  const held = await db
    .selectFrom('frontend_users')
    .select('id')
    .where('personal_number_hash', '=', hash)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  if (held) return false;
  await db
    .updateTable('frontend_users')
    .set({ personal_number_hash: hash, updated_at: sql<Date>`now()` })
    .where('id', '=', frontendUserId)
    .execute();
  return true;
}

/**
 * Spending a login link that confirms an e-ID sign-in's e-mail (`login_links.oidc_pending_id`): links the waiting
 * identity and personal number to the link's applicant, if it is still waiting at `now` and neither belongs to another
 * account, and forgets it.
 */
export async function linkPendingIdentity(db: Db, frontendUserId: number, pendingId: string, now: Date) {
  const pending = await db
    .deleteFrom('oidc_pending')
    .where('id', '=', pendingId)
    .returning(['issuer', 'subject', 'personal_number_hash', 'expires_at'])
    .executeTakeFirst();
  if (!pending || pending.expires_at <= now) return;
  if (pending.personal_number_hash && !(await adoptPersonalNumber(db, frontendUserId, pending.personal_number_hash))) return;
  await linkApplicantIdentity(db, pending, frontendUserId, now);
}
