import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyOf } from '../../test/handlingFixtures.js';
import { grantedApplication, paidPayout } from '../../test/payoutFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

// Paying back: staff register what the applicant is to pay back (up to what was paid and not already to be paid
// back), the applicant is mailed where to pay, and staff mark it received once.

let t: TestApp;
let admin: string;
let staff: { preparer: number; approver: number };

beforeAll(async () => {
  t = await createTestApp();
  staff = {
    preparer: await createStaff(t.db, 'admin', 'preparer@repayments.test'),
    approver: await createStaff(t.db, 'admin', 'admin@repayments.test'),
  };
  admin = await sessionCookie(t.app, 'admin@repayments.test');
  await t.db.updateTable('payment_settings').set({ name: 'Stiftelsen', org_number: '802415-3978', bankgiro: '50501055' }).execute();
});
afterAll(() => t.close());

/** An application granted 500 kr in two instalments, the first (300 kr) paid. */
async function partlyPaid() {
  const grant = await grantedApplication(t.db, { amount: 500_00, instalments: [{ amount: 300_00 }, { amount: 200_00 }] });
  await paidPayout(t.db, grant, grant.instalments[0], '2026-06-10', staff);
  return grant;
}

const register = (uuid: string, data: object, cookie = admin) =>
  call(t.app, { method: 'POST', url: `/api/v1/applications/${uuid}/repayments`, cookie, payload: { data } });
const received = (id: number, day: string, cookie = admin) =>
  call(t.app, { method: 'POST', url: `/api/v1/repayments/${id}/received`, cookie, payload: { data: { received_on: day } } });
const repaymentCount = async (applicationId: number) =>
  (await t.db.selectFrom('repayments').select('id').where('application_id', '=', applicationId).execute()).length;

describe('registering a repayment', () => {
  it('stores it, records it, mails the applicant the amount, the foundation’s bankgiro and the reference', async () => {
    const grant = await partlyPaid();
    const response = await register(grant.uuid, { amount: 120_00, reason: 'Evenemanget blev mindre' });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ data: { repayments: { amount: number; received_on: null }[]; paid: number; repayable: number } }>().data;
    expect(body).toMatchObject({ paid: 300_00, repayable: 180_00, repayments: [{ amount: 120_00, received_on: null }] });

    expect((await historyOf(t.db, grant.id)).map((h) => h.action)).toContain('repayment_registered');
    const mail = await t.db
      .selectFrom('outbox')
      .select(['subject', 'body_text'])
      .where('recipient', '=', grant.email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain(grant.reference);
    expect(mail.body_text).toContain('5050-1055');
    expect(mail.body_text).toMatch(/120\s*kr/);
    expect(mail.body_text).toContain('Evenemanget blev mindre');
  });

  it('refuses more than was paid less what is already to be paid back, storing nothing', async () => {
    const grant = await partlyPaid();
    expect((await register(grant.uuid, { amount: 200_00, reason: 'Första' })).statusCode).toBe(201);
    const refused = await register(grant.uuid, { amount: 100_01, reason: 'Andra' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors.amount[0]).toMatch(/högst det som har betalats ut/);
    expect(await repaymentCount(grant.id)).toBe(1);

    const unpaid = await grantedApplication(t.db, { amount: 500_00 });
    expect((await register(unpaid.uuid, { amount: 1, reason: 'Inget betalt' })).statusCode).toBe(422);
    expect(await repaymentCount(unpaid.id)).toBe(0);
  });

  it('takes the amount as whole öre in a JSON number only, storing nothing otherwise', async () => {
    const grant = await partlyPaid();
    const whole = 'The amount must be a whole number.';
    const refusals: [unknown, string][] = [
      ['100', whole],
      [[100], whole],
      [true, whole],
      [1.5, whole],
      [-1, 'The amount must be at least 1.'],
    ];
    for (const [amount, reason] of refusals) {
      const refused = await call(t.app, {
        method: 'POST',
        url: `/api/v1/applications/${grant.uuid}/repayments`,
        cookie: admin,
        headers: { 'accept-language': 'en-US' },
        payload: { data: { amount, reason: 'Fel typ' } },
      });
      expect(refused.statusCode, JSON.stringify(amount)).toBe(422);
      expect(refused.json(), JSON.stringify(amount)).toEqual({ message: 'The given data was invalid.', errors: { amount: [reason] } });
    }
    expect(await repaymentCount(grant.id)).toBe(0);

    expect((await register(grant.uuid, { amount: 100, reason: 'Rätt typ' })).statusCode).toBe(201);
    const stored = await t.db.selectFrom('repayments').select('amount').where('application_id', '=', grant.id).execute();
    expect(stored.map((r) => Number(r.amount))).toEqual([100]);
  });

  it('is for those who manage payouts of the application’s period', async () => {
    const grant = await partlyPaid();
    const other = await grantedApplication(t.db);
    const scoped = await createStaff(t.db, 'utredare', 'scoped@repayments.test');
    await t.db
      .insertInto('user_abilities')
      .values({ user_id: scoped, ability: 'manage-payouts', entity_type: 'periods', entity_id: grant.periodId })
      .execute();
    const cookie = await sessionCookie(t.app, 'scoped@repayments.test');
    expect((await register(other.uuid, { amount: 1, reason: 'x' }, cookie)).statusCode).toBe(403);
    const made = await register(grant.uuid, { amount: 1_00, reason: 'x' }, cookie);
    expect(made.statusCode).toBe(201);

    const id = made.json<{ data: { repayments: { id: number }[] } }>().data.repayments[0].id;
    await createStaff(t.db, 'utredare', 'none@repayments.test');
    expect((await received(id, '2026-06-20', await sessionCookie(t.app, 'none@repayments.test'))).statusCode).toBe(403);
    expect((await received(id, '2026-06-20', cookie)).statusCode).toBe(200);
  });

  it('asks for the foundation’s account first when the payment settings name none', async () => {
    const grant = await partlyPaid();
    await t.db.updateTable('payment_settings').set({ bankgiro: null }).execute();
    try {
      const refused = await register(grant.uuid, { amount: 1_00, reason: 'x' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json<{ message: string }>().message).toMatch(/bankgiro eller IBAN/);
      expect(await repaymentCount(grant.id)).toBe(0);
    } finally {
      await t.db.updateTable('payment_settings').set({ bankgiro: '50501055' }).execute();
    }
  });
});

describe('marking a repayment received', () => {
  it('records the day once; a day after today is refused', async () => {
    const grant = await partlyPaid();
    const made = await register(grant.uuid, { amount: 50_00, reason: 'Överskott' });
    const id = made.json<{ data: { repayments: { id: number }[] } }>().data.repayments[0].id;

    expect((await received(id, '2999-01-01')).statusCode).toBe(422);
    const done = await received(id, '2026-06-20');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ data: { repayments: { received_on: string; received_by: string }[] } }>().data.repayments[0]).toMatchObject({
      received_on: '2026-06-20',
      received_by: 'Anna Test',
    });
    expect((await received(id, '2026-06-21')).statusCode).toBe(409);
    const entries = (await historyOf(t.db, grant.id)).filter((h) => h.action === 'repayment_received');
    expect(entries.map((h) => h.after)).toEqual([{ repayment_id: id, received_on: '2026-06-20' }]);
    expect((await received(999_999, '2026-06-20')).statusCode).toBe(404);
  });
});
