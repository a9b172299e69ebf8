import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { grantedApplication, payoutOf } from '../test/payoutFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

// The payouts list: of the caller's periods, newest request first, by status, period and batch, a search in the
// references, its sorts; and its CSV export.

const { requested, prepared, approved } = enums.payout_status;
let t: TestApp;
let admin: string;
let scoped: string;
let periodId: number;
const made: { id: number; reference: string; amount: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const preparer = await createStaff(t.db, 'admin', 'admin@payout-list.test');
  admin = await sessionCookie(t.app, 'admin@payout-list.test');
  const other = await createStaff(t.db, 'admin', 'scoped@payout-list.test');
  await t.db.insertInto('roles').values({ name: 'attestant' }).execute();
  await t.db.updateTable('users').set({ role: 'attestant' }).where('id', '=', other).execute();
  const first = await grantedApplication(t.db, { amount: 300_00 });
  periodId = first.periodId;
  await t.db
    .insertInto('user_abilities')
    .values({ user_id: other, ability: 'approve-payouts', entity_type: 'periods', entity_id: periodId })
    .execute();
  scoped = await sessionCookie(t.app, 'scoped@payout-list.test');
  const second = await grantedApplication(t.db, { amount: 100_00, periodId });
  const third = await grantedApplication(t.db, { amount: 200_00 });
  await t.db.updateTable('applications').set({ org_name: '=Föreningen Ölet' }).where('id', '=', third.id).execute();
  for (const [grant, status, at] of [
    [first, requested, '2026-06-10T10:00:00Z'],
    [second, prepared, '2026-06-11T10:00:00Z'],
    [third, approved, '2026-06-12T10:00:00Z'],
  ] as const) {
    const payout = await payoutOf(t.db, grant, grant.instalments[0], {
      status,
      preparedBy: status === requested ? undefined : preparer,
      approvedBy: status === approved ? other : undefined,
    });
    await t.db
      .updateTable('payouts')
      .set({ requested_at: sql`${at}::timestamptz` })
      .where('id', '=', payout.id)
      .execute();
    made.push({ id: payout.id, reference: grant.reference, amount: grant.amount });
  }
});
afterAll(() => t.close());

const list = async (query: string, cookie = admin) => {
  const answer = await call(t.app, { method: 'GET', url: `/api/v1/payouts${query}`, cookie, headers: { 'accept-language': 'en-US' } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: { data: { id: number; payee: string; account: { display: string } }[]; total: number } }>().data;
};
const ids = (page: { data: { id: number }[] }) => page.data.map((row) => row.id);

describe('the payouts list', () => {
  it('lists newest request first, filters by status and period, searches the reference and sorts by amount', async () => {
    const [a, b, c] = made;
    const all = await list('');
    expect(ids(all)).toEqual([c.id, b.id, a.id]);
    expect(all.data[0]).toMatchObject({ payee: '=Föreningen Ölet', account: { kind: 'bankgiro', display: '5050-1055' }, status: approved });
    expect(ids(await list(`?status[]=${prepared}&status[]=${requested}`))).toEqual([b.id, a.id]);
    expect(ids(await list(`?period=${periodId}`))).toEqual([b.id, a.id]);
    expect(ids(await list(`?search=${encodeURIComponent(c.reference)}`))).toEqual([c.id]);
    // A reference's beginning (its year and number) and a part of it within.
    expect(ids(await list(`?search=${encodeURIComponent(c.reference.slice(0, 6))}`))).toEqual(expect.arrayContaining([c.id]));
    expect(ids(await list(`?search=${encodeURIComponent(c.reference.slice(5))}`))).toEqual([c.id]);
    expect(ids(await list('?sort=amount'))).toEqual([b.id, c.id, a.id]);
    expect(ids(await list('?sort=status&direction=desc'))).toEqual([c.id, b.id, a.id]);
    expect((await list('?batch=1')).total).toBe(0);
    const wrong = await call(t.app, { method: 'GET', url: '/api/v1/payouts?sort=payee', cookie: admin });
    expect(wrong.statusCode).toBe(422);
  });

  it('shows a caller with an ability for one period only that period’s payouts', async () => {
    expect(ids(await list('', scoped))).toEqual([made[1].id, made[0].id]);
    const one = await call(t.app, { method: 'GET', url: `/api/v1/payouts/${made[2].id}`, cookie: scoped });
    expect(one.statusCode).toBe(403);
  });

  it('exports the list as CSV in the caller’s language, neutralising formulas', async () => {
    const answer = await call(t.app, {
      method: 'GET',
      url: '/api/v1/payouts/export?sort=amount',
      cookie: admin,
      headers: { 'accept-language': 'sv-SE' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    const lines = answer.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('Referens');
    expect(lines[2]).toContain("'=Föreningen Ölet");
    expect(lines[2]).toContain('200,00');
    expect(lines[2]).toContain('Attesterad');
  });
});
