import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { AppError } from '../../errors.js';
import { applicantByEmail, registerApplicant } from '../loginLinks.js';
import type { AuthKeys } from '../secrets.js';
import { hashToken, newToken } from '../tokens.js';
import { adoptPersonalNumber, linkApplicantIdentity } from './identityLinks.js';
import type { OidcClaims } from './relyingParty.js';

/** How long an e-ID sign-in waits for the e-mail that its login link confirms. */
const PENDING_MINUTES = 30;

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
 * Without a verified e-mail the identity waits (`oidc_pending`, its token's hash, 30 minutes) for the person to give
 * an address and confirm it by a login link. The personal number is never stored but as its hash, and a hash or
 * identity another account holds is never moved.
 */
export function signInApplicant(
  db: Db,
  keys: Pick<AuthKeys, 'personalNumberHash'>,
  claims: OidcClaims,
  { locale, now }: { locale: string; now: Date },
): Promise<ApplicantSignIn> {
  const identity = { issuer: claims.issuer, subject: claims.subject };
  const hash = claims.personal_number ? keys.personalNumberHash(claims.personal_number) : null;
  return db.transaction().execute(async (trx) => {
    const signedIn = async (account: { id: number; active: boolean }) => {
      usable(account);
      if (!(await linkApplicantIdentity(trx, identity, account.id, now))) throw new AppError(422, 'errors.oidc.failed');
      await trx
        .updateTable('oidc_identities')
        .set({ last_sign_in_at: now })
        .where('issuer', '=', identity.issuer)
        .where('subject', '=', identity.subject)
        .execute();
      return { kind: 'signed_in' as const, applicantId: account.id };
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
      if (byNumber) return signedIn(byNumber);
    }

    if (claims.email_verified === true && claims.email) {
      const byEmail = await applicantByEmail(trx, claims.email);
      if (byEmail) {
        usable(byEmail);
        // The address's account is someone else's whose e-ID gave another number (a shared mailbox): not theirs.
        if (hash && !(await adoptPersonalNumber(trx, byEmail.id, hash))) throw new AppError(409, 'errors.oidc.other_person');
        await trx
          .updateTable('frontend_users')
          .set({ verified_at: sql<Date>`coalesce(verified_at, now())`, updated_at: sql<Date>`now()` })
          .where('id', '=', byEmail.id)
          .execute();
        return signedIn(byEmail);
      }
      const registered = await registerApplicant(trx, {
        email: claims.email,
        first_name: name(claims.given_name),
        last_name: name(claims.family_name),
        locale,
        verified_at: now,
        personal_number_hash: hash,
      });
      // Registered by another request at this moment: a sign-in again finds it.
      if (!registered) throw new AppError(422, 'errors.oidc.failed');
      return signedIn(registered);
    }

    const token = newToken();
    await trx
      .insertInto('oidc_pending')
      .values({
        token_hash: hashToken(token),
        ...identity,
        personal_number_hash: hash,
        first_name: name(claims.given_name),
        last_name: name(claims.family_name),
        expires_at: new Date(now.getTime() + PENDING_MINUTES * 60_000),
      })
      .execute();
    return { kind: 'needs_email' as const, token, first_name: name(claims.given_name), last_name: name(claims.family_name) };
  });
}

/** The e-ID identity waiting for an e-mail address, by its cookie's token, while it waits at `now`. */
export function pendingIdentity(db: Db, token: string, now: Date) {
  return db
    .selectFrom('oidc_pending')
    .select(['id', 'first_name', 'last_name'])
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now)
    .executeTakeFirst();
}
