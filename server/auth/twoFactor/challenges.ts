import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { hashToken, newToken } from '../../tokens.js';

// A staff sign-in between a right password and the second factor: a token of its own in a cookie, short lived, and
// spent after a few wrong codes, so a password alone gives no session and no endless guessing.

export type ChallengePurpose = 'verify' | 'enrol';

/** How long the second factor may take after the password. */
export const CHALLENGE_SECONDS = 10 * 60;
/** Wrong codes one challenge takes; then the password is asked again. */
export const CHALLENGE_FAILURES = 5;

/** The cookie that carries a challenge from the password to the second factor. */
export const CHALLENGE_COOKIE = 'staff_challenge';

/** HttpOnly, SameSite=Strict (only the admin's own calls carry it), Secure in production, as long as the challenge. */
export function setChallengeCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(CHALLENGE_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'strict', secure, maxAge: CHALLENGE_SECONDS });
}

export function clearChallengeCookie(reply: FastifyReply) {
  reply.clearCookie(CHALLENGE_COOKIE, { path: '/' });
}

/** Starts a challenge for the user, replacing any other of theirs; answers its token, for the cookie. */
export async function createChallenge(db: Db, userId: number, purpose: ChallengePurpose): Promise<string> {
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sign_in_challenges').where('user_id', '=', userId).execute();
    await trx
      .insertInto('sign_in_challenges')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        purpose,
        expires_at: sql<Date>`now() + make_interval(secs => ${CHALLENGE_SECONDS})`,
      })
      .execute();
  });
  return token;
}

/** The live challenge of this token and purpose, with its active user; undefined when expired, spent or unknown. */
export function findChallenge(db: Db, token: string, purpose: ChallengePurpose) {
  return db
    .selectFrom('sign_in_challenges as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'u.id as user_id', 'u.email'])
    .where('c.token_hash', '=', hashToken(token))
    .where('c.purpose', '=', purpose)
    .where('c.expires_at', '>', sql<Date>`now()`)
    .where('c.failures', '<', CHALLENGE_FAILURES)
    .where('u.active', '=', true)
    .executeTakeFirst();
}

/** Counts a wrong code against the challenge; answers whether it is now spent (and deletes it then). */
export async function failChallenge(db: Db, id: string): Promise<boolean> {
  const row = await db
    .updateTable('sign_in_challenges')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', id)
    .returning('failures')
    .executeTakeFirst();
  if (row && row.failures < CHALLENGE_FAILURES) return false;
  await db.deleteFrom('sign_in_challenges').where('id', '=', id).execute();
  return true;
}

/** Spends the challenge on a right code; false when another request spent it (or it ran out) first. */
export async function spendChallenge(db: Db, id: string): Promise<boolean> {
  const spent = await db
    .deleteFrom('sign_in_challenges')
    .where('id', '=', id)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('failures', '<', CHALLENGE_FAILURES)
    .executeTakeFirst();
  return spent.numDeletedRows > 0n;
}
