import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

// What the settings singletons' routes make of bad bodies: a 4xx with the problem told, and nothing changed.

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'admin@singleton-input.test');
  cookie = await sessionCookie(t.app, 'admin@singleton-input.test');
});
afterAll(() => t.close());

const put = (url: string, payload: unknown) =>
  call(t.app, { method: 'PUT', url: `/api/v1/${url}`, cookie, payload: payload as object, headers: { 'accept-language': 'en-US' } });
const read = async (url: string) => (await call(t.app, { method: 'GET', url: `/api/v1/${url}`, cookie })).json().data;
const accounts = { account_grants: '6990', account_payable: '2890', account_bank: '1930', account_returned: '3990' };
const settings = { name: 'Stiftelsen', org_number: '802415-3978', account_kind: 'bankgiro', bankgiro: '5050-1055', ...accounts };

describe('a settings singleton given a bad body', () => {
  it('refuses each with a 4xx and changes nothing', async () => {
    const before = await Promise.all(['payment-settings', 'retention', 'privacy-notices'].map(read));
    const bad: [string, unknown][] = [
      ['payment-settings', { data: { ...settings, name: 'Stift\u0000elsen' } }],
      ['payment-settings', { data: { ...settings, financial_year_first_month: 1e300 } }],
      ['payment-settings', { data: { ...settings, financial_year_first_month: '' } }],
      ['payment-settings', { data: { ...settings, financial_year_first_month: null } }],
      ['payment-settings', { data: { ...settings, account_kind: null } }],
      ['payment-settings', {}],
      ['retention', { data: { draft_months: null, rejected_months: 24, approved_years: 7 } }],
      ['retention', { data: { draft_months: 1e21, rejected_months: 24, approved_years: 7 } }],
      ['privacy-notices', { data: { 'sv-SE': 'Text\u0000' } }],
      ['privacy-notices', { data: { 'sv-SE': 'x'.repeat(20_001) } }],
      ['privacy-notices', { data: { 'de-DE': 'Text' } }],
    ];
    for (const [url, payload] of bad) {
      const answer = await put(url, payload);
      expect(answer.statusCode, `${url} ${JSON.stringify(payload).slice(-160)}: ${answer.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, `${url} ${JSON.stringify(payload).slice(-160)}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
      expect(answer.json().message).toBeTruthy();
    }
    // A body nested thousands deep, as the raw text a client could send.
    const deep = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/payment-settings',
      headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      payload: `{"data":{"name":${'{"a":'.repeat(5000)}"x"${'}'.repeat(5000)}}}`,
    });
    expect(deep.statusCode).toBeGreaterThanOrEqual(400);
    expect(deep.statusCode).toBeLessThan(500);
    expect(await Promise.all(['payment-settings', 'retention', 'privacy-notices'].map(read))).toEqual(before);
  });
});
