import { sql } from 'kysely';
import { enums } from '../../resources/enums.js';
import type { Db } from '../db/connect.js';
import { AppError, notFound } from '../errors.js';
import type { PayoutMailDeps } from './grantMails.js';
import { endPayout } from './endPayout.js';
import { movePayouts, payoutStatusGroups } from './lifecycle.js';
import { approverRelation } from './payoutAbilities.js';

// Attest by two: a staff user who manages payouts prepares the applicant's request (checks it), another who approves
// payouts approves it; the same person never does both (the server says so, and the database's CHECK
// payouts_attested_by_two refuses it whatever the code). Each step is one conditional UPDATE, so of many at once on
// one payout exactly one takes effect; approving also holds the application's row and re-checks that what is
// committed to it stays within the approved amount. Either may reject a request not yet approved, with a reason.

const { prepared } = enums.payout_status;

/** The payout's status as the caller is told why a step cannot be taken: unknown 404, else the step's 409. */
async function refuse(trx: Db, payoutId: number, key: string): Promise<never> {
  const row = await trx.selectFrom('payouts').select('status').where('id', '=', payoutId).executeTakeFirst();
  if (!row) throw notFound();
  throw new AppError(409, key);
}

/** Prepares a requested payout as `staffId`: requested → prepared (409 from any other status). */
export async function preparePayout(db: Db, payoutId: number, staffId: number, now: Date) {
  await db.transaction().execute(async (trx) => {
    const [done] = await movePayouts(trx, 'payout_prepared', {
      ids: [payoutId],
      set: { prepared_by: staffId, prepared_at: now },
      userId: staffId,
    });
    if (!done) return refuse(trx, payoutId, 'errors.payout_not_preparable');
  });
}

/**
 * Approves a prepared payout as `staffId`, who must not be its preparer (422). Under the application's row lock, so
 * that approvals of its payouts take turns: one conditional UPDATE (prepared, and not prepared by this user), then
 * the application's committed payouts, this one with them, checked against the approved amount (422, undone). Of
 * concurrent approvals of one payout the first takes it and the others find it approved: 409.
 */
export async function approvePayout(db: Db, payoutId: number, staffId: number, now: Date) {
  await db.transaction().execute(async (trx) => {
    const payout = await trx
      .selectFrom('payouts')
      .select(['application_id', 'status', 'prepared_by'])
      .where('id', '=', payoutId)
      .executeTakeFirst();
    if (!payout) throw notFound();
    // Two people: not the preparer, nor an account the preparer made or gave the approval in the last 90 days.
    if (payout.status === prepared && payout.prepared_by !== null) {
      const refused = await approverRelation(trx, staffId, payout.prepared_by, now);
      if (refused) throw new AppError(422, refused);
    }
    const application = await trx
      .selectFrom('applications')
      .select('approved_money')
      .where('id', '=', payout.application_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const [done] = await movePayouts(trx, 'payout_approved', {
      ids: [payoutId],
      set: { approved_by: staffId, approved_at: now },
      where: (eb) => eb('prepared_by', '<>', staffId),
      userId: staffId,
    });
    if (!done) return refuse(trx, payoutId, 'errors.payout_not_approvable');
    const { committed } = await trx
      .selectFrom('payouts')
      .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('committed'))
      .where('application_id', '=', payout.application_id)
      .where('status', 'in', payoutStatusGroups.committed)
      .executeTakeFirstOrThrow();
    if (Number(committed) > (application.approved_money ?? 0)) throw new AppError(422, 'errors.payout_exceeds_grant');
  });
}

/**
 * Rejects a payout not yet approved (requested or prepared), with the reason, and tells the applicant, who may ask for
 * the instalment again: the rejected payout is no longer live.
 */
export function rejectPayout(db: Db, deps: PayoutMailDeps, payoutId: number, reason: string, staffId: number, now: Date) {
  return endPayout(db, deps, payoutId, reason, staffId, {
    transition: 'payout_rejected',
    columns: (reject_reason) => ({ rejected_by: staffId, rejected_at: now, reject_reason }),
    conflict: 'errors.payout_not_rejectable',
  });
}
