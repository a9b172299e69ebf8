import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;
let adminId: number;
let investigator: string;
const now = new Date('2026-05-04T08:30:00Z');

const get = (cookie?: string, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'GET', url: '/api/v1/retention', cookie, headers });
const put = (payload: object, cookie = admin, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'PUT', url: '/api/v1/retention', cookie, payload, headers });
const saved = () => t.db.selectFrom('retention_rules').selectAll().executeTakeFirstOrThrow();

beforeAll(async () => {
  // A database of this file's own: the rules are one row, which this file changes.
  t = await createTestApp({ clock: { now: () => now } });
  adminId = await createStaff(t.db, 'admin', 'retention-admin@test.se');
  await createStaff(t.db, 'utredare', 'retention-investigator@test.se');
  admin = await sessionCookie(t.app, 'retention-admin@test.se');
  investigator = await sessionCookie(t.app, 'retention-investigator@test.se');
});

afterAll(() => t.close());

describe('the retention rules', () => {
  it('start from the defaults: drafts 12 months, rejected 24 months, approved 7 years, changed by nobody', async () => {
    // As a new installation has them, whatever this file's other tests changed.
    await t.db
      .updateTable('retention_rules')
      .set({
        draft_months: sql<number>`default`,
        rejected_months: sql<number>`default`,
        approved_years: sql<number>`default`,
        updated_by: null,
      })
      .execute();
    const response = await get(admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ draft_months: 12, rejected_months: 24, approved_years: 7, updated_at: null, updated_by: null });
  });

  it('are changed by an admin, who is named with the time as the last to change them', async () => {
    const response = await put({ data: { draft_months: 6, rejected_months: 36, approved_years: 10 } });
    expect(response.statusCode, response.body).toBe(200);
    const expected = { draft_months: 6, rejected_months: 36, approved_years: 10 };
    expect(response.json().data).toEqual({ ...expected, updated_at: now.toISOString(), updated_by: { id: adminId, name: 'Anna Test' } });
    expect((await get(admin)).json().data).toMatchObject(expected);
    expect(await saved()).toMatchObject({ ...expected, updated_by: adminId });
  });

  it('refuse a value out of its range, not whole or missing with a translated error for each field, and change nothing', async () => {
    await put({ data: { draft_months: 12, rejected_months: 24, approved_years: 7 } });
    const before = await saved();
    const refused = await put({ data: { draft_months: 0, rejected_months: 241, approved_years: 2.5 } });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['approved_years', 'draft_months', 'rejected_months']);
    expect(refused.json().errors.draft_months).toEqual(['Fältet radering av utkast (månader) måste vara minst 1.']);
    const english = await put({ data: { draft_months: 12, rejected_months: 24 } }, admin, { 'accept-language': 'en-US' });
    expect(english.statusCode).toBe(422);
    expect(english.json().errors).toEqual({ approved_years: ['The anonymisation of approved (years) field is required.'] });
    for (const payload of [
      { data: { draft_months: 'twelve', rejected_months: 24, approved_years: 7 } },
      { data: { draft_months: 12, rejected_months: 24, approved_years: 7, extra: 1 } },
      {},
    ]) {
      expect((await put(payload)).statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(await saved()).toEqual(before);
  });

  it('are read and changed only by those who hold manage-data-protection', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await get(investigator)).statusCode).toBe(403);
    const before = await saved();
    expect((await put({ data: { draft_months: 1, rejected_months: 1, approved_years: 1 } }, investigator)).statusCode).toBe(403);
    expect(await saved()).toEqual(before);
  });
});
