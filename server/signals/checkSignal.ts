import { recordHistory } from '../applicationCore/history.js';
import type { Db } from '../db/connect.js';
import { inTransaction } from '../db/inTransaction.js';
import { AppError, invalid, notFound } from '../errors.js';

/**
 * A staff user marks a signal of the application checked, with the reason (required: 422 beside it, nothing
 * changed), in the application's history with who and when; a signal already checked is a 409 and keeps its first
 * check. The signal stays, checked, and no longer counts among the application's unchecked ones (migration 0049's
 * trigger, in this transaction).
 */
export async function checkSignal(db: Db, applicationId: number, signalId: number, userId: number, reason: string, now: Date) {
  const why = reason.trim();
  if (!why) throw invalid({ reason: ['validation.required'] });
  await inTransaction(db, async (trx) => {
    const signal = await trx
      .selectFrom('application_signals')
      .select(['id', 'kind', 'checked_at'])
      .where('id', '=', signalId)
      .where('application_id', '=', applicationId)
      .forUpdate()
      .executeTakeFirst();
    if (!signal) throw notFound();
    if (signal.checked_at) throw new AppError(409, 'errors.signal_already_checked');
    await trx
      .updateTable('application_signals')
      .set({ checked_at: now, checked_by: userId, check_reason: why })
      .where('id', '=', signalId)
      .execute();
    await recordHistory(trx, {
      applicationId,
      userId,
      action: 'signal_checked',
      after: { signal_id: signalId, signal: signal.kind, reason: why },
    });
  });
}
