import type { Updateable } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { AppError, invalid, notFound } from '../errors.js';
import { mailPayoutOutcome, type PayoutMailDeps } from './grantMails.js';
import { movePayouts } from './lifecycle.js';

/** How a payout ends: rejected by staff before it is approved, or returned by the bank once sent. */
export interface PayoutEnd {
  transition: 'payout_rejected' | 'payout_returned';
  /** Fewer statuses than the transition's own it may end from; from any other a 409 with `conflict`. */
  from?: readonly number[];
  columns: (reason: string) => Omit<Updateable<Database['payouts']>, 'status'>;
  conflict: string;
  /** Books the end, in its transaction, when it moves money (a return). */
  book?: (trx: Db) => Promise<void>;
  /** What else the history entry says of it (the bank's reference, its message). */
  recorded?: Record<string, unknown>;
}

/**
 * Ends a live payout with the reason given (required), in the history and mailed to the applicant, who may then ask
 * for the instalment again: the payout is no longer live. One conditional UPDATE, so two at once end it once.
 */
export async function endPayout(db: Db, deps: PayoutMailDeps, payoutId: number, typedReason: string, staffId: number, end: PayoutEnd) {
  await db.transaction().execute((trx) => endPayoutIn(trx, deps, payoutId, typedReason, staffId, end));
  deps.mailer.deliverSoon();
}

/** `endPayout` in the caller's transaction (the bank's answer ends many at once); the caller delivers the mails. */
export async function endPayoutIn(trx: Db, deps: PayoutMailDeps, payoutId: number, typedReason: string, staffId: number, end: PayoutEnd) {
  const reason = typedReason.trim();
  if (!reason) throw invalid({ reason: ['validation.required'] });
  const [done] = await movePayouts(trx, end.transition, {
    ids: [payoutId],
    from: end.from,
    set: end.columns(reason),
    userId: staffId,
    after: { reason, ...end.recorded },
  });
  if (!done) {
    const known = await trx.selectFrom('payouts').select('id').where('id', '=', payoutId).executeTakeFirst();
    throw known ? new AppError(409, end.conflict) : notFound();
  }
  await end.book?.(trx);
  await mailPayoutOutcome(trx, deps, payoutId, end.transition, { reason });
  return done.application_id;
}
