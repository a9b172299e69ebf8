import type { Db } from '../../db/connect.js';
import { AppError } from '../../errors.js';
import { recordApplicantEvent } from '../applicantHistory.js';
import { linkEid, personName, type EidNotice } from './identityLinks.js';

// An e-ID sign-in that gave no verified e-mail asks, through the address given, to be linked to that address's
// account (`oidc_pending.frontend_user_id`). Only the owner, signed in, links it, by confirming on a page that names it;
// declining, or nothing at all, links nothing, and the request ends with the wait (server/auth/expiry.ts).

const expired = () => new AppError(422, 'errors.oidc.link_expired');

/**
 * Binds the waiting e-ID to the account of the address given, once per sign-in: false when it was bound already
 * (another address given with the same sign-in) or has stopped waiting at `now`.
 */
export async function bindToAccount(db: Db, pendingId: string, frontendUserId: number, now: Date): Promise<boolean> {
  const bound = await db
    .updateTable('oidc_pending')
    .set({ frontend_user_id: frontendUserId })
    .where('id', '=', pendingId)
    .where('frontend_user_id', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return bound.numUpdatedRows > 0n;
}

/** The e-IDs waiting for the account's owner to confirm or decline them at `now`, oldest first, with the names they gave. */
export function waitingRequests(db: Db, frontendUserId: number, now: Date) {
  return db
    .selectFrom('oidc_pending')
    .select(['id', 'first_name', 'last_name', 'created_at as requested_at', 'expires_at'])
    .where('frontend_user_id', '=', frontendUserId)
    .where('expires_at', '>', now)
    .orderBy('id')
    .execute();
}

/** The request, taken out of the waiting ones in the caller's transaction; one that is not this account's, or no longer waits, is a 422. */
async function takeRequest(trx: Db, frontendUserId: number, requestId: string, now: Date) {
  const request = await trx
    .deleteFrom('oidc_pending')
    .where('id', '=', requestId)
    .where('frontend_user_id', '=', frontendUserId)
    .where('expires_at', '>', now)
    .returning(['issuer', 'subject', 'personal_number_hash', 'first_name', 'last_name'])
    .executeTakeFirst();
  if (!request) throw expired();
  return request;
}

/**
 * The owner confirms: the e-ID is linked to their account (recorded and mailed) and the request is done. A link the
 * rules refuse (another person's e-ID on the account, or this one another account's) is a 409 that changes nothing:
 * the request still waits, to be declined.
 */
export async function confirmRequest(db: Db, notice: EidNotice, frontendUserId: number, requestId: string, now: Date) {
  await db.transaction().execute(async (trx) => {
    const request = await takeRequest(trx, frontendUserId, requestId, now);
    const outcome = await linkEid(trx, notice, frontendUserId, request, now);
    if (outcome === 'other_person') throw new AppError(409, 'errors.oidc.link_other_person');
    if (outcome === 'taken') throw new AppError(409, 'errors.oidc.link_taken');
  });
  notice.mailer.deliverSoon();
}

/** The owner declines: nothing is linked, the request is done, and the account's history says so. */
export async function declineRequest(db: Db, notice: Pick<EidNotice, 'provider'>, frontendUserId: number, requestId: string, now: Date) {
  await db.transaction().execute(async (trx) => {
    const request = await takeRequest(trx, frontendUserId, requestId, now);
    await recordApplicantEvent(trx, frontendUserId, 'eid_link_declined', {
      provider: notice.provider,
      personName: personName(request),
      at: now,
    });
  });
}
