import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abilityNames } from '../../resources/abilities.js';
import { buildApp } from '../app.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

let t: TestApp;
let admin: string;
let investigator: string;

beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app) {
      app.get('/api/v1/test/boom', { config: { access: 'anonymous' } }, async () => {
        throw new Error('secret internals: password=hunter2 at db.ts:42');
      });
      app.get(
        '/api/v1/test/all-of',
        { config: { access: { abilities: { allOf: ['manage-users', 'manage-faq'] }, reaches: 'nothing' } } },
        async () => ({ data: 'ok' }),
      );
      app.get(
        '/api/v1/test/any-of',
        { config: { access: { abilities: { anyOf: ['manage-users', 'investigate-applications'] }, reaches: 'nothing' } } },
        async () => ({ data: 'ok' }),
      );
      app.get('/api/v1/test/managers', { config: { access: { abilities: 'manage-users', reaches: 'nothing' } } }, async () => ({
        data: 'ok',
      }));
      app.post('/api/v1/test/change', { config: { access: 'anonymous' } }, async () => ({ data: 'changed' }));
    },
  });
  await createStaff(t.db, 'admin', 'admin@test.se');
  await createStaff(t.db, 'utredare', 'utredare@test.se');
  admin = await sessionCookie(t.app, 'admin@test.se');
  investigator = await sessionCookie(t.app, 'utredare@test.se');
});
afterAll(() => t.close());

describe('route access declarations', () => {
  it('refuses a route that declares no access, so the app cannot start with one', async () => {
    const app = await buildApp({ config: t.config, db: t.db, mailer: t.mailer, jobs: t.jobs, clock: t.app.clock, storage: t.app.storage });
    expect(() => app.get('/api/v1/undeclared', async () => 'x')).toThrow(/GET \/api\/v1\/undeclared declares no access/);
    await app.close();
  });

  it('refuses a staff route that does not say what it reaches of the applications', async () => {
    const app = await buildApp({ config: t.config, db: t.db, mailer: t.mailer, jobs: t.jobs, clock: t.app.clock, storage: t.app.storage });
    const access = { abilities: 'manage-applications' } as unknown as { abilities: 'manage-applications'; reaches: 'nothing' };
    expect(() => app.get('/api/v1/unsaid', { config: { access } }, async () => 'x')).toThrow(
      /GET \/api\/v1\/unsaid does not say what it reaches of the applications/,
    );
    await app.close();
  });

  it('names the applications on every route of one application, a payout, a repayment, a batch or a meeting’s line', () => {
    // A route whose path holds one of these reaches an application's data: it names the applications it reaches.
    const named =
      /^\/api\/v1\/(applications\/:uuid|payouts\/:id|repayments\/:id|payment-batches\/:id|meetings\/:id\/(applications|agenda)\/:uuid)/;
    const routes = t.app.routeAccess.filter((r) => named.test(r.url) && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const reaches = typeof route.access === 'object' ? route.access.reaches : null;
      expect(typeof reaches, `${route.method} ${route.url}`).toBe('object');
    }
  });

  it('records a declaration for every route of the app', () => {
    const urls = t.app.routeAccess.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'POST /api/v1/auth/login',
      'GET /api/v1/users/me',
      'GET /api/v1/protocol/enums/:locale',
      'GET /api/v1/docs/json',
      'POST /api/v1/portal/applications/:uuid/files',
      'GET /api/v1/applications/:uuid/files/:fileUuid',
      'POST /api/v1/applications/:uuid/investigators',
      'DELETE /api/v1/applications/:uuid/investigators/:user_id',
      'GET /api/v1/applications/userInvestigations',
      'PUT /api/v1/applications/:uuid/investigations/mine',
      'PUT /api/v1/applications/:uuid/decision',
      'GET /api/v1/applications/form-options',
      'POST /api/v1/applications',
      'PUT /api/v1/applications/:uuid',
      'POST /api/v1/applications/:uuid/files',
      'DELETE /api/v1/applications/:uuid/files/:fileUuid',
    ]) {
      expect(urls).toContain(expected);
    }
    expect(t.app.routeAccess.every((r) => r.access)).toBe(true);
  });

  it('staff routes answer 401 to anonymous callers and to applicants', async () => {
    const staffRoutes = t.app.routeAccess.filter((r) => r.method === 'GET' && r.access !== 'anonymous' && r.access !== 'applicant');
    expect(staffRoutes.length).toBeGreaterThan(2);
    for (const route of staffRoutes) {
      const response = await call(t.app, { method: 'GET', url: route.url });
      expect(response.statusCode, route.url).toBe(401);
      expect(response.json()).toEqual({ message: 'Du är inte inloggad.' });
    }
  });

  it('applicant routes, whatever their method, answer 401 to anonymous callers and to staff', async () => {
    const applicantRoutes = t.app.routeAccess.filter((r) => r.access === 'applicant');
    expect(applicantRoutes.map((r) => `${r.method} ${r.url}`)).toContain('DELETE /api/v1/portal/applications/:uuid/files/:fileUuid');
    for (const route of applicantRoutes) {
      for (const cookie of [undefined, admin]) {
        const response = await call(t.app, { method: route.method, url: route.url, cookie });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    }
  });

  it('checks abilities on the server: one, all of, any of', async () => {
    const get = (url: string, cookie: string) => call(t.app, { method: 'GET', url, cookie }).then((r) => r.statusCode);
    expect(await get('/api/v1/test/managers', admin)).toBe(200);
    expect(await get('/api/v1/test/managers', investigator)).toBe(403);
    expect(await get('/api/v1/test/all-of', admin)).toBe(200);
    expect(await get('/api/v1/test/all-of', investigator)).toBe(403);
    expect(await get('/api/v1/test/any-of', investigator)).toBe(200);
    const denied = await call(t.app, {
      method: 'GET',
      url: '/api/v1/test/managers',
      cookie: investigator,
      headers: { 'accept-language': 'en-US' },
    });
    expect(denied.json()).toEqual({ message: 'Permission denied.' });
  });

  it('honours an ability granted for one entity only where the route checks that entity', async () => {
    const id = await createStaff(t.db, 'utredare', 'scoped@test.se');
    await t.db
      .insertInto('user_abilities')
      .values({ user_id: id, ability: 'manage-users', entity_type: 'periods', entity_id: 7 })
      .execute();
    const cookie = await sessionCookie(t.app, 'scoped@test.se');
    const abilities = await call(t.app, { method: 'GET', url: '/api/v1/users/me/abilities', cookie });
    expect(abilities.json().data).toEqual([
      { name: 'investigate-applications', entity_id: null, entity_type: null },
      { name: 'manage-users', entity_id: 7, entity_type: 'periods' },
    ]);
    // A general route needs the general ability.
    expect((await call(t.app, { method: 'GET', url: '/api/v1/test/managers', cookie })).statusCode).toBe(403);
  });
});

describe('abilities by role', () => {
  it('gives the admin every ability and the investigator only investigate-applications', async () => {
    const names = async (cookie: string) =>
      (await call(t.app, { method: 'GET', url: '/api/v1/users/me/abilities', cookie })).json().data.map((a: { name: string }) => a.name);
    expect(await names(admin)).toEqual([...abilityNames].sort());
    expect(await names(investigator)).toEqual(['investigate-applications']);
  });

  it('shows application counts on the dashboard only to those who manage applications', async () => {
    const forAdmin = (await call(t.app, { method: 'GET', url: '/api/v1/dashboard', cookie: admin })).json().data;
    const forInvestigator = (await call(t.app, { method: 'GET', url: '/api/v1/dashboard', cookie: investigator })).json().data;
    expect(forAdmin.application_counts).toEqual([]);
    expect(forInvestigator.application_counts).toBeNull();
  });
});

describe('CSRF, errors and headers', () => {
  it('refuses a state change without X-Requested-With or from another origin', async () => {
    const bare = await t.app.inject({ method: 'POST', url: '/api/v1/test/change' });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().message).toBe('Begäran nekades eftersom den inte kom från applikationen.');
    const foreign = await call(t.app, { method: 'POST', url: '/api/v1/test/change', headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    const own = await call(t.app, { method: 'POST', url: '/api/v1/test/change', headers: { origin: 'http://localhost:3000' } });
    expect(own.statusCode).toBe(200);
    // A Host header is the client's to claim: an Origin equal to it is no proof of being ours (PUBLIC_URL is).
    const spoofed = await call(t.app, {
      method: 'POST',
      url: '/api/v1/test/change',
      headers: { origin: 'http://evil.example', host: 'evil.example' },
    });
    expect(spoofed.statusCode).toBe(403);
  });

  it('answers a 500 without internals, in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test/boom', headers: { 'accept-language': 'en-US' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong. Please try again or contact support.' });
    expect(response.body).not.toContain('hunter2');
  });

  it('answers unknown API paths and malformed JSON in the envelope', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Vi kunde inte hitta det du letade efter.' });
    const malformed = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"data":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'De angivna uppgifterna var ogiltiga.' });
  });

  it('sets security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    // A page not found, and a failed request, carry them too.
    for (const url of ['/api/v1/no-such-route', '/api/v1/applications/all']) {
      const other = await t.app.inject({ method: 'GET', url });
      expect(other.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(other.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
  });
});
