import type { Db } from '../db/connect.js';
import { AppError, notFound } from '../errors.js';

/**
 * The meeting's row, held until commit, unless it is decided (409): every change of a meeting and its agenda takes it
 * first, so none slips in beside its decisions.
 */
export async function lockUndecided(trx: Db, meetingId: number) {
  const meeting = await trx
    .selectFrom('meetings')
    .select(['id', 'period_id', 'held_on', 'decided_at', 'chair_id', 'adjuster_id'])
    .where('id', '=', meetingId)
    .forUpdate()
    .executeTakeFirst();
  if (!meeting) throw notFound();
  if (meeting.decided_at) throw new AppError(409, 'errors.meeting_decided');
  return meeting;
}
