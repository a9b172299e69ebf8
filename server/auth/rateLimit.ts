import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { tooManyAttempts } from '../errors.js';

/** Five failed attempts a minute per scope, e-mail and address (DESIGN.md §5); counted in the database. */
const MAX_FAILURES = 5;
const WINDOW_SECONDS = 60;

export interface AttemptKey {
  scope: 'staff' | 'applicant' | 'password-reset';
  email: string;
  ip: string;
}

const normalise = (key: AttemptKey) => ({ ...key, email: key.email.trim().toLowerCase() });

/** Throws 429 with the seconds until the oldest counted failure leaves the window. */
export async function assertNotLimited(db: Db, key: AttemptKey): Promise<void> {
  const { scope, email, ip } = normalise(key);
  const row = await db
    .selectFrom('login_attempts')
    .select(sql<number>`ceil(extract(epoch from (attempted_at + make_interval(secs => ${WINDOW_SECONDS}) - now())))`.as('retry'))
    .where('scope', '=', scope)
    .where('email', '=', email)
    .where('ip', '=', ip)
    .where('attempted_at', '>', sql<Date>`now() - make_interval(secs => ${WINDOW_SECONDS})`)
    .orderBy('attempted_at', 'desc')
    .offset(MAX_FAILURES - 1)
    .limit(1)
    .executeTakeFirst();
  if (row) throw tooManyAttempts(Math.max(1, Number(row.retry)), scope === 'password-reset' ? 'errors.too_many_requests' : undefined);
}

export async function recordFailure(db: Db, key: AttemptKey): Promise<void> {
  await db.insertInto('login_attempts').values(normalise(key)).execute();
}

export async function clearFailures(db: Db, key: AttemptKey): Promise<void> {
  const { scope, email, ip } = normalise(key);
  await db.deleteFrom('login_attempts').where('scope', '=', scope).where('email', '=', email).where('ip', '=', ip).execute();
}
