import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeriod } from '../test/handlingFixtures.js';
import { grantedApplication, paidPayout, payoutOf } from '../test/payoutFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

// The statistics' payout figures: per period and per year of the periods' start, approved, paid, outstanding
// (approved less paid and lapsed), lapsed and repaid (received).

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'admin@payout-figures.test');
  admin = await sessionCookie(t.app, 'admin@payout-figures.test');
});
afterAll(() => t.close());

interface Figures {
  approved: number;
  paid: number;
  outstanding: number;
  lapsed: number;
  repaid: number;
}
type PayoutStatistics = {
  totals: Figures;
  by_period: ({ period_id: number; name: string } & Figures)[];
  by_year: ({ year: number } & Figures)[];
};

const payoutStatistics = async (period?: number) => {
  const response = await call(t.app, { method: 'GET', url: `/api/v1/statistics${period ? `?period=${period}` : ''}`, cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { payouts: PayoutStatistics } }>().data.payouts;
};

describe('the payout figures of the statistics', () => {
  it('sum each period’s and each year’s grants: paid, lapsed, outstanding and repaid', async () => {
    const staff = {
      preparer: await createStaff(t.db, 'admin', 'p@payout-figures.test'),
      approver: await createStaff(t.db, 'admin', 'a@payout-figures.test'),
    };
    const period = await createPeriod(t.db, 'Utbetalningsfigurer 2026');
    const earlier = await createPeriod(t.db, 'Utbetalningsfigurer 2025');
    await t.db.updateTable('periods').set({ start_date: '2025-01-01', end_date: '2025-12-31' }).where('id', '=', earlier.id).execute();

    // 2026: 1 000 kr, 600 paid, 400 lapsed, 100 paid back (and 50 registered, not yet received); 200 kr asked for.
    const first = await grantedApplication(t.db, {
      periodId: period.id,
      amount: 1_000_00,
      instalments: [{ amount: 600_00 }, { amount: 400_00 }],
    });
    await paidPayout(t.db, first, first.instalments[0], '2026-02-01', staff);
    await t.db.updateTable('payout_instalments').set({ lapsed_at: new Date() }).where('id', '=', first.instalments[1].id).execute();
    await t.db
      .insertInto('repayments')
      .values([
        { application_id: first.id, amount: 100_00, reason: 'Överskott', registered_by: staff.approver, received_on: '2026-03-01' },
        { application_id: first.id, amount: 50_00, reason: 'Ej betalt', registered_by: staff.approver },
      ])
      .execute();
    const asked = await grantedApplication(t.db, { periodId: period.id, amount: 200_00 });
    await payoutOf(t.db, asked, asked.instalments[0]);
    // 2025: 300 kr, nothing asked yet.
    await grantedApplication(t.db, { periodId: earlier.id, amount: 300_00 });

    const thisYear = { approved: 1_200_00, paid: 600_00, outstanding: 200_00, lapsed: 400_00, repaid: 100_00 };
    const lastYear = { approved: 300_00, paid: 0, outstanding: 300_00, lapsed: 0, repaid: 0 };
    expect(await payoutStatistics(period.id)).toEqual({
      totals: thisYear,
      by_period: [{ period_id: period.id, name: 'Utbetalningsfigurer 2026', ...thisYear }],
      by_year: [{ year: 2026, ...thisYear }],
    });
    const every = await payoutStatistics();
    expect(every.totals).toEqual({ approved: 1_500_00, paid: 600_00, outstanding: 500_00, lapsed: 400_00, repaid: 100_00 });
    expect(every.by_period.map((p) => p.period_id)).toEqual([period.id, earlier.id]);
    expect(every.by_year).toEqual([
      { year: 2026, ...thisYear },
      { year: 2025, ...lastYear },
    ]);
  });
});
