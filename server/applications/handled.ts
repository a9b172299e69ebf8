import type { Db } from '../db/connect.js';
import { AppError, notFound } from '../errors.js';
import { enums } from '../../resources/enums.js';
import { recordHistory } from './history.js';

/** The parts of an application that investigations and decisions work from, by uuid (unknown -> 404). */
export async function applicationByUuid(db: Db, uuid: string) {
  const row = await db.selectFrom('applications').select(['id', 'uuid', 'status', 'period_id']).where('uuid', '=', uuid).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Staff handle only what was sent in: a draft is still the applicant's (422, it is the request that cannot be met). */
export function assertSentIn(application: { status: number }) {
  if (application.status === enums.application_status.draft) throw new AppError(422, 'errors.not_sent_in');
}

/** Changes one column of an application and writes the history entry in the same transaction; no change, no entry. */
export async function changeApplication(db: Db, uuid: string, column: 'status' | 'finished', value: number | boolean, staffId: number) {
  await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('applications').select(['id', column]).where('uuid', '=', uuid).forUpdate().executeTakeFirst();
    if (!current) throw notFound();
    const before = (current as Record<string, unknown>)[column];
    if (before === value) return;
    await trx
      .updateTable('applications')
      .set({ [column]: value, updated_at: new Date() })
      .where('id', '=', current.id)
      .execute();
    await recordHistory(trx, {
      applicationId: current.id,
      userId: staffId,
      action: column,
      before: { [column]: before },
      after: { [column]: value },
    });
  });
}
