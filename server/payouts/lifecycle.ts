import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Updateable } from 'kysely';
import { enums } from '../../resources/enums.js';
import type { HistoryAction } from '../../resources/history.js';
import { recordHistories } from '../applicationCore/history.js';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';

// A payout's life, in one place: which statuses belong together, which changes of status there are, and the one
// statement every change goes through. A change is one conditional UPDATE of the payouts still in a status it may
// leave, so of two at once on one payout exactly one takes effect; each payout it moved is in its application's history.

type PayoutStatus = (typeof enums.payout_status)[keyof typeof enums.payout_status];
const { requested, prepared, approved, in_batch, sent, paid, rejected, returned } = enums.payout_status;
/** Statuses as the rules compare them with a payout's (a number). */
const statuses = (...list: PayoutStatus[]): readonly number[] => list;

/** The statuses in the groups the rules speak of, each group named once. */
export const payoutStatusGroups = {
  /** Asked for and not yet attested: staff may still reject it, the applicant still change its receipts. */
  awaitingAttest: statuses(requested, prepared),
  /** Attested or further: money on its way or gone, which in sum never exceeds the approved amount. */
  committed: statuses(approved, in_batch, sent, paid),
  /** In a payment file the bank has or may have: the bank's word acts on it. */
  atBank: statuses(in_batch, sent),
  /** Neither paid nor ended: waiting for its money. */
  waiting: statuses(requested, prepared, approved, in_batch, sent),
  /** Ended: the instalment may be asked for again. */
  dead: statuses(rejected, returned),
} satisfies Record<string, readonly number[]>;

/** Every change of a payout's status, named by the history action that records it: from which statuses, to which. */
export const payoutTransitions = {
  /** The first of the two attesters checked the request. */
  payout_prepared: { from: statuses(requested), to: prepared },
  /** The second attester approved it. */
  payout_approved: { from: statuses(prepared), to: approved },
  /** Staff refused a request not yet approved, with the reason. */
  payout_rejected: { from: statuses(requested, prepared), to: rejected },
  /** Gathered into a payment file. */
  payout_batched: { from: statuses(approved), to: in_batch },
  /** Its file was cancelled before it was sent, or the bank refused the whole file: to be gathered anew. */
  payout_unbatched: { from: statuses(in_batch, sent), to: approved },
  /** Its file went to the bank. */
  payout_sent: { from: statuses(in_batch), to: sent },
  /** The bank paid it. */
  payout_paid: { from: statuses(sent), to: paid },
  /** The bank refused or returned it (its word, or marked by two people for a bank that sends no files). */
  payout_returned: { from: statuses(in_batch, sent, paid), to: returned },
} satisfies Record<string, { from: readonly number[]; to: number }>;

export type PayoutTransition = keyof typeof payoutTransitions & HistoryAction;

/** Whether the lifecycle has a change from one status to the other. */
export const mayMove = (from: number, to: number) => Object.values(payoutTransitions).some((t) => t.to === to && t.from.includes(from));

export interface PayoutMove {
  /** The payouts it is asked of: these, or a batch's, or these of a batch. */
  ids?: readonly number[];
  batchId?: number;
  /** Fewer statuses than the transition's own to move from (a person marks returned only what was sent or paid). */
  from?: readonly number[];
  /** Set with the status: who, when, why. */
  set?: Omit<Updateable<Database['payouts']>, 'status'>;
  /** A further condition on the payout (an approver who is not its preparer). */
  where?: (eb: ExpressionBuilder<Database, 'payouts'>) => Expression<SqlBool>;
  /** The staff user who moves it; null when the system does. */
  userId: number | null;
  /** What the history says of each beyond its id and status (the batch, the reason, the bank's reference). */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

export interface MovedPayout {
  id: number;
  application_id: number;
  /** The status it was moved from. */
  status: number;
}

/**
 * Moves the payouts asked of that are in a status the transition leaves (and `from` allows) to its status, each in its
 * application's history; answers those moved, by id. The others are left as they were: the caller says why (a 404,
 * the step's 409), or counts them.
 */
export async function movePayouts(trx: Db, transition: PayoutTransition, move: PayoutMove): Promise<MovedPayout[]> {
  const { from: leaves, to } = payoutTransitions[transition];
  const from = (move.from ?? leaves).filter((status) => leaves.includes(status));
  if ((move.ids && !move.ids.length) || !from.length || (move.ids === undefined && move.batchId === undefined)) return [];
  // Locked in the order of their ids, as every change of many payouts locks them: two at once wait, never deadlock.
  const moved = await trx
    .with('old', (db) =>
      db
        .selectFrom('payouts')
        .select(['id', 'status'])
        .$if(move.ids !== undefined, (q) => q.where('id', 'in', move.ids!))
        .$if(move.batchId !== undefined, (q) => q.where('batch_id', '=', move.batchId!))
        .where('status', 'in', from)
        .$if(move.where !== undefined, (q) => q.where(move.where!))
        .orderBy('id')
        .forUpdate(),
    )
    .updateTable('payouts')
    .from('old')
    .set({ ...move.set, status: to })
    .whereRef('payouts.id', '=', 'old.id')
    .returning(['payouts.id', 'payouts.application_id', sql<number>`old.status`.as('status')])
    .execute();
  moved.sort((a, b) => a.id - b.id);
  await recordHistories(
    trx,
    moved.map((payout) => ({
      applicationId: payout.application_id,
      userId: move.userId,
      action: transition,
      before: { payout_id: payout.id, payout_status: payout.status, ...move.before },
      after: { payout_id: payout.id, payout_status: to, ...move.after },
    })),
  );
  return moved;
}
