import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication, createApplicant, createPeriod } from '../test/handlingFixtures.js';
import { createTestApp, type TestApp } from '../test/testApp.js';
import { journalVoucherBatches, type VoucherTexts } from './vouchers.js';

// The SIE file reads its vouchers a batch at a time in the file's order (series, year, number), whatever order their
// days are in: a board's decision booked later on the meeting's earlier day keeps its later number.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const texts: VoucherTexts = {
  voucher: (kind, reference) => `${kind} ${reference}`,
  reversal: () => 'reversal',
  account: (purpose) => purpose,
};

describe('the vouchers of a range', () => {
  it('come in the file’s order, a batch at a time, only of the range', async () => {
    const period = await createPeriod(t.db, 'Böcker');
    const application = await createApplication(t.db, { periodId: period.id, frontendUserId: await createApplicant(t.db, 'bok@test.se') });
    // Numbers 1-5 in 2026 and 1 in 2027, their days not in their numbers' order; one day outside the range.
    const booked = [
      [2026, 1, '2026-03-02'],
      [2026, 2, '2026-03-01'],
      [2026, 3, '2026-03-05'],
      [2026, 4, '2026-02-27'],
      [2026, 5, '2026-03-03'],
      [2027, 1, '2027-01-04'],
    ] as const;
    await t.db
      .insertInto('journal_vouchers')
      .values(
        booked.map(([year, number, day]) => ({
          series: 'B',
          financial_year: `${year}-01-01`,
          number,
          day,
          kind: 'decision' as const,
          application_id: application.id,
          reference: `R${year}-${number}`,
          amount: 100_00,
          debit_account: 6990,
          credit_account: 2890,
        })),
      )
      .execute();
    const batches: string[][] = [];
    for await (const batch of journalVoucherBatches(t.db, { from: '2026-03-01', to: '2027-01-31' }, texts, 2)) {
      batches.push(batch.map((voucher) => voucher.text));
    }
    expect(batches).toEqual([['decision R2026-1', 'decision R2026-2'], ['decision R2026-3', 'decision R2026-5'], ['decision R2027-1']]);
  });
});
