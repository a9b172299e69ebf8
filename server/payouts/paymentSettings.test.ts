import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantedApplication, payoutOf } from '../test/payoutFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

// The payment settings: the foundation as the payment file's debtor and the bookkeeping's accounts, each checked
// beside its field, who changed them when; for those who manage payouts generally.

let t: TestApp;
let cookie: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  adminId = await createStaff(t.db, 'admin', 'admin@payment-settings.test');
  cookie = await sessionCookie(t.app, 'admin@payment-settings.test');
});
afterAll(() => t.close());

const accounts = { account_grants: '6990', account_payable: '2890', account_bank: '1930', account_returned: '3990' };
const put = (data: object, as = cookie) =>
  call(t.app, { method: 'PUT', url: '/api/v1/payment-settings', cookie: as, payload: { data }, headers: { 'accept-language': 'en-US' } });

describe('the payment settings', () => {
  it('saves a bankgiro, then an IBAN with its BIC, saying who changed them', async () => {
    const first = await put({
      name: ' Sparbanksstiftelsen Exempel ',
      org_number: '8024153978',
      account_kind: 'bankgiro',
      bankgiro: '5050-1055',
      bank_customer_number: ' 12345-67 ',
      ...accounts,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      name: 'Sparbanksstiftelsen Exempel',
      org_number: '802415-3978',
      account_kind: 'bankgiro',
      bankgiro: '5050-1055',
      bank_customer_number: '12345-67',
      iban: null,
      updated_by: { id: adminId },
    });
    const second = await put({
      name: 'Stiftelsen',
      org_number: '802415-3978',
      account_kind: 'iban',
      iban: 'se45 5000 0000 0583 9825 7466',
      bic: 'essesess',
      ...accounts,
      account_bank: '1940',
    });
    expect(second.json().data).toMatchObject({
      account_kind: 'iban',
      bankgiro: null,
      iban: 'SE45 5000 0000 0583 9825 7466',
      bic: 'ESSESESS',
      account_bank: '1940',
    });
    const read = await call(t.app, { method: 'GET', url: '/api/v1/payment-settings', cookie });
    expect(read.json().data).toEqual(second.json().data);
  });

  it('refuses wrong values beside their fields and saves nothing', async () => {
    const before = (await call(t.app, { method: 'GET', url: '/api/v1/payment-settings', cookie })).json().data;
    const answer = await put({
      name: 'Ö'.repeat(71),
      org_number: '802415-3979',
      account_kind: 'iban',
      iban: 'SE45 5000 0000 0583 9825 7467',
      bic: 'ESSE',
      ...accounts,
      account_returned: '399',
    });
    expect(answer.statusCode).toBe(422);
    const errors = answer.json().errors;
    expect(Object.keys(errors).sort()).toEqual(['account_returned', 'bic', 'iban', 'name', 'org_number']);
    expect(errors.iban[0]).toMatch(/IBAN is not right/);
    expect(
      (await put({ name: 'X', org_number: '802415-3978', account_kind: 'bankgiro', bankgiro: '5050-1056', ...accounts })).json().errors
        .bankgiro,
    ).toHaveLength(1);
    // The foundation's account is no payee's: a payout waiting to be paid to a bankgiro keeps it from being the foundation's.
    const grant = await grantedApplication(t.db, { amount: 1_000_00 });
    await payoutOf(t.db, grant, grant.instalments[0], { account: { type: 'bankgiro', number: '55555551' } });
    const own = await put({ name: 'X', org_number: '802415-3978', account_kind: 'bankgiro', bankgiro: '5555-5551', ...accounts });
    expect(own.json().errors).toEqual({
      bankgiro: ["A payout waiting to be paid goes to this account. The foundation's own account cannot be a payee's."],
    });
    // The same for an IBAN holding the bank account a payout waits for (Handelsbanken 6789, 123 456 789).
    const second = await grantedApplication(t.db, { amount: 1_000_00 });
    await payoutOf(t.db, second, second.instalments[0], { account: { type: 'bank', clearing: '6789', number: '123456789' } });
    const ownIban = { name: 'X', org_number: '802415-3978', account_kind: 'iban', bic: 'HANDSESS', ...accounts };
    expect((await put({ ...ownIban, iban: 'SE71 6000 0000 0001 2345 6789' })).json().errors).toEqual({
      iban: ["A payout waiting to be paid goes to this account. The foundation's own account cannot be a payee's."],
    });
    // The bank's customer number: letters, digits and hyphens; then it is kept and read back.
    const customer = await put({
      name: 'X',
      org_number: '802415-3978',
      account_kind: 'bankgiro',
      bankgiro: '5050-1055',
      bank_customer_number: 'kund 12',
      ...accounts,
    });
    expect(Object.keys(customer.json().errors)).toEqual(['bank_customer_number']);
    // The name goes to the bank: a character with no Latin form is refused.
    const emoji = await put({
      name: 'Stiftelsen 🏦',
      org_number: '802415-3978',
      account_kind: 'bankgiro',
      bankgiro: '5050-1055',
      ...accounts,
    });
    expect(emoji.json().errors).toEqual({
      name: ['The bank cannot take the character "🏦". Write it in Latin letters (å, ä and ö are fine).'],
    });
    expect((await call(t.app, { method: 'GET', url: '/api/v1/payment-settings', cookie })).json().data).toEqual(before);
  });

  it('is for those who manage payouts generally', async () => {
    const id = await createStaff(t.db, 'utredare', 'investigator@payment-settings.test');
    const other = await sessionCookie(t.app, 'investigator@payment-settings.test');
    expect(id).toBeGreaterThan(0);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/payment-settings', cookie: other })).statusCode).toBe(403);
    expect(
      (await put({ name: 'X', org_number: '802415-3978', account_kind: 'bankgiro', bankgiro: '5050-1055', ...accounts }, other)).statusCode,
    ).toBe(403);
  });
});
