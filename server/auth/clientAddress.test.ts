import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { createStaff, createTestApp, login, xhr, type TestApp } from '../test/testApp.js';

/**
 * The client address the per-client limits count and the sign-in attempts record: the connection's own unless it
 * comes from a proxy of TRUST_PROXY, whose X-Forwarded-For then names the client.
 */
const apps: TestApp[] = [];
let direct: TestApp;
let behindProxy: TestApp;

async function app(config: Partial<Config>) {
  const t = await createTestApp({ config: { applicantLinksPerHour: 3, ...config } });
  apps.push(t);
  return t;
}

beforeAll(async () => {
  direct = await app({});
  behindProxy = await app({ trustProxy: ['10.0.0.0/8'] });
});
afterAll(() => Promise.all(apps.map((t) => t.close())));

let counter = 0;
/** A registration of a new address, from `remoteAddress`, with `forwardedFor` as X-Forwarded-For when given. */
function register(t: TestApp, remoteAddress: string, forwardedFor?: string) {
  const email = `adress${++counter}@test.se`;
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/frontend-users/register',
    remoteAddress,
    headers: { ...xhr, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: { data: { email, email_confirmation: email, first_name: 'Klas', last_name: 'Klient' } },
  });
}

/** The client addresses the attempts recorded, one per attempt. */
async function recorded(t: TestApp, scope: 'applicant' | 'staff') {
  const rows = await t.db.selectFrom('login_attempts').select('ip').where('scope', '=', scope).orderBy('id').execute();
  await t.db.deleteFrom('login_attempts').execute();
  return rows.map((row) => row.ip);
}

describe('without TRUST_PROXY', () => {
  it('counts and records the connection’s address: a forged X-Forwarded-For changes nothing', async () => {
    for (let i = 1; i <= 3; i++) expect((await register(direct, '203.0.113.20', `198.51.100.${i}`)).statusCode).toBe(200);
    const fourth = await register(direct, '203.0.113.20', '198.51.100.99');
    expect(fourth.statusCode).toBe(429);
    expect(await recorded(direct, 'applicant')).toEqual(['203.0.113.20', '203.0.113.20', '203.0.113.20']);

    await createStaff(direct.db, 'admin', 'direkt@test.se');
    await login(direct.app, 'direkt@test.se', 'wrong-password', { 'x-forwarded-for': '198.51.100.5' });
    // inject's default remote address.
    expect(await recorded(direct, 'staff')).toEqual(['127.0.0.1']);
  });
});

describe('with TRUST_PROXY', () => {
  it('counts each client behind the proxy by the address X-Forwarded-For gives, and records it', async () => {
    // More registrations through the one proxy than one client may make: each its own client.
    for (let i = 1; i <= 5; i++) expect((await register(behindProxy, '10.0.0.2', `198.51.100.${i}`)).statusCode).toBe(200);
    expect(await recorded(behindProxy, 'applicant')).toEqual([
      '198.51.100.1',
      '198.51.100.2',
      '198.51.100.3',
      '198.51.100.4',
      '198.51.100.5',
    ]);

    // One client through either of two proxies is still one client, and is limited alone.
    for (const proxy of ['10.0.0.2', '10.0.0.3', '10.0.0.2'])
      expect((await register(behindProxy, proxy, '198.51.100.7')).statusCode).toBe(200);
    expect((await register(behindProxy, '10.0.0.3', '198.51.100.7')).statusCode).toBe(429);
    expect((await register(behindProxy, '10.0.0.2', '198.51.100.8')).statusCode).toBe(200);
    await recorded(behindProxy, 'applicant');

    // The client's own X-Forwarded-For, which the proxy appends to: only what the proxy added counts.
    expect((await register(behindProxy, '10.0.0.2', '192.0.2.66, 198.51.100.9')).statusCode).toBe(200);
    // A client reaching the app without the proxy cannot name an address for itself.
    expect((await register(behindProxy, '203.0.113.30', '198.51.100.10')).statusCode).toBe(200);
    expect(await recorded(behindProxy, 'applicant')).toEqual(['198.51.100.9', '203.0.113.30']);

    await createStaff(behindProxy.db, 'admin', 'proxad@test.se');
    await behindProxy.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: '10.0.0.2',
      headers: { ...xhr, 'x-forwarded-for': '198.51.100.11' },
      payload: { data: { email: 'proxad@test.se', password: 'wrong-password' } },
    });
    expect(await recorded(behindProxy, 'staff')).toEqual(['198.51.100.11']);
  });
});
