import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { createApplicant, createApplication, createPeriod } from '../test/handlingFixtures.js';
import { grantedApplication, paidPayout, payoutOf } from '../test/payoutFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

// The applications list's payout indicator: where each approved application's money stands, read for the page.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'admin@payout-state.test');
  admin = await sessionCookie(t.app, 'admin@payout-state.test');
});
afterAll(() => t.close());

describe('the payout indicator', () => {
  it('tells none asked, in progress, all paid and lapsed apart in the list and the application', async () => {
    const staff = {
      preparer: await createStaff(t.db, 'admin', 'p@payout-state.test'),
      approver: await createStaff(t.db, 'admin', 'a@payout-state.test'),
    };
    const { id: periodId } = await createPeriod(t.db, 'Indikatorer');
    const two = [{ amount: 100_00 }, { amount: 200_00 }];
    const none = await grantedApplication(t.db, { periodId });
    const requested = await grantedApplication(t.db, { periodId });
    await payoutOf(t.db, requested, requested.instalments[0]);
    const partly = await grantedApplication(t.db, { periodId, amount: 300_00, instalments: two });
    await paidPayout(t.db, partly, partly.instalments[0], '2026-06-10', staff);
    const paid = await grantedApplication(t.db, { periodId, amount: 300_00, instalments: two });
    await paidPayout(t.db, paid, paid.instalments[0], '2026-06-10', staff);
    await paidPayout(t.db, paid, paid.instalments[1], '2026-06-11', staff);
    const lapsed = await grantedApplication(t.db, { periodId, amount: 300_00, instalments: two });
    await paidPayout(t.db, lapsed, lapsed.instalments[0], '2026-06-10', staff);
    await t.db.updateTable('payout_instalments').set({ lapsed_at: new Date() }).where('id', '=', lapsed.instalments[1].id).execute();
    // A rejected request leaves the instalment unasked.
    const rejected = await grantedApplication(t.db, { periodId });
    await payoutOf(t.db, rejected, rejected.instalments[0], { status: enums.payout_status.rejected });
    const received = await createApplication(t.db, { periodId, frontendUserId: await createApplicant(t.db, 'r@payout-state.test') });

    const response = await call(t.app, { method: 'GET', url: `/api/v1/applications/all?period=${periodId}`, cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    const states = new Map(
      response
        .json<{ data: { data: { id: number; progress: { payout: string | null } }[] } }>()
        .data.data.map((row) => [row.id, row.progress.payout]),
    );
    expect(Object.fromEntries([none, requested, partly, paid, lapsed, rejected, received].map((a, i) => [i, states.get(a.id)]))).toEqual({
      0: 'none',
      1: 'in_progress',
      2: 'in_progress',
      3: 'paid',
      4: 'lapsed',
      5: 'none',
      6: null,
    });

    const view = await call(t.app, { method: 'GET', url: `/api/v1/applications/${paid.uuid}`, cookie: admin });
    expect(view.json<{ data: { progress: { payout: string } } }>().data.progress.payout).toBe('paid');
  });
});
