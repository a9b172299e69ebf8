import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_WINDOW_MINUTES } from '../../applicationCore/history.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let now = new Date('2026-03-02T09:00:00Z');
let first: string;
let second: string;
let firstId: number;
let secondId: number;

const get = (url: string, cookie: string) => call(t.app, { method: 'GET', url: `/api/v1${url}`, cookie });
const minutes = (n: number) => (now = new Date(now.getTime() + n * 60_000));

/** An application sent in, of its own applicant and period, with nothing in its history yet. */
async function application() {
  const user = await t.db
    .insertInto('frontend_users')
    .values({ email: `${randomUUID()}@test.se`, first_name: 'Karin', last_name: 'Viewed' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const period = await t.db
    .insertInto('periods')
    .values({ name: `Views ${randomUUID()}`, start_date: '2026-01-01', end_date: '2026-12-31' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return t.db
    .insertInto('applications')
    .values({ frontend_user_id: user.id, period_id: period.id, status: 20, reference: randomUUID(), money: 1000, sent_in_at: now })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
}

const views = async (uuid: string) => {
  const response = await get(`/applications/${uuid}/history`, first);
  expect(response.statusCode).toBe(200);
  return (response.json().data as { action: string; created_at: string; user: { id: number; name: string } | null }[]).filter(
    (entry) => entry.action === 'viewed',
  );
};

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
  firstId = await createStaff(t.db, 'admin', 'first-viewer@test.se');
  secondId = await createStaff(t.db, 'admin', 'second-viewer@test.se');
  first = await sessionCookie(t.app, 'first-viewer@test.se');
  second = await sessionCookie(t.app, 'second-viewer@test.se');
});

afterAll(() => t.close());

describe('staff views of an application, in its history', () => {
  it('records who opened it and when, once per user within the window, again after it', async () => {
    const { uuid } = await application();
    const opened = now.toISOString();
    expect((await get(`/applications/${uuid}`, first)).statusCode).toBe(200);
    // A reload and a return to the window within the window are the same reading.
    minutes(VIEW_WINDOW_MINUTES - 1);
    expect((await get(`/applications/${uuid}`, first)).statusCode).toBe(200);
    expect(await views(uuid)).toEqual([expect.objectContaining({ created_at: opened, user: { id: firstId, name: 'Anna Test' } })]);

    // Another user's view is theirs, whatever the first one's window.
    expect((await get(`/applications/${uuid}`, second)).statusCode).toBe(200);
    minutes(2);
    expect((await get(`/applications/${uuid}`, first)).statusCode).toBe(200);
    const all = await views(uuid);
    expect(all.map((entry) => entry.user?.id)).toEqual([firstId, secondId, firstId]);
    expect(all[0].created_at).toBe(now.toISOString());
  });

  it('records nothing for an application not found, and reading the history is not a view', async () => {
    const { id, uuid } = await application();
    expect((await get(`/applications/${randomUUID()}`, first)).statusCode).toBe(404);
    expect(await views(uuid)).toEqual([]);
    const rows = await t.db.selectFrom('application_history').select('action').where('application_id', '=', id).execute();
    expect(rows).toEqual([]);
  });
});
