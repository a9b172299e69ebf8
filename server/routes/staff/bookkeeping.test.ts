import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { bookUnbooked } from '../../bookkeeping/bookUnbooked.js';
import { readSie } from '../../bookkeeping/readSie.js';
import { grantedApplication, paidPayout } from '../../test/payoutFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

// The bookkeeping file: read back as the accounting program reads it, every voucher balances and each account's sum
// over the range is what the database holds for those days (Stockholm days, so the edges of a day count).

let t: TestApp;
let admin: string;
const accounts = { grants: 6991, payable: 2891, bank: 1931, returned: 3991 };

beforeAll(async () => {
  t = await createTestApp();
  const preparer = await createStaff(t.db, 'admin', 'preparer@bookkeeping.test');
  const approver = await createStaff(t.db, 'admin', 'admin@bookkeeping.test');
  admin = await sessionCookie(t.app, 'admin@bookkeeping.test');
  await t.db
    .updateTable('payment_settings')
    .set({
      name: 'Sparbanksstiftelsen Åby',
      org_number: '802415-3978',
      account_grants: String(accounts.grants),
      account_payable: String(accounts.payable),
      account_bank: String(accounts.bank),
      account_returned: String(accounts.returned),
    })
    .execute();
  const staff = { preparer, approver };

  // Decided in the first minutes of 2026 in Stockholm (still 2025 in UTC); 300 kr paid, 100 kr paid back, 200 kr lapsed.
  const first = await grantedApplication(t.db, { amount: 500_00, instalments: [{ amount: 300_00 }, { amount: 200_00 }] });
  await decidedAt(first.id, '2025-12-31T23:30:00Z');
  await paidPayout(t.db, first, first.instalments[0], '2026-04-02', staff);
  await t.db
    .insertInto('repayments')
    .values({ application_id: first.id, amount: 100_00, reason: 'Överskott', registered_by: approver, received_on: '2026-05-01' })
    .execute();
  await t.db
    .updateTable('payout_instalments')
    .set({ lapsed_at: new Date('2026-06-15T10:00:00Z') })
    .where('id', '=', first.instalments[1].id)
    .execute();

  // Paid, then returned by the bank; a repayment registered but not received.
  const second = await grantedApplication(t.db, { amount: 800_00 });
  await decidedAt(second.id, '2026-02-01T09:00:00Z');
  const returned = await paidPayout(t.db, second, second.instalments[0], '2026-02-10', staff);
  await t.db
    .updateTable('payouts')
    .set({ status: enums.payout_status.returned, returned_at: new Date('2026-02-20T09:00:00Z'), return_reason: 'Kontot avslutat' })
    .where('id', '=', returned.id)
    .execute();
  await t.db
    .insertInto('repayments')
    .values({ application_id: second.id, amount: 50_00, reason: 'Ej mottagen', registered_by: approver })
    .execute();

  // Outside the range: decided at midnight after its last day in Stockholm, and lapsed the same instant.
  const late = await grantedApplication(t.db, { amount: 900_00 });
  await decidedAt(late.id, '2026-06-30T22:00:00Z');
  await t.db
    .updateTable('payout_instalments')
    .set({ lapsed_at: new Date('2026-06-30T22:00:00Z') })
    .where('id', '=', late.instalments[0].id)
    .execute();
  // Written as rows, booked as each event would have booked itself on its day.
  await bookUnbooked(t.db);
});
afterAll(() => t.close());

async function decidedAt(id: number, at: string) {
  await t.db
    .updateTable('applications')
    .set({ decided_at: new Date(at) })
    .where('id', '=', id)
    .execute();
}

const download = (query: string, cookie = admin, locale = 'sv-SE') =>
  call(t.app, { method: 'GET', url: `/api/v1/bookkeeping/sie?${query}`, cookie, headers: { 'accept-language': locale } });

/** Each account's sum in the database over the days, as the rules say it is booked. */
async function databaseSums(from: string, to: string): Promise<Map<number, number>> {
  const sum = async (table: string, where: RawBuilder<unknown>, column = 'amount') =>
    Number(
      (await sql<{ s: string }>`SELECT coalesce(sum(${sql.ref(column)}), 0) AS s FROM ${sql.table(table)} WHERE ${where}`.execute(t.db))
        .rows[0].s,
    );
  const inRange = (column: string) => sql`(${sql.ref(column)} AT TIME ZONE 'Europe/Stockholm')::date BETWEEN ${from} AND ${to}`;
  const decided = await sum('applications', sql`status = 40 AND ${inRange('decided_at')}`, 'approved_money');
  const paid = await sum('payouts', sql`paid_on BETWEEN ${from} AND ${to}`);
  const returned = await sum('payouts', sql`status = -20 AND paid_on IS NOT NULL AND ${inRange('returned_at')}`);
  const repaid = await sum('repayments', sql`received_on BETWEEN ${from} AND ${to}`);
  const lapsed = await sum('payout_instalments', inRange('lapsed_at'));
  return new Map([
    [accounts.grants, decided],
    [accounts.payable, -decided + paid - returned + lapsed],
    [accounts.bank, -paid + returned + repaid],
    [accounts.returned, -repaid - lapsed],
  ]);
}

describe('GET /bookkeeping/sie', () => {
  it('books every decision, payout, return, repayment and lapse of the range; each voucher balances and the sums are the database’s', async () => {
    const response = await download('from=2026-01-01&to=2026-06-30');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('bokforing_2026-01-01_2026-06-30.se');
    const sie = readSie(response.rawPayload);

    expect(sie.records.find((r) => r.label === 'RAR')?.fields).toEqual(['0', '20260101', '20261231']);
    expect(sie.records.find((r) => r.label === 'FNAMN')?.fields).toEqual(['Sparbanksstiftelsen Åby']);
    expect([...sie.accounts.keys()].sort()).toEqual(Object.values(accounts).sort());
    expect(sie.vouchers.map((v) => v.number)).toEqual(sie.vouchers.map((_, i) => i + 1));

    const sums = new Map<number, number>();
    for (const voucher of sie.vouchers) {
      expect(
        voucher.transactions.reduce((s, tr) => s + tr.ore, 0),
        voucher.text,
      ).toBe(0);
      expect(voucher.text).toMatch(/\d{4}-\d{4}/);
      for (const tr of voucher.transactions) sums.set(tr.account, (sums.get(tr.account) ?? 0) + tr.ore);
    }
    expect(sums).toEqual(await databaseSums('2026-01-01', '2026-06-30'));
    // The known rows: two decisions, a payout paid and one returned (both paid), a repayment received, a lapse.
    expect(sie.vouchers.map((v) => `${v.day} ${v.text.replace(/ \d{4}-\d{4}$/, '')}`)).toEqual([
      '2026-01-01 Beviljat bidrag',
      '2026-02-01 Beviljat bidrag',
      '2026-02-10 Utbetalning',
      '2026-02-20 Returnerad utbetalning',
      '2026-04-02 Utbetalning',
      '2026-05-01 Återbetalning',
      '2026-06-15 Förfallet bidrag',
    ]);
  });

  it('refuses a reversed range, one reaching before the year before its last day’s, and callers who do not manage payouts', async () => {
    const reversed = await download('from=2026-06-30&to=2026-01-01');
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json<{ errors: { to: string[] } }>().errors.to[0]).toMatch(/före startdagen/);
    expect((await download('from=2024-12-31&to=2026-01-01')).statusCode).toBe(422);
    expect((await download('from=2025-01-01&to=2026-12-31')).statusCode).toBe(200);
    expect((await download('from=2026-02-30&to=2026-03-01')).statusCode).toBe(422);
    await createStaff(t.db, 'utredare', 'utredare@bookkeeping.test');
    expect((await download('from=2026-01-01&to=2026-06-30', await sessionCookie(t.app, 'utredare@bookkeeping.test'))).statusCode).toBe(403);
  });
});
