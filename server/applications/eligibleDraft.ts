import type { EligibilityAnswer } from '../../resources/eligibility.js';
import type { Db } from '../db/connect.js';
import { inTransaction } from '../db/inTransaction.js';
import { latestDraft, startDraft } from './drafts.js';

/**
 * The draft an applicant who passed a type's eligibility check goes on to: their latest draft of the period and type,
 * or a new one, keeping the questions and answers as asked (null where the type asks none). `created` says which.
 */
export function draftAfterCheck(
  db: Db,
  applicantId: number,
  start: { period_id: number; application_type_id: number; applicant_type: number | null },
  answers: EligibilityAnswer[] | null,
  now: Date,
) {
  return inTransaction(db, async (trx) => {
    const existing = await latestDraft(trx, applicantId, start);
    const draft = existing ?? (await startDraft(trx, applicantId, start));
    const row = await trx
      .updateTable('applications')
      .set({ eligibility_answers: answers && JSON.stringify(answers), ...(existing && { updated_at: now }) })
      .where('id', '=', draft.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row, created: !existing };
  });
}
