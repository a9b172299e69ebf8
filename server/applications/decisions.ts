import { sql } from 'kysely';
import { enums } from '../../resources/enums.js';
import { formatMoney } from '../../resources/format.js';
import type { Locale } from '../../resources/locales.js';
import type { Db } from '../db/connect.js';
import { AppError, invalid, type FieldErrors } from '../errors.js';
import { approvedElsewhere, canApprove, capFigures } from './cap.js';
import { assertSentIn } from './handled.js';
import { recordHistory } from './history.js';

const { approved } = enums.application_status;

/** The fields a decision sets, as the history records them before and after. */
const decisionFields = ['status', 'approved_money', 'approved_fou', 'approved_nok', 'global_goals'] as const;

/** What the period's other approved applications hold, and so what remains of its amount for this one. */
async function capOf(db: Db, period: { id: number; available_money: number }, applicationId: number) {
  const approvals = await db
    .selectFrom('applications')
    .select(['id as application_id', 'approved_money'])
    .where('period_id', '=', period.id)
    .where('status', '=', approved)
    .execute();
  return capFigures(period.available_money, approvedElsewhere(approvals, applicationId));
}

/** The decision as staff see it, and for a capped period what remains of its amount. */
export async function decisionOf(db: Db, applicationId: number) {
  const row = await db
    .selectFrom('applications as a')
    .innerJoin('periods as p', 'p.id', 'a.period_id')
    .select([
      'a.id',
      'a.status',
      'a.approved_money',
      'a.approved_fou',
      'a.approved_nok',
      'a.global_goals',
      'a.decided_at',
      'p.id as period_id',
      'p.available_money',
      'p.uses_money_distribution_cap',
    ])
    .where('a.id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const capped = row.uses_money_distribution_cap;
  return {
    status: row.status,
    approved_money: row.approved_money,
    approved_fou: row.approved_fou,
    approved_nok: row.approved_nok,
    global_goals: row.global_goals,
    decided_at: row.decided_at,
    uses_money_distribution_cap: capped,
    cap: capped ? await capOf(db, { id: row.period_id, available_money: row.available_money }, row.id) : null,
  };
}

export interface DecisionInput {
  status: number;
  approved_money?: number | null;
  approved_fou?: number | null;
  approved_nok?: number | null;
  global_goals?: number[] | null;
}

/**
 * Decides on a sent-in application (SPEC.md §2 decision, §3 period flags): approve with an amount, or reject. In a period that uses the money distribution cap, approvals together
 * may not exceed the period's amount; the check and the update run in one transaction holding the period's row, so
 * two decisions at once cannot both fit. Refusals are 422s with field errors, the amount's in the caller's language.
 */
export async function decide(db: Db, applicationId: number, staffId: number, input: DecisionInput, locale: Locale) {
  const id = applicationId;
  await db.transaction().execute(async (trx) => {
    const application = await trx.selectFrom('applications').select(['id', 'period_id']).where('id', '=', id).executeTakeFirstOrThrow();
    // Held until commit: a second decision in the period waits here, then sees this one's approval.
    const period = await trx
      .selectFrom('periods')
      .select(['id', 'available_money', 'uses_money_distribution_cap'])
      .where('id', '=', application.period_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const before = await trx.selectFrom('applications').select(decisionFields).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    assertSentIn(before);

    const errors: FieldErrors = {};
    const capped = period.uses_money_distribution_cap;
    if (capped) {
      for (const field of ['approved_fou', 'approved_nok', 'global_goals'] as const) {
        if (input[field] != null) errors[field] = ['validation.not_in_capped_decision'];
      }
    }
    const approving = input.status === approved;
    if (approving && input.approved_money == null) errors.approved_money = ['validation.required'];
    // FoU and NOK are parts of the amount granted ("varav"), so together they cannot exceed it.
    else if (approving && !capped && (input.approved_fou ?? 0) + (input.approved_nok ?? 0) > input.approved_money!) {
      for (const field of ['approved_fou', 'approved_nok'] as const)
        if (input[field] != null) errors[field] = ['validation.decision_parts'];
    }
    if (Object.keys(errors).length) throw invalid(errors);

    if (approving && capped) {
      const { remaining } = await capOf(trx, period, id);
      if (!canApprove(input.approved_money!, remaining)) {
        const message = { key: 'errors.cap_exceeded', params: { remaining: formatMoney(Math.max(0, remaining), locale) } };
        throw new AppError(422, message.key, { params: message.params, errors: { approved_money: [message] } });
      }
    }

    const after = {
      status: input.status,
      approved_money: approving ? input.approved_money! : null,
      // The parts of an approval; a capped period's decision has none of its own.
      approved_fou: approving && !capped ? (input.approved_fou ?? null) : null,
      approved_nok: approving && !capped ? (input.approved_nok ?? null) : null,
      global_goals: !capped && input.global_goals != null ? [...input.global_goals].sort((a, b) => a - b) : before.global_goals,
    };
    await trx
      .updateTable('applications')
      .set({ ...after, decided_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    await recordHistory(trx, { applicationId: id, userId: staffId, action: 'decision', before: { ...before }, after });
  });
}
