import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { grantedApplication, payoutOf } from '../test/payoutFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

// A payout is listed in its application's period (migration 0045 keeps it beside the payout for the list's indexes),
// also after a correction moved the application to another period: for the period filter and for a user whose
// abilities reach one period.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'admin@payout-period.test');
  admin = await sessionCookie(t.app, 'admin@payout-period.test');
});
afterAll(() => t.close());

const listed = async (query: string, cookie = admin) => {
  const answer = await call(t.app, { method: 'GET', url: `/api/v1/payouts${query}`, cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: { data: { id: number; period: { id: number } }[] } }>().data.data;
};

describe('a payout’s period', () => {
  it('is its application’s, and moves with it', async () => {
    const [here, there] = [await grantedApplication(t.db, { amount: 50_00 }), await grantedApplication(t.db, { amount: 70_00 })];
    const payout = await payoutOf(t.db, here, here.instalments[0], { status: enums.payout_status.requested });
    // A role of no abilities of its own, and the approval of the other period alone.
    const attestant = await createStaff(t.db, 'admin', 'attestant@payout-period.test');
    await t.db.insertInto('roles').values({ name: 'attestant' }).execute();
    await t.db.updateTable('users').set({ role: 'attestant' }).where('id', '=', attestant).execute();
    await t.db
      .insertInto('user_abilities')
      .values({ user_id: attestant, ability: 'approve-payouts', entity_type: 'periods', entity_id: there.periodId })
      .execute();
    const scoped = await sessionCookie(t.app, 'attestant@payout-period.test');
    expect((await listed(`?period=${here.periodId}`)).map((p) => p.id)).toEqual([payout.id]);
    expect(await listed(`?period=${there.periodId}`)).toEqual([]);
    expect(await listed('', scoped)).toEqual([]);

    await t.db.updateTable('applications').set({ period_id: there.periodId }).where('id', '=', here.id).execute();
    expect(await listed(`?period=${here.periodId}`)).toEqual([]);
    expect((await listed(`?period=${there.periodId}`)).map((p) => [p.id, p.period.id])).toEqual([[payout.id, there.periodId]]);
    expect((await listed('', scoped)).map((p) => p.id)).toEqual([payout.id]);
  });
});
