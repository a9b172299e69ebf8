import { sql } from 'kysely';
import { enums } from '../../resources/enums.js';
import { formatDate, formatMoney } from '../../resources/format.js';
import type { Locale } from '../../resources/locales.js';
import type { Db } from '../db/connect.js';
import { AppError, invalid, type FieldErrors } from '../errors.js';
import { bookDecision, bookGrant, bookingDay, bookLapses } from '../bookkeeping/journal.js';
import { keepGrantWithDecision } from '../payouts/plan.js';
import { approvedElsewhere, canApprove, capFigures } from './cap.js';
import { recordHistory } from '../applicationCore/history.js';
import { assertSentIn, changeApplication } from '../applicationCore/staffReach.js';

const { approved } = enums.application_status;

/**
 * The fields a decision sets, as the history records them before and after. Its global goals are its own column:
 * `global_goals` is the applicant's answer, which a decision leaves as it is.
 */
const decisionFields = ['status', 'approved_money', 'approved_fou', 'approved_nok', 'decision_global_goals'] as const;

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

type CapPeriod = { id: number; available_money: number; uses_money_distribution_cap: boolean };

/**
 * The application's period, its row held until commit: every approval in a period takes it, after the application's
 * own row, so approvals in a period are weighed one after another and two at once cannot both fit.
 */
function lockedPeriod(trx: Db, periodId: number): Promise<CapPeriod> {
  return trx
    .selectFrom('periods')
    .select(['id', 'available_money', 'uses_money_distribution_cap'])
    .where('id', '=', periodId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Refuses (422, in the caller's language) an approval of `amount` that the capped period's amount cannot take. */
async function assertFitsCap(trx: Db, period: CapPeriod, applicationId: number, amount: number, locale: Locale, field: string) {
  if (!period.uses_money_distribution_cap) return;
  const { remaining } = await capOf(trx, period, applicationId);
  if (canApprove(amount, remaining)) return;
  const params = { remaining: formatMoney(Math.max(0, remaining), locale), amount: formatMoney(amount, locale) };
  // The decision's amount is being typed beside the figures; elsewhere the amount is the application's earlier one.
  const key = field === 'approved_money' ? 'errors.cap_exceeded' : 'errors.approval_exceeds_cap';
  throw new AppError(422, key, { params, errors: { [field]: [{ key, params }] } });
}

/**
 * A decision a board took at a meeting stands until a later meeting changes it (server/meetings/meetingDecisions.ts):
 * no one person changes its decision, its status or its period (409, naming the meeting's day). The caller holds the
 * application's row.
 */
export async function assertNotBoardDecided(trx: Db, applicationId: number, locale: Locale) {
  const board = await trx
    .selectFrom('applications as a')
    .innerJoin('meetings as m', 'm.id', 'a.decided_meeting_id')
    .select('m.held_on')
    .where('a.id', '=', applicationId)
    .executeTakeFirst();
  if (board) throw new AppError(409, 'errors.decided_by_board', { params: { date: formatDate(board.held_on, locale) } });
}

/**
 * Every way to make an application approved other than its decision (the status selector, a move to another period)
 * keeps what a decision keeps: the application has an approved amount, and in a capped period the amount fits what
 * the period's other approvals leave. The caller holds the application's row.
 */
export async function assertApprovable(trx: Db, applicationId: number, locale: Locale, field: 'status' | 'period_id') {
  const application = await trx
    .selectFrom('applications')
    .select(['period_id', 'approved_money'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const period = await lockedPeriod(trx, application.period_id);
  if (application.approved_money === null) {
    throw new AppError(422, 'errors.approval_needs_amount', { errors: { [field]: ['errors.approval_needs_amount'] } });
  }
  await assertFitsCap(trx, period, applicationId, application.approved_money, locale, field);
}

/** The applicant has been told the decision: its mail was sent, or it was shown to them without one. */
export async function applicantWasTold(trx: Db, applicationId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('applications')
    .select(['distribution_mail_sent_at', 'released_at'])
    .where('id', '=', applicationId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.distribution_mail_sent_at !== null || row.released_at !== null;
}

/**
 * The status selector: any status but draft, and approved only as assertApprovable() allows; the grant follows
 * (keepGrantWithDecision()).
 */
export function changeStatus(db: Db, uuid: string, status: number, staffId: number, locale: Locale) {
  const guard = async (trx: Db, id: number) => {
    await assertNotBoardDecided(trx, id, locale);
    // A decision the applicant was told changes only as the decision section changes it: by two.
    if (await applicantWasTold(trx, id)) throw new AppError(409, 'errors.told_decision_by_two');
    if (status === approved) await assertApprovable(trx, id, locale, 'status');
    const { approved_money } = await trx.selectFrom('applications').select('approved_money').where('id', '=', id).executeTakeFirstOrThrow();
    await keepGrantWithDecision(trx, id, { status, approved_money }, staffId, locale, 'status');
  };
  const book = async (trx: Db, id: number) => bookGrant(trx, id, await bookingDay(trx), staffId);
  return changeApplication(db, uuid, 'status', status, staffId, guard, book);
}

/** The decision as staff see it, and for a capped period what remains of its amount. */
export async function decisionOf(db: Db, applicationId: number) {
  const row = await db
    .selectFrom('applications as a')
    .innerJoin('periods as p', 'p.id', 'a.period_id')
    .leftJoin('meetings as m', 'm.id', 'a.decided_meeting_id')
    .select([
      'm.id as meeting_id',
      'm.held_on',
      'a.id',
      'a.status',
      'a.approved_money',
      'a.approved_fou',
      'a.approved_nok',
      'a.decision_global_goals',
      'a.global_goals',
      'a.decided_at',
      'a.distribution_mail_sent_at',
      'a.released_at',
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
    global_goals: row.decision_global_goals,
    // What the applicant answered, for the decision form to start from before a first approval.
    applicant_global_goals: row.global_goals,
    decided_at: row.decided_at,
    board: row.meeting_id === null ? null : { meeting_id: row.meeting_id, held_on: row.held_on! },
    told: row.distribution_mail_sent_at !== null || row.released_at !== null,
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

/** A board's decision: the meeting it was taken at, dated its day, and for a changed decision what it changes. */
export interface BoardDecision {
  meetingId: number;
  /** The meeting's day (YYYY-MM-DD): the decision's date. */
  heldOn: string;
  changes?: { meetingId: number; reason: string };
}

/**
 * decide() inside the caller's transaction, so several decisions commit together or not at all (a board meeting's):
 * each later one weighs the earlier ones' approvals against the cap. A caller deciding several applications locks
 * all their rows first, then the period, so it takes the locks in the order a single decision does. Without `board`
 * it is one person's decision, refused where a board decided (assertNotBoardDecided()); with it, the meeting's,
 * dated the meeting's day.
 */
export async function decideIn(
  trx: Db,
  applicationId: number,
  staffId: number,
  input: DecisionInput,
  locale: Locale,
  board?: BoardDecision,
  /** A change of a told decision another asked for (server/applications/decisionChanges.ts): who, and why. */
  askedBy?: { name: string; reason: string },
) {
  const id = applicationId;
  // The application's row first, then its period's, as every approval takes them (assertApprovable too), so two
  // never wait on each other; a second approval in the period waits here, then sees this one's.
  const application = await trx
    .selectFrom('applications')
    .select(['id', 'period_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const period = await lockedPeriod(trx, application.period_id);
  const before = await trx.selectFrom('applications').select(decisionFields).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
  assertSentIn(before);
  if (!board) await assertNotBoardDecided(trx, id, locale);

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
    for (const field of ['approved_fou', 'approved_nok'] as const) if (input[field] != null) errors[field] = ['validation.decision_parts'];
  }
  if (Object.keys(errors).length) throw invalid(errors);

  if (approving) await assertFitsCap(trx, period, id, input.approved_money!, locale, 'approved_money');

  const after = {
    status: input.status,
    approved_money: approving ? input.approved_money! : null,
    // The parts of an approval; a capped period's decision has none of its own.
    approved_fou: approving && !capped ? (input.approved_fou ?? null) : null,
    approved_nok: approving && !capped ? (input.approved_nok ?? null) : null,
    // Goals an approval names (left out: kept); a rejection or a capped period's decision names none.
    decision_global_goals:
      approving && !capped
        ? input.global_goals != null
          ? [...input.global_goals].sort((a, b) => a - b)
          : before.decision_global_goals
        : [],
  };
  // The grant and its plan follow the decision; what is asked for or paid stays, so it may refuse.
  const field = before.status === approved && !approving ? 'status' : 'approved_money';
  await keepGrantWithDecision(trx, id, after, staffId, locale, field);
  // A board's decision is dated the meeting's day (its start, Stockholm time), one person's when it is made.
  const decidedAt = board ? sql<Date>`(${board.heldOn}::date)::timestamp at time zone 'Europe/Stockholm'` : sql<Date>`now()`;
  await trx
    .updateTable('applications')
    .set({ ...after, decided_at: decidedAt, decided_meeting_id: board?.meetingId ?? null, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
  // Booked as it now stands: a changed decision corrects its earlier voucher, on the day of the change.
  const today = await bookingDay(trx);
  await bookDecision(trx, id, board?.heldOn ?? today, staffId);
  await bookLapses(trx, id, today, staffId);
  const atMeeting = board && {
    meeting_id: board.meetingId,
    held_on: board.heldOn,
    ...(board.changes && { changes_meeting_id: board.changes.meetingId, reason: board.changes.reason }),
  };
  const asked = askedBy && { asked_by: askedBy.name, reason: askedBy.reason };
  await recordHistory(trx, {
    applicationId: id,
    userId: staffId,
    action: 'decision',
    before: { ...before },
    after: { ...after, ...atMeeting, ...asked },
  });
  return { before: { ...before }, after };
}
