import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordHistory } from '../applicationCore/history.js';
import { sentInApplication } from '../test/handlingFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'delete-admin@test.se');
  admin = await sessionCookie(t.app, 'delete-admin@test.se');
});
afterAll(() => t.close());

const remove = (id: number) =>
  call(t.app, { method: 'DELETE', url: `/api/v1/users/${id}`, cookie: admin, headers: { 'accept-language': 'en-US' } });
const exists = async (id: number) => !!(await t.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());

describe('deleting a staff account', () => {
  it('refuses an account named in the history with a translated 409 that offers deactivation, and keeps it', async () => {
    const id = await createStaff(t.db, 'utredare', 'historic@test.se');
    const application = await sentInApplication(t.db);
    await recordHistory(t.db, { applicationId: application.id, userId: id, action: 'status', before: null, after: null });
    const response = await remove(id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'The account “historic@test.se” has history and cannot be deleted. Deactivate it instead (untick Active and save): it is then signed out everywhere and cannot sign in again.',
    );
    expect(await exists(id)).toBe(true);
  });

  it('deletes an account with no history', async () => {
    const id = await createStaff(t.db, 'utredare', 'fresh@test.se');
    expect((await remove(id)).statusCode).toBe(200);
    expect(await exists(id)).toBe(false);
  });

  it('signs a deactivated account out at once', async () => {
    const id = await createStaff(t.db, 'utredare', 'leaving@test.se');
    const session = await sessionCookie(t.app, 'leaving@test.se');
    expect((await call(t.app, { method: 'GET', url: '/api/v1/users/me', cookie: session })).statusCode).toBe(200);
    const record = (await call(t.app, { method: 'GET', url: `/api/v1/users/${id}`, cookie: admin })).json().data;
    const saved = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/users/${id}`,
      cookie: admin,
      payload: { data: { ...record, active: false } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/users/me', cookie: session })).statusCode).toBe(401);
  });
});
