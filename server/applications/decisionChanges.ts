import { sql } from 'kysely';
import { personName } from '../../resources/users.js';
import type { Locale } from '../../resources/locales.js';
import type { Db } from '../db/connect.js';
import { AppError, invalid, notFound } from '../errors.js';
import { applicantWasTold, assertNotBoardDecided, decideIn, type DecisionInput } from './decisions.js';
import { notifyStaff, type NotificationMail } from '../notifications/notifyStaff.js';
import { recordHistory } from '../applicationCore/history.js';

// One person's decision on an application (by delegation, outside a board meeting), and a change of one the applicant
// has been told, which takes two: one asks for it with the reason, another approves it (then it is the decision) or
// rejects it, or the one who asked withdraws it. A change is checked as a decision is when it is asked for and again
// when it is approved; it is one row of `decision_changes` (migration 0035), settled once, and each step is in the
// application's history.

/**
 * One person's decision on a sent-in application (decideIn() in server/applications/decisions.ts holds its rules);
 * where the applicant has been told it, the change is asked for instead (askDecisionChange()), and the others who
 * manage the application are notified.
 */
export async function decide(
  db: Db,
  applicationId: number,
  staffId: number,
  input: DecisionInput,
  locale: Locale,
  reason: string | undefined,
  mail: NotificationMail,
) {
  await db.transaction().execute(async (trx) => {
    // A board's decision is no one person's to change, told or not: said before any reason is asked for.
    await assertNotBoardDecided(trx, applicationId, locale);
    if (!(await applicantWasTold(trx, applicationId))) return decideIn(trx, applicationId, staffId, input, locale);
    // The others who manage the application hear that a change waits for one of them.
    if (await askDecisionChange(trx, applicationId, staffId, input, locale, reason))
      await notifyStaff(trx, { applicationId, kind: 'decision_change_asked', forOthersThan: staffId }, mail);
  });
}

/**
 * Asks for a change of a told decision: with a reason (422), none open already (409), and checked by making it as a
 * decision is made, then undoing that (a savepoint), so a change that could not be made is refused now, in the
 * caller's language, rather than when another approves it. A change that changes nothing is no change.
 */
async function askDecisionChange(
  trx: Db,
  applicationId: number,
  staffId: number,
  input: DecisionInput,
  locale: Locale,
  given?: string,
): Promise<boolean> {
  const reason = given?.trim() ?? '';
  if (!reason) throw invalid({ reason: ['validation.decision_change_reason'] });
  const open = await openChange(trx, applicationId);
  if (open) throw new AppError(409, 'errors.decision_change_open');
  await sql`SAVEPOINT asking`.execute(trx);
  const { before, after } = await decideIn(trx, applicationId, staffId, input, locale);
  await sql`ROLLBACK TO SAVEPOINT asking`.execute(trx);
  if (JSON.stringify(before) === JSON.stringify(after)) return false;
  await trx
    .insertInto('decision_changes')
    .values({
      application_id: applicationId,
      status: after.status,
      approved_money: after.approved_money,
      approved_fou: after.approved_fou,
      approved_nok: after.approved_nok,
      global_goals: after.decision_global_goals,
      reason,
      asked_by: staffId,
    })
    .execute();
  await recordHistory(trx, { applicationId, userId: staffId, action: 'decision_change_asked', before, after: { ...after, reason } });
  return true;
}

const openChange = (trx: Db, applicationId: number) =>
  trx
    .selectFrom('decision_changes as c')
    .innerJoin('users as u', 'u.id', 'c.asked_by')
    .select([
      'c.id',
      'c.status',
      'c.approved_money',
      'c.approved_fou',
      'c.approved_nok',
      'c.global_goals',
      'c.reason',
      'c.asked_by',
      'c.asked_at',
      'u.first_name',
      'u.last_name',
    ])
    .where('c.application_id', '=', applicationId)
    .where('c.outcome', 'is', null)
    .forUpdate('c')
    .executeTakeFirst();

/** The change of the application's decision waiting for a second person, if any, as staff read it. */
export async function pendingChangeOf(db: Db, applicationId: number) {
  const change = await db
    .selectFrom('decision_changes as c')
    .innerJoin('users as u', 'u.id', 'c.asked_by')
    .select(['c.status', 'c.approved_money', 'c.approved_fou', 'c.approved_nok', 'c.global_goals', 'c.reason', 'c.asked_by', 'c.asked_at'])
    .select(['u.first_name', 'u.last_name'])
    .where('c.application_id', '=', applicationId)
    .where('c.outcome', 'is', null)
    .executeTakeFirst();
  if (!change) return null;
  const { first_name, last_name, asked_by, global_goals, ...rest } = change;
  return { ...rest, global_goals: global_goals ?? [], asked_by: { id: asked_by, name: personName(first_name, last_name) } };
}

/**
 * Settles the application's open change (404 without one): approved by another than the one who asked (403
 * otherwise), it is made the decision, checked again as any decision (the cap, what is paid); rejected by another, or
 * withdrawn by the one who asked, the decision stays. The row, the decision and the history change together.
 */
export async function settleDecisionChange(
  db: Db,
  applicationId: number,
  staffId: number,
  outcome: 'approved' | 'rejected',
  locale: Locale,
) {
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('applications').select('id').where('id', '=', applicationId).forUpdate().execute();
    const change = await openChange(trx, applicationId);
    if (!change) throw notFound();
    const own = change.asked_by === staffId;
    if (outcome === 'approved' && own) throw new AppError(403, 'errors.decision_change_second_person');
    const settled = outcome === 'rejected' && own ? 'withdrawn' : outcome;
    if (settled === 'approved') {
      const input = {
        status: change.status,
        approved_money: change.approved_money,
        approved_fou: change.approved_fou,
        approved_nok: change.approved_nok,
        global_goals: change.global_goals,
      };
      const askedBy = { name: personName(change.first_name, change.last_name), reason: change.reason };
      await decideIn(trx, applicationId, staffId, input, locale, undefined, askedBy);
    } else {
      await recordHistory(trx, {
        applicationId,
        userId: staffId,
        action: `decision_change_${settled}`,
        before: null,
        after: { reason: change.reason },
      });
    }
    await trx
      .updateTable('decision_changes')
      .set({ outcome: settled, settled_by: staffId, settled_at: sql<Date>`now()` })
      .where('id', '=', change.id)
      .execute();
  });
}
