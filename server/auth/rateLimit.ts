import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { tooManyAttempts } from '../errors.js';

/**
 * Attempts counted in the database (so every app process counts the same), each by scope, e-mail and client address.
 * Limits look at them three ways: per e-mail and address (five failed attempts a minute), per client
 * address across e-mails (one client trying many accounts, or registering many addresses), and per e-mail across
 * addresses (one inbox flooded from many clients).
 */
export type AttemptScope = 'staff' | 'staff-second-factor' | 'applicant' | 'password-reset' | 'reset-token';

export interface AttemptKey {
  scope: AttemptScope;
  email: string;
  ip: string;
}

export interface Limit {
  max: number;
  seconds: number;
}

/** Five failed attempts a minute per scope, e-mail and address. */
const PER_EMAIL_AND_ADDRESS: Limit = { max: 5, seconds: 60 };

const normalise = (key: AttemptKey) => ({ ...key, email: key.email.trim().toLowerCase() });
const messageKey = (scope: AttemptScope) =>
  scope === 'staff' || scope === 'staff-second-factor' || scope === 'applicant' ? undefined : 'errors.too_many_requests';

/**
 * Throws 429 (with the seconds until the oldest counted attempt leaves the window) when the attempts matching `by`
 * within the limit's window have reached its maximum.
 */
async function assertUnder(db: Db, scope: AttemptScope, by: { email?: string; ip?: string }, limit: Limit): Promise<void> {
  let query = db
    .selectFrom('login_attempts')
    .select(sql<number>`ceil(extract(epoch from (attempted_at + make_interval(secs => ${limit.seconds}) - now())))`.as('retry'))
    .where('scope', '=', scope)
    .where('attempted_at', '>', sql<Date>`now() - make_interval(secs => ${limit.seconds})`);
  if (by.email !== undefined) query = query.where('email', '=', by.email);
  if (by.ip !== undefined) query = query.where('ip', '=', by.ip);
  const row = await query
    .orderBy('attempted_at', 'desc')
    .offset(limit.max - 1)
    .limit(1)
    .executeTakeFirst();
  if (row) throw tooManyAttempts(Math.max(1, Number(row.retry)), messageKey(scope));
}

/**
 * Throws 429 when the e-mail and address have failed five times this minute, or, with `perAddress` and `perEmail`,
 * when the client address (across e-mails) or the e-mail (across addresses) has reached those limits.
 */
export async function assertNotLimited(db: Db, key: AttemptKey, wider: { perAddress?: Limit; perEmail?: Limit } = {}): Promise<void> {
  const { scope, email, ip } = normalise(key);
  await assertUnder(db, scope, { email, ip }, PER_EMAIL_AND_ADDRESS);
  if (wider.perAddress) await assertUnder(db, scope, { ip }, wider.perAddress);
  if (wider.perEmail) await assertUnder(db, scope, { email }, wider.perEmail);
}

/** Throws 429 when the client address has reached the limit in this scope, whatever the e-mails. */
export async function assertAddressNotLimited(db: Db, scope: AttemptScope, ip: string, limit: Limit): Promise<void> {
  await assertUnder(db, scope, { ip }, limit);
}

export async function recordFailure(db: Db, key: AttemptKey): Promise<void> {
  await db.insertInto('login_attempts').values(normalise(key)).execute();
}

export async function clearFailures(db: Db, key: AttemptKey): Promise<void> {
  const { scope, email, ip } = normalise(key);
  await db.deleteFrom('login_attempts').where('scope', '=', scope).where('email', '=', email).where('ip', '=', ip).execute();
}

/** An hour's limit of so many. */
export const perHour = (max: number): Limit => ({ max, seconds: 3600 });

/**
 * Failed sign-ins to one account from every client address together: so many in the window, then each further try
 * waits a delay that doubles with every failure beyond (from FIRST_DELAY_SECONDS), never longer than the window. Tries
 * during the delay are refused unchecked and not counted, so the delay always ends: nobody can lock a colleague out
 * for good, and nobody guesses faster than the delays allow.
 */
export const ACCOUNT_LIMIT: Limit = { max: 10, seconds: 15 * 60 };
const FIRST_DELAY_SECONDS = 30;

/** Throws 429 (errors.account_delayed, with the seconds left) while the account waits out its delay in this scope. */
export async function assertAccountNotDelayed(db: Db, scope: AttemptScope, email: string, limit: Limit = ACCOUNT_LIMIT): Promise<void> {
  const row = await db
    .selectFrom('login_attempts')
    .select(
      sql<number>`ceil(extract(epoch from (max(attempted_at) + make_interval(secs => least(${limit.seconds},
        ${FIRST_DELAY_SECONDS} * power(2, count(*) - ${limit.max}))) - now())))`.as('retry'),
    )
    .where('scope', '=', scope)
    .where('email', '=', email.trim().toLowerCase())
    .where('attempted_at', '>', sql<Date>`now() - make_interval(secs => ${limit.seconds})`)
    .having(sql<number>`count(*)`, '>=', limit.max)
    .executeTakeFirst();
  if (row && Number(row.retry) > 0) throw tooManyAttempts(Number(row.retry), 'errors.account_delayed');
}

/** Whether the account's failures in this scope, from every address, have just reached the limit (counted after one). */
export async function reachedAccountLimit(db: Db, scope: AttemptScope, email: string, limit: Limit = ACCOUNT_LIMIT): Promise<boolean> {
  const { count } = await db
    .selectFrom('login_attempts')
    .select(sql<string>`count(*)`.as('count'))
    .where('scope', '=', scope)
    .where('email', '=', email.trim().toLowerCase())
    .where('attempted_at', '>', sql<Date>`now() - make_interval(secs => ${limit.seconds})`)
    .executeTakeFirstOrThrow();
  return Number(count) >= limit.max;
}
