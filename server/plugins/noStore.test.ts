import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentInApplication } from '../test/handlingFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'no-store-admin@test.se');
  admin = await sessionCookie(t.app, 'no-store-admin@test.se');
});
afterAll(() => t.close());

const cacheControl = async (url: string, cookie?: string) => (await call(t.app, { method: 'GET', url, cookie })).headers['cache-control'];

describe('Cache-Control on answers with personal data', () => {
  it('is no-store on staff answers, lists and exports', async () => {
    expect(await cacheControl('/api/v1/users/me', admin)).toBe('no-store');
    expect(await cacheControl('/api/v1/applications/all', admin)).toBe('no-store');
    expect(await cacheControl('/api/v1/frontend-users/export', admin)).toBe('no-store');
    expect(await cacheControl('/api/v1/statistics/export', admin)).toBe('no-store');
  });

  it("is no-store on the applicant's answers", async () => {
    const application = await sentInApplication(t.db);
    expect(await cacheControl('/api/v1/portal/applications', application.applicant)).toBe('no-store');
    expect(await cacheControl(`/api/v1/portal/applications/${application.uuid}`, application.applicant)).toBe('no-store');
  });

  it('is no-store on errors too, which may say whether an account exists', async () => {
    expect(await cacheControl('/api/v1/users/me')).toBe('no-store');
    expect(await cacheControl('/api/v1/applications/00000000-0000-0000-0000-000000000000', admin)).toBe('no-store');
  });

  it('leaves the public enumerations cacheable', async () => {
    expect(await cacheControl('/api/v1/protocol/enums/sv-SE')).toBe('public, max-age=300');
  });
});
