import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { invalid } from '../errors.js';
import { hashToken } from '../tokens.js';

// The applicants' accounts and their e-mailed login links: single use, stored as SHA-256.

const applicantColumns = ['id', 'email', 'first_name', 'locale', 'active', 'verified_at'] as const;

/**
 * The applicant with this address (already lower case), whatever case it was registered in. An account its applicant
 * deleted, kept closed for the applications they sent in (server/dataProtection/), is no one's: the address may
 * register anew.
 */
export function applicantByEmail(db: Db, address: string) {
  return db
    .selectFrom('frontend_users')
    .select(applicantColumns)
    .where(sql`lower(email)`, '=', address)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Registers an applicant, now or at `created_at` (the demo's registered in the past); undefined when the address was
 * registered meanwhile. An e-ID sign-in registers with the address its provider verified and the number's hash.
 */
export function registerApplicant(
  db: Db,
  applicant: {
    email: string;
    first_name: string | null;
    last_name: string | null;
    locale: string;
    created_at?: Date;
    verified_at?: Date;
    personal_number_hash?: Buffer | null;
  },
) {
  return db
    .insertInto('frontend_users')
    .values(applicant)
    .onConflict((oc) =>
      oc
        .expression(sql`lower(email)`)
        .where('closed_at', 'is', null)
        .doNothing(),
    )
    .returning(applicantColumns)
    .executeTakeFirst();
}

/** How long a link works: so many days, or through a day ('YYYY-MM-DD') to its end in Stockholm. */
export type LinkValidity = number | { through: string };

/**
 * Stores a new link's token (as its hash), valid as `valid` says. The applicant's other links keep working as their
 * own mails promised (a decision mail's for its days, a follow-up's through its due date): each is spent once.
 */
export async function storeLoginLink(db: Db, frontendUserId: number, token: string, valid: LinkValidity) {
  await db
    .insertInto('login_links')
    .values({
      frontend_user_id: frontendUserId,
      token_hash: hashToken(token),
      expires_at:
        typeof valid === 'number'
          ? sql<Date>`now() + make_interval(days => ${valid})`
          : sql<Date>`(${valid.through}::date + 1)::timestamp at time zone 'Europe/Stockholm'`,
    })
    .execute();
}

/**
 * Spends a link once and verifies its applicant's e-mail; an unknown, used or expired link (at `now`, the app's
 * clock), or an inactive applicant, is a 422. It signs in and nothing more: an e-ID is linked only by the owner's
 * confirmation (server/auth/oidc/linkRequests.ts).
 */
export function spendLoginLink(db: Db, token: string, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const link = await trx
      .updateTable('login_links')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('frontend_user_id')
      .executeTakeFirst();
    const user =
      link && (await trx.selectFrom('frontend_users').select(['id', 'active']).where('id', '=', link.frontend_user_id).executeTakeFirst());
    if (!link || !user?.active) throw invalid({ token: ['errors.login_link_invalid'] }, 'errors.login_link_invalid');
    await trx
      .updateTable('frontend_users')
      .set({ verified_at: sql<Date>`coalesce(verified_at, now())`, updated_at: sql<Date>`now()` })
      .where('id', '=', user.id)
      .execute();
    return user.id;
  });
}
