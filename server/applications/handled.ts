import type { Db } from '../db/connect.js';
import { AppError, notFound } from '../errors.js';
import { enums } from '../../resources/enums.js';

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
