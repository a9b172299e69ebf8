import type { Updateable } from 'kysely';
import { recordHistory } from '../applications/history.js';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { AppError, invalid, notFound } from '../errors.js';
import { mailPayoutOutcome, type PayoutMailDeps } from './grantMails.js';

/** How a payout ends: rejected by staff before it is approved, or returned by the bank once sent. */
export interface PayoutEnd {
  /** The statuses it may end from; from any other a 409 with `conflict`. */
  from: number[];
  to: number;
  columns: (reason: string) => Updateable<Database['payouts']>;
  action: 'payout_rejected' | 'payout_returned';
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
  const before = await trx.selectFrom('payouts').select('status').where('id', '=', payoutId).forUpdate().executeTakeFirst();
  if (!before) throw notFound();
  const done = await trx
    .updateTable('payouts')
    .set({ ...end.columns(reason), status: end.to })
    .where('id', '=', payoutId)
    .where('status', 'in', end.from)
    .returning('application_id')
    .executeTakeFirst();
  if (!done) throw new AppError(409, end.conflict);
  await end.book?.(trx);
  await recordHistory(trx, {
    applicationId: done.application_id,
    userId: staffId,
    action: end.action,
    before: { payout_id: payoutId, payout_status: before.status },
    after: { payout_id: payoutId, payout_status: end.to, reason, ...end.recorded },
  });
  await mailPayoutOutcome(trx, deps, payoutId, end.action, { reason });
  return done.application_id;
}
