import { applicationById, sendIn } from '../../applications/drafts.js';
import { sentInColumns } from '../../applications/submit.js';
import type { Db } from '../../db/connect.js';

/**
 * Sends a draft in at `at` as the portal does, stored as checked and with the year's next reference. The portal's
 * check of every rule of the form is left to the demo's test, which runs it on each one sent in.
 */
export async function sendInAsApplicant(trx: Db, applicationId: number, at: Date) {
  const row = await applicationById(trx, applicationId);
  await sendIn(trx, applicationId, row.frontend_user_id!, sentInColumns(row), at);
}
