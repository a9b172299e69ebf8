import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantCookie, createApplicant, createApplication, createPeriod } from '../test/handlingFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

// The database can go away (a crash, a restart, a network fault). Every call then answers 503 "try again in a
// moment", at once and without internals, and the app carries on by itself once the database is back.
let t: TestApp;
let staff: string;
let applicant: string;
let uuid: string;

beforeAll(async () => {
  t = await createTestApp({ throughProxy: true });
  await createStaff(t.db, 'admin', 'away-admin@test.se');
  staff = await sessionCookie(t.app, 'away-admin@test.se');
  const period = await createPeriod(t.db, 'Bortaperioden');
  const applicantId = await createApplicant(t.db, 'borta@test.se');
  applicant = await applicantCookie(t.db, applicantId);
  uuid = (await createApplication(t.db, { periodId: period.id, frontendUserId: applicantId })).uuid;
});
afterAll(() => t.close());

const calls = () => [
  { method: 'GET' as const, url: '/api/v1/applications/all', cookie: staff },
  { method: 'GET' as const, url: `/api/v1/applications/${uuid}`, cookie: staff },
  { method: 'POST' as const, url: `/api/v1/applications/${uuid}/finished`, cookie: staff, payload: { data: { finished: true } } },
  { method: 'GET' as const, url: '/api/v1/portal/applications', cookie: applicant },
  { method: 'POST' as const, url: '/api/v1/auth/login', payload: { data: { email: 'away-admin@test.se', password: 'x' } } },
  { method: 'GET' as const, url: '/api/v1/health' },
];

describe('a database that goes away', () => {
  it('answers every call 503 with the translated message, quickly, and serves again once it is back', async () => {
    expect((await call(t.app, calls()[0])).statusCode).toBe(200);
    await t.proxy!.cut();
    for (const request of calls()) {
      const started = performance.now();
      const response = await call(t.app, { ...request, headers: { 'accept-language': 'en-US' } });
      const took = performance.now() - started;
      expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(503);
      expect(response.json().message).toBe('The service is unavailable right now. Please try again in a moment.');
      expect(response.body).not.toMatch(/ECONN|Connection terminated|at .*\.ts|postgres/i);
      // No wait for a connection that will never come (pg's connect timeout is the bound, when nothing answers).
      expect(took, `${request.method} ${request.url}`).toBeLessThan(3_500);
    }
    const swedish = await call(t.app, calls()[0]);
    expect(swedish.json().message).toBe('Tjänsten är inte tillgänglig just nu. Försök igen om en stund.');
    expect(swedish.headers['retry-after']).toBe('5');

    await t.proxy!.restore();
    await expect.poll(async () => (await call(t.app, calls()[0])).statusCode, { timeout: 10_000 }).toBe(200);
    for (const request of calls().filter((r) => r.url !== '/api/v1/auth/login')) {
      expect((await call(t.app, request)).statusCode, `${request.method} ${request.url}`).toBe(200);
    }
  });
});
