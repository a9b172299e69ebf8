import { enums } from '../../resources/enums.js';
import { recordHistory } from '../applicationCore/history.js';
import { bookPayoutReturned } from '../bookkeeping/journal.js';
import { stockholmDay } from '../clock.js';
import type { Db } from '../db/connect.js';
import { AppError, invalid, notFound } from '../errors.js';
import { endPayoutIn } from './endPayout.js';
import type { PayoutMailDeps } from './grantMails.js';
import { approverRelation } from './payoutAbilities.js';
import { takeBackRepayments } from './repayments.js';

// A payout returned: by the bank's word (its debit notification, or its status report refusing the payment), or marked
// by hand for a bank that sends no files — then asked by one person with the bank's reference and carried out by
// another, as a payout is attested by two. Whichever way, one function ends it.

const { sent, paid } = enums.payout_status;
/** What a person may mark returned by hand: a payout gone to the bank. */
const returnable = [sent, paid];

/**
 * Ends the payout returned, in the caller's transaction: the reason mailed to the applicant (who may ask again), the
 * bank's reference kept, the return booked when the books hold it paid, and what the applicant was asked to pay back
 * beyond what is now paid taken back. 409 `errors.payout_not_returnable` from a status it may not be returned from
 * (`from`, when given, narrows them).
 */
export async function returnPayoutIn(
  trx: Db,
  deps: PayoutMailDeps,
  payoutId: number,
  how: { reason: string; bankReference: string; from?: readonly number[]; staffId: number; now: Date; recorded?: Record<string, unknown> },
) {
  const applicationId = await endPayoutIn(trx, deps, payoutId, how.reason, how.staffId, {
    transition: 'payout_returned',
    from: how.from,
    columns: (return_reason) => ({
      returned_at: how.now,
      return_reason,
      bank_reference: how.bankReference,
      return_asked_by: null,
      return_asked_at: null,
      return_asked_reason: null,
      return_asked_bank_reference: null,
    }),
    conflict: 'errors.payout_not_returnable',
    book: (t) => bookPayoutReturned(t, payoutId, stockholmDay(how.now), how.staffId),
    recorded: { bank_reference: how.bankReference, ...how.recorded },
  });
  await takeBackRepayments(trx, deps, applicationId, how.staffId, how.now, how.reason);
}

/**
 * Asks that a payout gone to the bank be marked returned, with the reason told to the applicant and the bank's
 * reference of the return: nothing changes until another person approves (409 when one is asked already, or the payout
 * is not sent or paid).
 */
export async function askReturn(db: Db, payoutId: number, input: { reason: string; bank_reference: string }, staffId: number, now: Date) {
  const reason = input.reason.trim();
  const bankReference = input.bank_reference.trim();
  if (!reason || !bankReference) {
    throw invalid({
      ...(!reason && { reason: ['validation.required'] }),
      ...(!bankReference && { bank_reference: ['validation.required'] }),
    });
  }
  await db.transaction().execute(async (trx) => {
    const asked = await trx
      .updateTable('payouts')
      .set({ return_asked_by: staffId, return_asked_at: now, return_asked_reason: reason, return_asked_bank_reference: bankReference })
      .where('id', '=', payoutId)
      .where('status', 'in', returnable)
      .where('return_asked_by', 'is', null)
      .returning(['application_id', 'status'])
      .executeTakeFirst();
    if (!asked) await refuse(trx, payoutId);
    await recordHistory(trx, {
      applicationId: asked!.application_id,
      userId: staffId,
      action: 'payout_return_asked',
      after: { payout_id: payoutId, payout_status: asked!.status, reason, bank_reference: bankReference },
    });
  });
}

/**
 * Carries out a return another person asked: never the one who asked, nor an account that one made or gave the approval
 * in the last 90 days (422); 409 when none is asked.
 */
export async function approveReturn(db: Db, deps: PayoutMailDeps, payoutId: number, staffId: number, now: Date) {
  await db.transaction().execute(async (trx) => {
    const payout = await trx
      .selectFrom('payouts')
      .select(['return_asked_by', 'return_asked_reason', 'return_asked_bank_reference'])
      .where('id', '=', payoutId)
      .forUpdate()
      .executeTakeFirst();
    if (!payout) throw notFound();
    if (payout.return_asked_by === null) throw new AppError(409, 'errors.payout_return_not_asked');
    const refused = await approverRelation(trx, staffId, payout.return_asked_by, now);
    if (refused) throw new AppError(422, refused === 'errors.payout_same_attester' ? 'errors.payout_return_same_person' : refused);
    await returnPayoutIn(trx, deps, payoutId, {
      reason: payout.return_asked_reason!,
      bankReference: payout.return_asked_bank_reference!,
      from: returnable,
      staffId,
      now,
      recorded: { asked_by: payout.return_asked_by },
    });
  });
  deps.mailer.deliverSoon();
}

/** Withdraws the return asked (by the one who asked, or declined by another): the payout stays as it was. 409 when none. */
export async function withdrawReturn(db: Db, payoutId: number, staffId: number) {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('payouts')
      .select(['application_id', 'status', 'return_asked_by', 'return_asked_reason'])
      .where('id', '=', payoutId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    if (before.return_asked_by === null) throw new AppError(409, 'errors.payout_return_not_asked');
    await trx
      .updateTable('payouts')
      .set({ return_asked_by: null, return_asked_at: null, return_asked_reason: null, return_asked_bank_reference: null })
      .where('id', '=', payoutId)
      .execute();
    await recordHistory(trx, {
      applicationId: before.application_id,
      userId: staffId,
      action: 'payout_return_withdrawn',
      before: { payout_id: payoutId, payout_status: before.status, asked_by: before.return_asked_by, reason: before.return_asked_reason },
    });
  });
}

async function refuse(trx: Db, payoutId: number): Promise<never> {
  const row = await trx.selectFrom('payouts').select(['status', 'return_asked_by']).where('id', '=', payoutId).executeTakeFirst();
  if (!row) throw notFound();
  throw new AppError(409, row.return_asked_by !== null ? 'errors.payout_return_asked_already' : 'errors.payout_not_returnable');
}
