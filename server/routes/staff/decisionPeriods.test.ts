import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbilityName } from '../../../resources/abilities.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

// Deciding happens once a period has closed: the dashboard and the decisioning screen list every period the user may
// decide on, closed ones first, and none they may not. Today is 15 June 2031 in Stockholm (the clock is set).

let t: TestApp;
const now = new Date('2031-06-15T10:00:00Z');
const cookie = { admin: '', investigatorOfSome: '', nothing: '' };
const period: Record<'closedEarly' | 'closedLate' | 'ended' | 'open' | 'upcoming' | 'other', number> = {
  closedEarly: 0,
  closedLate: 0,
  ended: 0,
  open: 0,
  upcoming: 0,
  other: 0,
};

async function createPeriod(name: string, start: string, end: string, closed = false) {
  const row = await t.db
    .insertInto('periods')
    .values({ name, start_date: start, end_date: end, closed })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function staffWith(email: string, grants: { ability: AbilityName; entity_id: number }[]) {
  const id = await createStaff(t.db, 'admin', email);
  // A role without abilities of its own: what the user may do comes from the grants alone.
  await t.db.updateTable('users').set({ role: 'beslutsgäst' }).where('id', '=', id).execute();
  for (const grant of grants)
    await t.db
      .insertInto('user_abilities')
      .values({ user_id: id, entity_type: 'periods', ...grant })
      .execute();
  return sessionCookie(t.app, email);
}

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
  await t.db.insertInto('roles').values({ name: 'beslutsgäst' }).execute();
  period.closedEarly = await createPeriod('Beslut vår 2030', '2030-01-01', '2030-04-30', true);
  period.closedLate = await createPeriod('Beslut höst 2030', '2030-08-01', '2030-11-30', true);
  period.ended = await createPeriod('Beslut vår 2031', '2031-01-01', '2031-05-31');
  period.open = await createPeriod('Beslut sommar 2031', '2031-06-01', '2031-06-30');
  period.upcoming = await createPeriod('Beslut höst 2031', '2031-08-01', '2031-11-30');
  period.other = await createPeriod('Beslut annan', '2030-01-01', '2030-03-31', true);
  await createStaff(t.db, 'admin', 'admin@decision-periods.test');
  cookie.admin = await sessionCookie(t.app, 'admin@decision-periods.test');
  cookie.investigatorOfSome = await staffWith('some@decision-periods.test', [
    { ability: 'investigate-applications', entity_id: period.closedEarly },
    { ability: 'investigate-applications', entity_id: period.open },
    // Managing another period is not investigating it.
    { ability: 'manage-applications', entity_id: period.other },
  ]);
  cookie.nothing = await staffWith('nothing@decision-periods.test', []);
});
afterAll(() => t.close());

const get = (url: string, as: string) => call(t.app, { method: 'GET', url: `/api/v1${url}`, cookie: as });
type Row = { id: number; name: string; state: string; start_date: string; end_date: string; uuid: string };
const ours = (rows: Row[]) => rows.filter((r) => Object.values(period).includes(r.id));

describe('the periods a user may decide on', () => {
  it('are on the dashboard, closed ones too, closed first (latest ended first), then soonest ending first', async () => {
    const response = await get('/dashboard', cookie.admin);
    expect(response.statusCode).toBe(200);
    const rows = ours(response.json().data.decision_periods);
    expect(rows.map((r) => [r.id, r.state])).toEqual([
      [period.closedLate, 'closed'],
      [period.closedEarly, 'closed'],
      [period.other, 'closed'],
      [period.ended, 'ended'],
      [period.open, 'open'],
      [period.upcoming, 'upcoming'],
    ]);
    expect(rows[0]).toMatchObject({ name: 'Beslut höst 2030', start_date: '2030-08-01', end_date: '2030-11-30' });
    expect(rows[0].uuid).toMatch(/^[0-9a-f-]{36}$/);
    // The open periods the dashboard showed before stay as they were.
    expect(response.json().data.open_periods.map((p: Row) => p.id)).toContain(period.open);
  });

  it('with an ability for some periods: those alone, the closed one included, and not those they may not decide', async () => {
    const { data } = (await get('/dashboard', cookie.investigatorOfSome)).json();
    expect(data.decision_periods.map((r: Row) => [r.id, r.state])).toEqual([
      [period.closedEarly, 'closed'],
      [period.open, 'open'],
    ]);
    const listed = await get('/periods/decisioning', cookie.investigatorOfSome);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual(data.decision_periods);
  });

  it('are none for a user who may decide none: null on the dashboard, 403 for the list', async () => {
    expect((await get('/dashboard', cookie.nothing)).json().data.decision_periods).toBeNull();
    expect((await get('/periods/decisioning', cookie.nothing)).statusCode).toBe(403);
    expect(ours((await get('/periods/decisioning', cookie.admin)).json().data)).toHaveLength(6);
  });
});
