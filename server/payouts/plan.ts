import { enums } from '../../resources/enums.js';
import { formatMoney } from '../../resources/format.js';
import type { Locale } from '../../resources/locales.js';
import { recordHistory } from '../applicationCore/history.js';
import { bookingDay, bookLapses } from '../bookkeeping/journal.js';
import type { Db } from '../db/connect.js';
import { AppError, invalid, notFound, type Message } from '../errors.js';
import { deadlineFacts, payoutDeadline } from './deadline.js';
import { payoutStatusGroups } from './lifecycle.js';

// The payout plan: the grant's instalments, parts of the approved amount that always add up to it. An instalment
// whose payout is live (asked for, attested, paid) is fixed; the rest follow the decision and staff's changes.

const { approved } = enums.application_status;

export interface PlannedInstalment {
  id: number;
  position: number;
  amount: number;
  due: number;
  lapsed_at: Date | null;
  /** The status of its live payout; null when none is live. */
  payout_status: number | null;
  /** Any payout was ever asked for it (a rejected or returned one too): it stays in the plan. */
  has_payouts: boolean;
}

/** The grant's instalments in order, each with its live payout's status. */
export async function instalmentsOf(db: Db, applicationId: number): Promise<PlannedInstalment[]> {
  const rows = await db
    .selectFrom('payout_instalments as i')
    .leftJoin('payouts as o', 'o.instalment_id', 'i.id')
    .select(['i.id', 'i.position', 'i.amount', 'i.due', 'i.lapsed_at', 'o.status'])
    .where('i.application_id', '=', applicationId)
    .orderBy('i.position')
    .orderBy('o.id')
    .execute();
  const byId = new Map<number, PlannedInstalment>();
  for (const row of rows) {
    const instalment = byId.get(row.id) ?? {
      id: row.id,
      position: row.position,
      amount: row.amount,
      due: row.due,
      lapsed_at: row.lapsed_at,
      payout_status: null,
      has_payouts: false,
    };
    if (row.status !== null) {
      instalment.has_payouts = true;
      if (!payoutStatusGroups.dead.includes(row.status)) instalment.payout_status = row.status;
    }
    byId.set(row.id, instalment);
  }
  return [...byId.values()];
}

const isFixed = (instalment: PlannedInstalment) => instalment.payout_status !== null;
const sum = (parts: { amount: number }[]) => parts.reduce((total, part) => total + part.amount, 0);
const shapeOf = (instalments: { amount: number; due: number }[]) => instalments.map(({ amount, due }) => ({ amount, due }));

/** The plan as staff see it: the approved amount, the deadline and the instalments. 404 without a grant. */
export async function planOf(db: Db, applicationId: number) {
  const application = await db
    .selectFrom('applications as a')
    .innerJoin('grants as g', 'g.application_id', 'a.id')
    .leftJoin('frontend_users as f', 'f.id', 'g.accepted_by')
    .select(['a.approved_money', 'g.accepted_at', 'g.signatory_name', 'g.signatory_role', 'g.reminded_at', 'g.accepted_with', 'g.eid_name'])
    .select(['f.first_name as accepted_by_first_name', 'f.last_name as accepted_by_last_name'])
    .where('a.id', '=', applicationId)
    .executeTakeFirst();
  if (!application) throw notFound();
  const facts = (await deadlineFacts(db, applicationId))!;
  const instalments = await instalmentsOf(db, applicationId);
  return {
    approved_money: application.approved_money ?? 0,
    accepted_at: application.accepted_at,
    signatory_name: application.signatory_name,
    signatory_role: application.signatory_role,
    // How the one who accepted had signed in: by e-ID (the name its broker gave) or by an e-mailed link.
    accepted_with: application.accepted_with,
    eid_name: application.eid_name,
    accepted_by: [application.accepted_by_first_name, application.accepted_by_last_name].filter(Boolean).join(' ') || null,
    deadline: payoutDeadline(facts),
    deadline_extended_to: facts.deadline_extended_to,
    deadline_reason: facts.deadline_reason,
    reminded_at: application.reminded_at,
    instalments: instalments.map((instalment) => ({
      id: instalment.id,
      position: instalment.position,
      amount: instalment.amount,
      due: instalment.due,
      lapsed_at: instalment.lapsed_at,
      payout_status: instalment.payout_status,
      fixed: isFixed(instalment),
    })),
  };
}

/**
 * Writes the instalments in this order (positions 1..n), deleting the grant's others, and records the change unless
 * `quiet` (a decision's change of a one-payment plan, which the decision's own entry states).
 */
async function writePlan(
  trx: Db,
  applicationId: number,
  staffId: number | null,
  before: PlannedInstalment[],
  after: { id?: number; amount: number; due: number }[],
  quiet = false,
) {
  if (JSON.stringify(shapeOf(before)) === JSON.stringify(shapeOf(after)) && after.every((part, i) => part.id === before[i]?.id)) return;
  const kept = new Set(after.flatMap((part) => (part.id ? [part.id] : [])));
  const dropped = before.filter((instalment) => !kept.has(instalment.id)).map((instalment) => instalment.id);
  if (dropped.length) await trx.deleteFrom('payout_instalments').where('id', 'in', dropped).execute();
  for (const [index, part] of after.entries()) {
    const values = { position: index + 1, amount: part.amount, due: part.due };
    if (part.id) await trx.updateTable('payout_instalments').set(values).where('id', '=', part.id).execute();
    else
      await trx
        .insertInto('payout_instalments')
        .values({ application_id: applicationId, ...values })
        .execute();
  }
  if (quiet) return;
  await recordHistory(trx, {
    applicationId,
    userId: staffId,
    action: 'payout_plan',
    before: { instalments: shapeOf(before) },
    after: { instalments: shapeOf(after) },
  });
}

/** Holds the application's row, as every change of its money does (a decision, a request, an approval). */
function lockApplication(trx: Db, applicationId: number) {
  return trx
    .selectFrom('applications')
    .select(['id', 'status', 'approved_money'])
    .where('id', '=', applicationId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/**
 * Staff replace the plan: `instalments` in order, each an existing one by its id or a new one. They add up to the
 * approved amount; an instalment with a live payout keeps its amount and due, and one that ever had a payout stays.
 * 422 with the reason beside `instalments`, nothing changed.
 */
export async function setPlan(
  db: Db,
  applicationId: number,
  staffId: number,
  instalments: { id?: number; amount: number; due: number }[],
  locale: Locale,
) {
  await db.transaction().execute(async (trx) => {
    const application = await lockApplication(trx, applicationId);
    const grant = await trx.selectFrom('grants').select('application_id').where('application_id', '=', applicationId).executeTakeFirst();
    if (!grant || application.status !== approved) throw new AppError(404, 'errors.not_found');
    const before = await instalmentsOf(trx, applicationId);
    const byId = new Map(before.map((instalment) => [instalment.id, instalment]));
    const errors: Message[] = [];
    const given = new Set<number>();
    for (const part of instalments) {
      if (part.id === undefined) continue;
      const current = byId.get(part.id);
      if (!current || given.has(part.id)) errors.push({ key: 'validation.payout_plan_unknown_instalment' });
      else if (isFixed(current) && (current.amount !== part.amount || current.due !== part.due)) {
        errors.push({ key: 'validation.payout_plan_fixed', params: { amount: formatMoney(current.amount, locale) } });
      }
      given.add(part.id);
    }
    for (const instalment of before) {
      if (!given.has(instalment.id) && instalment.has_payouts) {
        errors.push({ key: 'validation.payout_plan_fixed', params: { amount: formatMoney(instalment.amount, locale) } });
      }
    }
    const approvedMoney = application.approved_money ?? 0;
    if (sum(instalments) !== approvedMoney) {
      const params = { sum: formatMoney(sum(instalments), locale), approved: formatMoney(approvedMoney, locale) };
      errors.push({ key: 'validation.payout_plan_sum', params });
    }
    if (errors.length) throw invalid({ instalments: [errors[0]] });
    await writePlan(trx, applicationId, staffId, before, instalments);
    // A lapsed instalment's amount changed, or gone, changes what lapsed.
    await bookLapses(trx, applicationId, await bookingDay(trx), staffId);
  });
}

/**
 * The decision's hook, in its transaction, holding the application's row, before `after` is written: an application
 * that becomes approved with an amount gets its grant (one instalment of it all, due at acceptance); a changed amount
 * changes the instalments without a live payout (lowered from the last backwards, raised on the last open one or by
 * a new one at acceptance). Refused (422 beside `field`): an amount below what is asked for or paid, and leaving
 * approval while a payout is live.
 */
export async function keepGrantWithDecision(
  trx: Db,
  applicationId: number,
  after: { status: number; approved_money: number | null },
  staffId: number | null,
  locale: Locale,
  field: 'approved_money' | 'status',
) {
  const grant = await trx
    .selectFrom('grants')
    .select('application_id')
    .where('application_id', '=', applicationId)
    .forUpdate()
    .executeTakeFirst();
  const before = grant ? await instalmentsOf(trx, applicationId) : [];
  const fixed = before.filter(isFixed);
  if (after.status !== approved) {
    if (fixed.length) throw new AppError(422, 'errors.unapprove_with_payouts', { errors: { [field]: ['errors.unapprove_with_payouts'] } });
    return;
  }
  const amount = after.approved_money ?? 0;
  if (!grant) {
    if (amount <= 0) return;
    await trx.insertInto('grants').values({ application_id: applicationId }).execute();
    await writePlan(trx, applicationId, staffId, [], [{ amount, due: enums.payout_due.at_acceptance }], true);
    return;
  }
  const held = sum(fixed);
  const refuse = () => {
    const params = { amount: formatMoney(held, locale) };
    const key = 'errors.decision_below_payouts';
    return new AppError(422, key, { params, errors: { [field]: [{ key, params }] } });
  };
  if (amount < held) throw refuse();
  const plan = before.map((instalment) => ({ ...instalment }));
  let change = amount - sum(plan);
  if (change > 0) {
    const open = plan.findLast((instalment) => !isFixed(instalment) && !instalment.lapsed_at);
    if (open) open.amount += change;
    else plan.push({ amount: change, due: enums.payout_due.at_acceptance } as PlannedInstalment);
  }
  for (let index = plan.length - 1; change < 0 && index >= 0; index -= 1) {
    const instalment = plan[index];
    if (isFixed(instalment)) continue;
    const taken = Math.min(instalment.amount, -change);
    instalment.amount -= taken;
    change += taken;
  }
  // An instalment lowered to nothing goes, unless a payout was once asked for it (its record stays with it).
  if (plan.some((instalment) => instalment.amount === 0 && instalment.has_payouts)) throw refuse();
  const next = plan.filter((instalment) => instalment.amount > 0);
  await writePlan(trx, applicationId, staffId, before, next, before.length <= 1 && next.length <= 1);
}
