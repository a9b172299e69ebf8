import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
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

  it('are kept as payouts are paid and returned, instalments lapse and come back, money is paid back and a grant moves period', async () => {
    const staff = {
      preparer: await createStaff(t.db, 'admin', 'p2@payout-figures.test'),
      approver: await createStaff(t.db, 'admin', 'a2@payout-figures.test'),
    };
    const [one, other] = [await createPeriod(t.db, 'Talliesperiod A'), await createPeriod(t.db, 'Talliesperiod B')];
    const grant = await grantedApplication(t.db, {
      periodId: one.id,
      amount: 900_00,
      instalments: [{ amount: 500_00 }, { amount: 400_00 }],
    });
    const paid = await paidPayout(t.db, grant, grant.instalments[0], '2026-04-01', staff);
    const lapse = (at: Date | null) =>
      t.db.updateTable('payout_instalments').set({ lapsed_at: at }).where('id', '=', grant.instalments[1].id).execute();
    await lapse(new Date());
    await t.db
      .insertInto('repayments')
      .values({ application_id: grant.id, amount: 70_00, reason: 'Överskott', registered_by: staff.approver, received_on: '2026-05-01' })
      .execute();

    /** The tallies of the two periods, and the same sums counted from the rows. */
    const both = async () => {
      const tallies = await t.db
        .selectFrom('payout_tallies')
        .select(['period_id', 'paid', 'lapsed', 'repaid'])
        .where('period_id', 'in', [one.id, other.id])
        .execute();
      const of = (id: number) => tallies.find((row) => row.period_id === id);
      return [one.id, other.id].map((id) => ({
        paid: Number(of(id)?.paid ?? 0),
        lapsed: Number(of(id)?.lapsed ?? 0),
        repaid: Number(of(id)?.repaid ?? 0),
      }));
    };
    expect(await both()).toEqual([
      { paid: 500_00, lapsed: 400_00, repaid: 70_00 },
      { paid: 0, lapsed: 0, repaid: 0 },
    ]);

    // Staff move the grant to another period: its sums go with it.
    await t.db.updateTable('applications').set({ period_id: other.id }).where('id', '=', grant.id).execute();
    expect(await both()).toEqual([
      { paid: 0, lapsed: 0, repaid: 0 },
      { paid: 500_00, lapsed: 400_00, repaid: 70_00 },
    ]);

    // The bank returns the payment, the deadline is extended (the lapse undone), the repayment was a mistake.
    await t.db.updateTable('payouts').set({ status: enums.payout_status.returned }).where('id', '=', paid.id).execute();
    await lapse(null);
    await t.db.deleteFrom('repayments').where('application_id', '=', grant.id).execute();
    expect(await both()).toEqual([
      { paid: 0, lapsed: 0, repaid: 0 },
      { paid: 0, lapsed: 0, repaid: 0 },
    ]);
    // Out of the other test's totals of every period, whichever runs first.
    await t.db
      .updateTable('applications')
      .set({ status: enums.application_status.rejected, approved_money: null })
      .where('id', '=', grant.id)
      .execute();
  });
});
