import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { AppError } from '../../errors.js';
import { applicantByEmail, registerApplicant } from '../loginLinks.js';
import type { AuthKeys } from '../secrets.js';
import { hashToken, newToken } from '../../tokens.js';
import { adoptPersonalNumber, linkEid, type EidNotice } from './identityLinks.js';
import type { OidcClaims } from './relyingParty.js';

/** How long an e-ID sign-in waits for an e-mail address, and then for that account's owner to confirm the link. */
export const PENDING_MINUTES = 30;

/** What an applicant's e-ID sign-in comes to: signed in, or an identity waiting for an e-mail address. */
export type ApplicantSignIn =
  { kind: 'signed_in'; applicantId: number } | { kind: 'needs_email'; token: string; first_name: string | null; last_name: string | null };

/** Names from a broker, as the portal keeps names (at most 100 characters). */
const name = (value: string | null) => value?.slice(0, 100) ?? null;

function usable(account: { active: boolean }) {
  if (!account.active) throw new AppError(403, 'errors.user_disabled');
}

/**
 * Finds the applicant an e-ID sign-in is, in one transaction, by what is most certain first: the identity linked
 * before (issuer and subject); the personal number (its keyed hash) of an open account, then linking the identity;
 * an e-mail the provider verified, linking the identity to that account or to a new one with the provider's names.
 * Each link is on the account's history and mailed to its owner (server/auth/oidc/identityLinks.ts), and none puts a
 * second person's e-ID on an account. Without a verified e-mail nothing is linked: the identity waits (`oidc_pending`,
 * its token's hash, 30 minutes) for an address, whose account's owner then confirms or declines the link
 * (linkRequests.ts). The personal number is never stored but as its hash, and a hash or identity another account holds
 * is never moved.
 */
export async function signInApplicant(
  db: Db,
  keys: Pick<AuthKeys, 'personalNumberHash'>,
  notice: EidNotice,
  claims: OidcClaims,
  { locale, now }: { locale: string; now: Date },
): Promise<ApplicantSignIn> {
  const identity = { issuer: claims.issuer, subject: claims.subject };
  const hash = claims.personal_number ? keys.personalNumberHash(claims.personal_number) : null;
  const eid = { ...identity, personal_number_hash: hash, first_name: name(claims.given_name), last_name: name(claims.family_name) };
  const outcome = await db.transaction().execute(async (trx) => {
    const signedIn = async (account: { id: number }) => {
      await trx
        .updateTable('oidc_identities')
        .set({ last_sign_in_at: now })
        .where('issuer', '=', identity.issuer)
        .where('subject', '=', identity.subject)
        .execute();
      return { kind: 'signed_in' as const, applicantId: account.id };
    };
    /** Links the e-ID to the account and signs in; `refusal` is the message when the account has another person's e-ID. */
    const linkedTo = async (account: { id: number; active: boolean }, refusal: string) => {
      usable(account);
      const linked = await linkEid(trx, notice, account.id, eid, now);
      if (linked === 'other_person') throw new AppError(409, refusal);
      // Linked elsewhere by another request at this moment: a sign-in again finds it.
      if (linked === 'taken') throw new AppError(422, 'errors.oidc.failed');
      return signedIn(account);
    };

    const linked = await trx
      .selectFrom('oidc_identities as i')
      .innerJoin('frontend_users as f', 'f.id', 'i.frontend_user_id')
      .select(['f.id', 'f.active'])
      .where('i.issuer', '=', identity.issuer)
      .where('i.subject', '=', identity.subject)
      .where('f.closed_at', 'is', null)
      .executeTakeFirst();
    if (linked) {
      usable(linked);
      // A provider that gives the number now, and did not when the identity was linked.
      if (hash) await adoptPersonalNumber(trx, linked.id, hash);
      return signedIn(linked);
    }

    if (hash) {
      const byNumber = await trx
        .selectFrom('frontend_users')
        .select(['id', 'active'])
        .where('personal_number_hash', '=', hash)
        .where('closed_at', 'is', null)
        .executeTakeFirst();
      // Another identity of the same person (a new subject at the broker): the same number shows it is theirs.
      if (byNumber) return linkedTo(byNumber, 'errors.oidc.failed');
    }

    if (claims.email_verified === true && claims.email) {
      const byEmail = await applicantByEmail(trx, claims.email);
      if (byEmail) {
        usable(byEmail);
        await trx
          .updateTable('frontend_users')
          .set({ verified_at: sql<Date>`coalesce(verified_at, now())`, updated_at: sql<Date>`now()` })
          .where('id', '=', byEmail.id)
          .execute();
        // The address's account is someone else's whose e-ID is another person's (a shared mailbox): not theirs.
        return linkedTo(byEmail, 'errors.oidc.other_person');
      }
      const registered = await registerApplicant(trx, {
        email: claims.email,
        first_name: eid.first_name,
        last_name: eid.last_name,
        locale,
        verified_at: now,
      });
      // Registered by another request at this moment: a sign-in again finds it.
      if (!registered) throw new AppError(422, 'errors.oidc.failed');
      return linkedTo(registered, 'errors.oidc.failed');
    }

    const token = newToken();
    await trx
      .insertInto('oidc_pending')
      .values({
        token_hash: hashToken(token),
        ...eid,
        expires_at: new Date(now.getTime() + PENDING_MINUTES * 60_000),
        created_at: now,
      })
      .execute();
    return { kind: 'needs_email' as const, token, first_name: eid.first_name, last_name: eid.last_name };
  });
  // The link's mail, queued in the transaction, goes once it has committed.
  if (outcome.kind === 'signed_in') notice.mailer.deliverSoon();
  return outcome;
}

/** The e-ID identity waiting for an e-mail address, by its cookie's token, while it waits at `now` and none was given. */
export function pendingIdentity(db: Db, token: string, now: Date) {
  return db
    .selectFrom('oidc_pending')
    .select(['id', 'first_name', 'last_name', 'created_at', 'expires_at'])
    .where('token_hash', '=', hashToken(token))
    .where('frontend_user_id', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}
