import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums, enumKey } from '../../resources/enums.js';
import { grantedApplication, payoutOf } from '../test/payoutFixtures.js';
import { createStaff, createTestApp, type TestApp } from '../test/testApp.js';
import { mayMove, movePayouts, payoutTransitions, type PayoutTransition } from './lifecycle.js';

// The payout's life as the foundation's routines describe it, drawn by hand: each status and the statuses it may go
// to. The table in lifecycle.ts must allow exactly these, and the database moves a payout exactly by it.
const drawing: Record<string, string[]> = {
  requested: ['prepared', 'rejected'],
  prepared: ['approved', 'rejected'],
  approved: ['in_batch'],
  in_batch: ['approved', 'sent', 'returned'],
  sent: ['approved', 'paid', 'returned'],
  paid: ['returned'],
  rejected: [],
  returned: [],
};
const statusNames = Object.keys(enums.payout_status) as (keyof typeof enums.payout_status)[];

let t: TestApp;
let preparer: number;
let approver: number;

beforeAll(async () => {
  t = await createTestApp();
  preparer = await createStaff(t.db, 'admin', 'preparer@lifecycle.test');
  approver = await createStaff(t.db, 'admin', 'approver@lifecycle.test');
});
afterAll(() => t.close());

/** A payout in `status`, with what a payout in it has (its attesters, its batch, its paid day). */
async function payoutIn(grant: Awaited<ReturnType<typeof grantedApplication>>, position: number, status: number, batchId: number) {
  const { prepared, approved, in_batch, sent, paid, returned } = enums.payout_status;
  const attested = ([approved, in_batch, sent, paid, returned] as number[]).includes(status);
  return payoutOf(t.db, grant, grant.instalments[position], {
    status,
    preparedBy: attested || status === prepared ? preparer : undefined,
    approvedBy: attested ? approver : undefined,
    batchId: ([in_batch, sent, paid, returned] as number[]).includes(status) ? batchId : undefined,
    paidOn: status === paid || status === returned ? '2026-06-10' : undefined,
  });
}

describe('the payout lifecycle', () => {
  it('allows exactly the changes of the drawing, every pair of statuses walked', () => {
    for (const from of statusNames) {
      for (const to of statusNames) {
        const { [from]: a } = enums.payout_status;
        const { [to]: b } = enums.payout_status;
        expect(mayMove(a, b), `${from} -> ${to}`).toBe(drawing[from].includes(to));
      }
    }
  });

  it('moves a payout by each transition from exactly the statuses it leaves, each move in the history', async () => {
    const { id: batchId } = await t.db
      .insertInto('payment_batches')
      .values({ message_id: `LIFE-${randomUUID()}`, execution_date: '2026-06-10', created_by: approver })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const transition of Object.keys(payoutTransitions) as PayoutTransition[]) {
      const { to } = payoutTransitions[transition];
      const grant = await grantedApplication(t.db, { amount: 800_00, instalments: statusNames.map(() => ({ amount: 100_00 })) });
      for (const [position, name] of statusNames.entries()) {
        const status = enums.payout_status[name];
        const payout = await payoutIn(grant, position, status, batchId);
        const may = mayMove(status, to) && payoutTransitions[transition].from.includes(status);
        const moved = await t.db.transaction().execute((trx) =>
          movePayouts(trx, transition, {
            ids: [payout.id],
            // What each move needs beside the status, as its callers set it.
            set: {
              ...(transition === 'payout_batched' && { batch_id: batchId }),
              ...(transition === 'payout_unbatched' && { batch_id: null }),
              ...(transition === 'payout_paid' && { paid_on: '2026-06-11' }),
            },
            userId: approver,
          }),
        );
        const label = `${transition} from ${name}`;
        expect(
          moved.map((m) => m.status),
          label,
        ).toEqual(may ? [status] : []);
        const row = await t.db.selectFrom('payouts').select('status').where('id', '=', payout.id).executeTakeFirstOrThrow();
        expect(enumKey('payout_status', row.status), label).toBe(enumKey('payout_status', may ? to : status));
        const history = (
          await t.db
            .selectFrom('application_history')
            .select(['action', 'before', 'after'])
            .where('application_id', '=', grant.id)
            .execute()
        ).filter((entry) => (entry.after as { payout_id?: number } | null)?.payout_id === payout.id);
        expect(history, label).toEqual(
          may
            ? [
                {
                  action: transition,
                  before: { payout_id: payout.id, payout_status: status },
                  after: { payout_id: payout.id, payout_status: to },
                },
              ]
            : [],
        );
      }
    }
  });

  it('moves a payout once of two moves at once', async () => {
    const grant = await grantedApplication(t.db);
    const payout = await payoutOf(t.db, grant, grant.instalments[0]);
    const prepare = () =>
      t.db.transaction().execute((trx) =>
        movePayouts(trx, 'payout_prepared', {
          ids: [payout.id],
          set: { prepared_by: preparer, prepared_at: new Date() },
          userId: preparer,
        }),
      );
    const both = await Promise.all([prepare(), prepare()]);
    expect(both.map((moved) => moved.length).sort()).toEqual([0, 1]);
    const entries = await t.db
      .selectFrom('application_history')
      .select('id')
      .where('application_id', '=', grant.id)
      .where('action', '=', 'payout_prepared')
      .execute();
    expect(entries).toHaveLength(1);
  });
});
