import type { Db } from '../db/connect.js';

/** Failed sign-ins are counted over a minute; a day's worth is kept for anyone looking into an attack. */
const ATTEMPTS_KEPT_HOURS = 24;

/**
 * Deletes what has expired by `now`: sessions, login links and password links (used or not: an expired one is refused
 * either way), staff's sign-ins waiting for a second factor, OpenID Connect sign-ins under way and e-ID identities
 * that waited for an e-mail in vain, and failed sign-in attempts older than a day. Answers how many rows of each went.
 */
export async function sweepExpired(db: Db, now: Date) {
  const deleted = async (query: { executeTakeFirst(): Promise<{ numDeletedRows: bigint }> }) =>
    Number((await query.executeTakeFirst()).numDeletedRows);
  return {
    sessions: await deleted(db.deleteFrom('sessions').where('expires_at', '<=', now)),
    login_links: await deleted(db.deleteFrom('login_links').where('expires_at', '<=', now)),
    password_resets: await deleted(db.deleteFrom('password_resets').where('expires_at', '<=', now)),
    oidc_flows: await deleted(db.deleteFrom('oidc_flows').where('expires_at', '<=', now)),
    oidc_pending: await deleted(db.deleteFrom('oidc_pending').where('expires_at', '<=', now)),
    sign_in_challenges: await deleted(db.deleteFrom('sign_in_challenges').where('expires_at', '<=', now)),
    login_attempts: await deleted(
      db.deleteFrom('login_attempts').where('attempted_at', '<=', new Date(now.getTime() - ATTEMPTS_KEPT_HOURS * 3600_000)),
    ),
  };
}
