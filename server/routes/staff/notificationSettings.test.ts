import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../auth/sessions.js';
import { call, createStaff, createTestApp, type TestApp } from '../../test/testApp.js';

let t: TestApp;

const url = '/api/v1/users/me/notification-settings';
async function signedIn(role: 'admin' | 'utredare' = 'utredare') {
  const id = await createStaff(t.db, role, `${randomUUID()}@stiftelsen.se`);
  return { id, cookie: `staff_session=${await createSession(t.db, 'staff', id, 3600)}` };
}
const read = (cookie: string) => call(t.app, { method: 'GET', url, cookie });
const save = (cookie: string, data: object, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'PUT', url, cookie, headers, payload: { data } });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a staff user’s own notification settings', () => {
  it('start with no address and only their own applications, and are saved by the users’ e-mail rule', async () => {
    const { cookie } = await signedIn();
    expect((await read(cookie)).json()).toEqual({
      data: { notifications_email: null, notify_on_applications: false, daily_summary: false },
    });

    const saved = await save(cookie, {
      notifications_email: '  Notiser@Stiftelsen.se ',
      notify_on_applications: true,
      daily_summary: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      data: { notifications_email: 'notiser@stiftelsen.se', notify_on_applications: true, daily_summary: false },
    });
    expect((await read(cookie)).json().data).toEqual({
      notifications_email: 'notiser@stiftelsen.se',
      notify_on_applications: true,
      daily_summary: false,
    });

    const blank = await save(cookie, { notifications_email: '  ', notify_on_applications: false, daily_summary: false });
    expect(blank.json().data).toEqual({ notifications_email: null, notify_on_applications: false, daily_summary: false });
  });

  it('refuse a malformed address with the field’s translated error and change nothing', async () => {
    const { cookie } = await signedIn();
    await save(cookie, { notifications_email: 'kvar@stiftelsen.se', notify_on_applications: true, daily_summary: false });
    const bad = await save(cookie, { notifications_email: 'inte en adress', notify_on_applications: false, daily_summary: false });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ notifications_email: ['Fältet e-post för aviseringar måste vara en giltig e-postadress.'] });
    const english = await save(
      cookie,
      { notifications_email: 'a@b', notify_on_applications: false, daily_summary: false },
      { 'accept-language': 'en-US' },
    );
    expect(english.json().errors).toEqual({ notifications_email: ['The e-mail for notifications must be a valid e-mail address.'] });
    const missing = await save(cookie, { notifications_email: null });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['notify_on_applications', 'daily_summary']);
    expect((await read(cookie)).json().data).toEqual({
      notifications_email: 'kvar@stiftelsen.se',
      notify_on_applications: true,
      daily_summary: false,
    });
  });

  it('are each user’s own, and an admin sets anyone’s in Settings → Users', async () => {
    const admin = await signedIn('admin');
    const investigator = await signedIn();
    await save(investigator.cookie, { notifications_email: 'utredare@stiftelsen.se', notify_on_applications: false, daily_summary: false });
    expect((await read(admin.cookie)).json().data.notifications_email).toBeNull();

    const put = (data: object) =>
      call(t.app, { method: 'PUT', url: `/api/v1/users/${investigator.id}`, cookie: admin.cookie, payload: { data } });
    const updated = await put({ notifications_email: 'Ny@Stiftelsen.se', notify_on_applications: true, daily_summary: false });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      notifications_email: 'ny@stiftelsen.se',
      notify_on_applications: true,
      daily_summary: false,
    });
    expect((await read(investigator.cookie)).json().data).toEqual({
      notifications_email: 'ny@stiftelsen.se',
      notify_on_applications: true,
      daily_summary: false,
    });
    const bad = await put({ notifications_email: 'fel' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ notifications_email: ['Fältet e-post för aviseringar måste vara en giltig e-postadress.'] });
  });

  it('need a signed-in staff user and are documented', async () => {
    expect((await call(t.app, { method: 'GET', url })).statusCode).toBe(401);
    expect(
      (
        await call(t.app, {
          method: 'PUT',
          url,
          payload: { data: { notifications_email: null, notify_on_applications: true, daily_summary: false } },
        })
      ).statusCode,
    ).toBe(401);
    const { paths } = (await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' })).json();
    expect(paths['/users/me/notification-settings'].get.summary).toBeTruthy();
    expect(paths['/users/me/notification-settings'].put.summary).toBeTruthy();
  });
});
