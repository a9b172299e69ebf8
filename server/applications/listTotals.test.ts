import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicant } from '../test/handlingFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';
import { parseListQuery } from '../lists/listQuery.js';
import { everyPeriod, listApplications, listSpecs } from './lists.js';

/** A list's total read from the tallies (migration 0014) is the number of its rows, for each filter they count. */
describe('list totals', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    await createStaff(t.db, 'admin', 'totals-admin@test.se');
    admin = await sessionCookie(t.app, 'totals-admin@test.se');
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives totals from the kept tallies that match the rows of every filter', async () => {
    const own = await t.db
      .insertInto('periods')
      .values({ name: `Räknad ${randomUUID()}`, start_date: '2025-01-01', end_date: '2025-12-31' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const who = await createApplicant(t.db, `${randomUUID()}@test.se`, 'Tora', 'Tallberg');
    for (const [i, status] of [20, 30, 40, -10, 20, 30, 40, 10].entries()) {
      const row = await t.db
        .insertInto('applications')
        .values({
          period_id: own.id,
          frontend_user_id: who,
          status,
          reference: status === 10 ? null : `R-${i}`,
          sent_in_at: new Date(`2025-0${4 + (i % 3)}-30T22:30:00Z`),
          org_name: i % 2 ? 'Idrottsföreningen' : 'Körsällskapet',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .updateTable('applications')
        .set({ unread_messages: i % 2 === 0, followup_at: i < 3 ? '2025-12-01' : null })
        .where('id', '=', row.id)
        .execute();
    }
    const filters: Record<string, string | string[]>[] = [
      {},
      { 'status[]': ['20', '30'] },
      { unread: 'true' },
      { followups: 'true', 'status[]': ['30', '40'] },
      { 'status[]': '-10' },
    ];
    for (const raw of filters) {
      const page = await listApplications(
        t.db,
        'all',
        parseListQuery(listSpecs.all, { ...raw, period: String(own.id), per_page: '100' }),
        everyPeriod,
      );
      expect(page.total, JSON.stringify(raw)).toBe(page.data.length);
      expect(page.total, JSON.stringify(raw)).toBeGreaterThan(0);
    }
    // Months as Stockholm counts them: 22:30 UTC on 30 April is 1 May there.
    // A filter the tallies do not keep is counted from its matches, alone or beside one they keep.
    const choir = await listApplications(
      t.db,
      'decided',
      parseListQuery(listSpecs.decided, { period: String(own.id), organisation: 'kör', month: '2025-05' }),
      everyPeriod,
    );
    expect(choir.data.map((r) => r.reference)).toEqual(['R-6']);
    expect(choir.total).toBe(1);
    const may = await listApplications(
      t.db,
      'decided',
      parseListQuery(listSpecs.decided, { period: String(own.id), month: '2025-05' }),
      everyPeriod,
    );
    expect(may.total).toBe(may.data.length);
    expect(may.data.map((r) => r.reference)).toEqual(['R-3', 'R-6']);
    const response = await call(t.app, { method: 'GET', url: `/api/v1/applications/all?period=${own.id}`, cookie: admin });
    expect(response.json<{ data: { total: number } }>().data.total).toBe(7);
  });
});
