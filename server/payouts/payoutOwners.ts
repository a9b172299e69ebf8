import type { Db } from '../db/connect.js';

/** Whose payouts are: their applications, and those applications' periods (what a period's ability covers). */
export interface PayoutOwners {
  applications: number[];
  periods: number[];
}

const none = (): PayoutOwners => ({ applications: [], periods: [] });

/**
 * The owners of the payouts asked of (unknown ids are left out), or of a batch's: the one lookup every access check of
 * payouts, batches and the bank's answers makes.
 */
export async function ownersOfPayouts(db: Db, which: { ids: readonly number[] } | { batchId: number }): Promise<PayoutOwners> {
  if ('ids' in which && !which.ids.length) return none();
  const rows = await db
    .selectFrom('payouts as p')
    .innerJoin('applications as a', 'a.id', 'p.application_id')
    .select(['a.id', 'a.period_id'])
    .distinct()
    .$if('ids' in which, (q) => q.where('p.id', 'in', (which as { ids: readonly number[] }).ids))
    .$if('batchId' in which, (q) => q.where('p.batch_id', '=', (which as { batchId: number }).batchId))
    .execute();
  return { applications: rows.map((r) => r.id), periods: [...new Set(rows.map((r) => r.period_id))] };
}

/**
 * The owners of a batch's payouts (none once it is cancelled), or undefined for an unknown batch: its periods as the
 * batch keeps them (migration 0046), as its list reads them too.
 */
export async function ownersOfBatch(db: Db, batchId: number): Promise<PayoutOwners | undefined> {
  const batch = await db.selectFrom('payment_batches').select('period_ids').where('id', '=', batchId).executeTakeFirst();
  return batch && { applications: (await ownersOfPayouts(db, { batchId })).applications, periods: batch.period_ids };
}
