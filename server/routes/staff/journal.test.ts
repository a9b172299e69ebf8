import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { bookUnbooked } from '../../bookkeeping/bookUnbooked.js';
import { bookPayoutPaid } from '../../bookkeeping/journal.js';
import { readSie, type ReadVoucher } from '../../bookkeeping/readSie.js';
import { stockholmDay } from '../../clock.js';
import * as journalMigration from '../../db/migrations/0036_journal.js';
import { createApplicant, createApplication, createPeriod } from '../../test/handlingFixtures.js';
import { grantedApplication, paidPayout, payoutOf } from '../../test/payoutFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

// The books as a journal, tried through the API: each event books its voucher once; a change of a decision is a
// correction (a voucher reversing the earlier one, and a new one) on the day of the change, so an earlier export reads
// the same ever after; numbers run per financial year; what was exported is recorded; the journal refuses to be
// rewritten.

const { approved, rejected, ongoing } = enums.application_status;
let t: TestApp;
let anna: string;
let annaId: number;
let frontendUserId: number;
const sv = { 'accept-language': 'sv-SE' };

const api = (method: 'GET' | 'PUT' | 'POST', url: string, data?: unknown, cookie = anna) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, headers: sv, payload: data === undefined ? undefined : { data } });
const exportOf = async (from: string, to: string) => {
  const response = await api('GET', `/bookkeeping/sie?from=${from}&to=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  return { bytes: response.rawPayload, sie: readSie(response.rawPayload) };
};
const today = () => stockholmDay(new Date());
/** A voucher as one line: number, day, text, and its debit account and amount. */
const line = (v: ReadVoucher) => `${v.series} ${v.number} ${v.day} ${v.text} ${v.transactions[0].account} ${v.transactions[0].ore}`;
const of = (sie: ReturnType<typeof readSie>, reference: string) => sie.vouchers.filter((v) => v.text.includes(reference)).map(line);

beforeAll(async () => {
  t = await createTestApp();
  annaId = await createStaff(t.db, 'admin', 'anna@journal.test');
  anna = await sessionCookie(t.app, 'anna@journal.test');
  frontendUserId = await createApplicant(t.db, 'sokande@journal.test');
  await t.db
    .updateTable('payment_settings')
    .set({ name: 'Sparbanksstiftelsen Journal', org_number: '802415-3978', bankgiro: '56781234' })
    .execute();
});
afterAll(() => t.close());

async function decided(money: number | null) {
  const period = await createPeriod(t.db, `Journal ${Math.random()}`);
  const application = await createApplication(t.db, { periodId: period.id, frontendUserId, status: ongoing });
  const decision = money === null ? { status: rejected } : { status: approved, approved_money: money };
  const response = await api('PUT', `/applications/${application.uuid}/decision`, decision);
  expect(response.statusCode, response.body).toBe(200);
  return application as typeof application & { reference: string };
}

describe('the journal', () => {
  it('books a decision once; a change reverses it and books anew that day; the earlier vouchers read the same', async () => {
    const application = await decided(500_00);
    const day = today();
    const first = await exportOf(day, day);
    const [booked] = first.sie.vouchers.filter((v) => v.text.includes(application.reference));
    expect(booked).toMatchObject({ series: 'B', day, text: `Beviljat bidrag ${application.reference}` });
    expect(booked.transactions).toEqual([
      { account: 6990, ore: 500_00 },
      { account: 2890, ore: -500_00 },
    ]);
    expect(booked.registered).toEqual({ day, by: expect.stringMatching(/\S/) });

    // Raised to 600: the 500 is reversed (naming its voucher) and 600 booked; the 500's voucher is as it was.
    expect((await api('PUT', `/applications/${application.uuid}/decision`, { status: approved, approved_money: 600_00 })).statusCode).toBe(
      200,
    );
    const n = booked.number;
    const raised = of((await exportOf(day, day)).sie, application.reference);
    expect(raised).toEqual([
      line(booked),
      `B ${n + 1} ${day} Rättelse av B ${n}: Beviljat bidrag ${application.reference} 2890 50000`,
      `B ${n + 2} ${day} Beviljat bidrag ${application.reference} 6990 60000`,
    ]);

    // Rejected: the 600 is reversed, and nothing is granted in the books.
    expect((await api('PUT', `/applications/${application.uuid}/decision`, { status: rejected })).statusCode).toBe(200);
    const { sie } = await exportOf(day, day);
    expect(of(sie, application.reference)).toEqual([
      ...raised,
      `B ${n + 3} ${day} Rättelse av B ${n + 2}: Beviljat bidrag ${application.reference} 2890 60000`,
    ]);
    const grants = sie.vouchers
      .filter((v) => v.text.includes(application.reference))
      .flatMap((v) => v.transactions)
      .filter((tr) => tr.account === 6990);
    expect(grants.reduce((sum, tr) => sum + tr.ore, 0)).toBe(0);
  });

  it('gives the same bytes for the same days exported twice, and records each export', async () => {
    await decided(1_000_00);
    const day = today();
    const once = await exportOf(day, day);
    const twice = await exportOf(day, day);
    expect(twice.bytes.equals(once.bytes)).toBe(true);
    const numbers = once.sie.vouchers.map((v) => v.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);

    const log = await api('GET', `/bookkeeping/exports?from=${day}&to=${day}`);
    expect(log.statusCode, log.body).toBe(200);
    const [latest, before] = log.json<{ data: { from_day: string; to_day: string; vouchers: number; exported_by: string }[] }>().data;
    expect(latest).toMatchObject({ from_day: day, to_day: day, vouchers: once.sie.vouchers.length });
    expect(latest.exported_by).toMatch(/\S/);
    expect(before).toMatchObject({ from_day: day, to_day: day });
    // Days no export covered: none listed.
    const none = await api('GET', '/bookkeeping/exports?from=2001-01-01&to=2001-12-31');
    expect(none.json().data).toEqual([]);
    expect((await api('GET', `/bookkeeping/exports?from=${day}`)).statusCode).toBe(422);
  });

  it('refuses to rewrite or delete a voucher', async () => {
    await decided(200_00);
    const [voucher] = await t.db.selectFrom('journal_vouchers').select('id').limit(1).execute();
    await expect(sql`UPDATE journal_vouchers SET amount = 1 WHERE id = ${voucher.id}`.execute(t.db)).rejects.toThrow(/written once/);
    await expect(sql`DELETE FROM journal_vouchers WHERE id = ${voucher.id}`.execute(t.db)).rejects.toThrow(/written once/);
  });

  it('numbers per financial year, and names the year of the last day and the year before', async () => {
    await decided(700_00);
    const grant = await grantedApplication(t.db, { amount: 300_00 });
    const staff = { preparer: annaId, approver: await createStaff(t.db, 'admin', 'bengt@journal.test') };
    const day = today();
    const year = Number(day.slice(0, 4));
    const lastYearsEnd = `${year - 1}-12-30`;
    const payout = await paidPayout(t.db, grant, grant.instalments[0], lastYearsEnd, staff);
    await t.db.transaction().execute((trx) => bookPayoutPaid(trx, payout.id, lastYearsEnd, annaId));
    const { sie } = await exportOf(`${year - 1}-12-01`, day);
    expect(sie.records.filter((r) => r.label === 'RAR').map((r) => r.fields)).toEqual([
      ['0', `${year}0101`, `${year}1231`],
      ['-1', `${year - 1}0101`, `${year - 1}1231`],
    ]);
    const paid = sie.vouchers.find((v) => v.text === `Utbetalning ${grant.reference}`)!;
    // The first voucher of last year in this journal; this year's start at 1 again.
    expect(paid).toMatchObject({ number: 1, day: lastYearsEnd });
    expect(sie.vouchers.filter((v) => v.day >= `${year}-01-01`)[0].number).toBe(1);

    const tooFar = await api('GET', `/bookkeeping/sie?from=${year - 2}-12-31&to=${day}`);
    expect(tooFar.statusCode).toBe(422);
    expect(tooFar.json().errors.from[0]).toContain(`${year - 1}-01-01`);
  });
});

describe('the money’s events', () => {
  it('books a payout paid and returned by the batch and the payout, a repayment received, and reverses a lapse revived', async () => {
    const grant = await grantedApplication(t.db, {
      amount: 1_000_00,
      instalments: [{ amount: 500_00 }, { amount: 200_00 }, { amount: 300_00 }],
    });
    await t.db.updateTable('applications').set({ decided_at: new Date() }).where('id', '=', grant.id).execute();
    // The grant is written as rows: its decision booked as the decision would have booked it.
    await bookUnbooked(t.db);
    const bengt = await createStaff(t.db, 'admin', `bengt-${grant.id}@journal.test`);
    const batch = await t.db
      .insertInto('payment_batches')
      .values({ message_id: `SENT-${grant.id}`, execution_date: today(), created_by: bengt, sent_at: new Date(), sent_by: bengt })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sent = { status: enums.payout_status.sent, preparedBy: annaId, approvedBy: bengt, batchId: batch.id };
    const returned = await payoutOf(t.db, grant, grant.instalments[0], sent);
    await payoutOf(t.db, grant, grant.instalments[1], sent);
    const day = today();
    expect((await api('POST', `/payment-batches/${batch.id}/paid`, { paid_on: day })).statusCode).toBe(200);
    expect(
      (await api('POST', `/payouts/${returned.id}/returned`, { reason: 'Kontot är avslutat', bank_reference: 'RET-1' })).statusCode,
    ).toBe(200);
    const bengtCookie = await sessionCookie(t.app, `bengt-${grant.id}@journal.test`);
    const approvedReturn = await call(t.app, {
      method: 'POST',
      url: `/api/v1/payouts/${returned.id}/returned/approve`,
      cookie: bengtCookie,
    });
    expect(approvedReturn.statusCode, approvedReturn.body).toBe(200);
    const registered = await api('POST', `/applications/${grant.uuid}/repayments`, { amount: 100_00, reason: 'Överskott' });
    expect(registered.statusCode, registered.body).toBeLessThan(300);
    const [repayment] = await t.db.selectFrom('repayments').select('id').where('application_id', '=', grant.id).execute();
    const received = await api('POST', `/repayments/${repayment.id}/received`, { received_on: day });
    expect(received.statusCode, received.body).toBeLessThan(300);

    // The third instalment lapsed (booked by the books' catch-up), then revived by a later deadline.
    await t.db.updateTable('payout_instalments').set({ lapsed_at: new Date() }).where('id', '=', grant.instalments[2].id).execute();
    await bookUnbooked(t.db);
    const extended = await api('POST', `/applications/${grant.uuid}/payout-deadline`, {
      extended_to: '2099-12-31',
      reason: 'Projektet försenat',
    });
    expect(extended.statusCode, extended.body).toBe(200);

    const { sie } = await exportOf(day, day);
    const texts = of(sie, grant.reference).map((l) => l.replace(/^B \d+ \S+ /, ''));
    const lapse = sie.vouchers.find((v) => v.text === `Förfallet bidrag ${grant.reference}`)!;
    expect(texts).toEqual([
      `Beviljat bidrag ${grant.reference} 6990 100000`,
      `Utbetalning ${grant.reference} 2890 50000`,
      `Utbetalning ${grant.reference} 2890 20000`,
      `Returnerad utbetalning ${grant.reference} 1930 50000`,
      `Återbetalning ${grant.reference} 1930 10000`,
      `Förfallet bidrag ${grant.reference} 2890 30000`,
      `Rättelse av B ${lapse.number}: Förfallet bidrag ${grant.reference} 3990 30000`,
    ]);
  });
});

describe('the financial year’s first month', () => {
  it('numbers the vouchers anew in the years it gives until the books are exported, then is refused', async () => {
    const t2 = await createTestApp();
    try {
      const cecilia = await createStaff(t2.db, 'admin', 'cecilia@journal.test');
      const staff = { preparer: await createStaff(t2.db, 'admin', 'david@journal.test'), approver: cecilia };
      const cookie = await sessionCookie(t2.app, 'cecilia@journal.test');
      const settings = await call(t2.app, { method: 'GET', url: '/api/v1/payment-settings', cookie });
      expect(settings.json().data.financial_year_first_month).toBe(1);
      const grant = await grantedApplication(t2.db, { amount: 400_00, instalments: [{ amount: 100_00 }, { amount: 300_00 }] });
      for (const [index, day] of ['2026-03-01', '2026-08-01'].entries()) {
        const payout = await paidPayout(t2.db, grant, grant.instalments[index], day, staff);
        await t2.db.transaction().execute((trx) => bookPayoutPaid(trx, payout.id, day, null));
      }
      const save = (month: number) =>
        call(t2.app, {
          method: 'PUT',
          url: '/api/v1/payment-settings',
          cookie,
          headers: sv,
          payload: {
            data: {
              name: 'Stiftelsen',
              org_number: '802415-3978',
              account_kind: 'bankgiro',
              bankgiro: '5050-1055',
              account_grants: '6990',
              account_payable: '2890',
              account_bank: '1930',
              account_returned: '3990',
              financial_year_first_month: month,
            },
          },
        });
      const saved = await save(7);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.financial_year_first_month).toBe(7);
      const vouchers = await t2.db.selectFrom('journal_vouchers').select(['day', 'financial_year', 'number']).orderBy('day').execute();
      expect(vouchers).toEqual([
        { day: '2026-03-01', financial_year: '2025-07-01', number: 1 },
        { day: '2026-08-01', financial_year: '2026-07-01', number: 1 },
      ]);

      const file = await call(t2.app, { method: 'GET', url: '/api/v1/bookkeeping/sie?from=2026-07-01&to=2026-11-29', cookie });
      expect(file.statusCode, file.body).toBe(200);
      expect(
        readSie(file.rawPayload)
          .records.filter((r) => r.label === 'RAR')
          .map((r) => r.fields),
      ).toEqual([['0', '20260701', '20270630']]);

      const refused = await save(1);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors.financial_year_first_month[0]).toMatch(/exporterats/);
      expect((await call(t2.app, { method: 'GET', url: '/api/v1/payment-settings', cookie })).json().data.financial_year_first_month).toBe(
        7,
      );
    } finally {
      await t2.close();
    }
  });
});

describe('migration 0036', () => {
  it('journals the books so far as the file read them, numbered by day in each year, and numbering goes on from there', async () => {
    const fresh = await createTestApp();
    try {
      const raw = fresh.db as unknown as Kysely<unknown>;
      await journalMigration.down(raw);
      const staff = {
        preparer: await createStaff(fresh.db, 'admin', 'e@journal.test'),
        approver: await createStaff(fresh.db, 'admin', 'f@journal.test'),
      };
      const grant = await grantedApplication(fresh.db, { amount: 500_00, instalments: [{ amount: 200_00 }, { amount: 300_00 }] });
      // Decided in the first minutes of 2026 in Stockholm (still 2025 in UTC).
      await fresh.db
        .updateTable('applications')
        .set({ decided_at: new Date('2025-12-31T23:30:00Z') })
        .where('id', '=', grant.id)
        .execute();
      await paidPayout(fresh.db, grant, grant.instalments[0], '2026-02-01', staff);
      await journalMigration.up(raw);
      const vouchers = () =>
        fresh.db.selectFrom('journal_vouchers').select(['kind', 'day', 'financial_year', 'number', 'amount']).orderBy('id').execute();
      expect(await vouchers()).toEqual([
        { kind: 'decision', day: '2026-01-01', financial_year: '2026-01-01', number: 1, amount: 500_00 },
        { kind: 'payout_paid', day: '2026-02-01', financial_year: '2026-01-01', number: 2, amount: 200_00 },
      ]);
      const next = await paidPayout(fresh.db, grant, grant.instalments[1], '2026-03-01', staff);
      await fresh.db.transaction().execute((trx) => bookPayoutPaid(trx, next.id, '2026-03-01', null));
      expect((await vouchers())[2]).toMatchObject({ kind: 'payout_paid', number: 3 });
    } finally {
      await fresh.close();
    }
  });
});
