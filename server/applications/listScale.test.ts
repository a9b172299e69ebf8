import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicant } from '../test/handlingFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';
import { parseListQuery } from '../lists/listQuery.js';
import { ownInvestigations, ownList } from './investigations.js';
import { listApplications, listSpecs } from './lists.js';

/** The staff lists at a million applications: sort keys in the application's row, and totals counted up to a cap. */
describe('lists at scale', () => {
  let t: TestApp;
  let admin: string;
  /** A surname of this file's own, so a search finds only its applications. */
  const surname = `Skalberg${randomUUID().slice(0, 8)}`;
  let period: number;
  beforeAll(async () => {
    t = await createTestApp();
    await createStaff(t.db, 'admin', 'scale-admin@test.se');
    admin = await sessionCookie(t.app, 'scale-admin@test.se');
    ({ id: period } = await t.db
      .insertInto('periods')
      .values({ name: `Skala ${randomUUID()}`, start_date: '2025-01-01', end_date: '2025-12-31' })
      .returning('id')
      .executeTakeFirstOrThrow());
    for (const [i, first] of ['Åke', 'Bo', 'Cecilia', 'Dan', 'Ebba', 'Filip', 'Gun'].entries()) {
      const who = await createApplicant(t.db, `${randomUUID()}@test.se`, first, surname);
      await t.db
        .insertInto('applications')
        .values({ period_id: period, frontend_user_id: who, status: [20, 30, 40, -10][i % 4], reference: `S-${i}`, money: 1000 * (7 - i) })
        .execute();
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts a search exactly up to the cap, and past it says "more than" and still finds every page', async () => {
    const query = (page: number) => parseListQuery(listSpecs.all, { search: surname, sort: 'money', per_page: '2', page: String(page) });
    const exact = await listApplications(t.db, 'all', query(1));
    expect(exact).toMatchObject({ total: 7, last_page: 4 });
    expect(exact).not.toHaveProperty('total_exact');
    const everyPage = [];
    for (let page = 1; page <= 4; page++) {
      const capped = await listApplications(t.db, 'all', query(page), {}, undefined, 3);
      expect(capped.total).toBe(3);
      expect(capped.total_exact).toBe(false);
      expect(capped.has_next_page).toBe(page < 4);
      expect(capped.last_page).toBe(page < 4 ? page + 1 : 4);
      // The same rows, in the same order, as the exactly counted list's page.
      expect(capped.data.map((r) => r.id)).toEqual((await listApplications(t.db, 'all', query(page))).data.map((r) => r.id));
      everyPage.push(...capped.data.map((r) => r.reference));
    }
    expect(everyPage).toEqual(['S-6', 'S-5', 'S-4', 'S-3', 'S-2', 'S-1', 'S-0']);
    // Over HTTP, an exact total as before: the envelope says nothing more.
    const response = await call(t.app, { method: 'GET', url: `/api/v1/applications/all?search=${surname}`, cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ total: 7, last_page: 1 });
    expect(response.json().data).not.toHaveProperty('total_exact');
  });

  it('counts one’s own investigations up to the cap too, and pages past it in order', async () => {
    const staffId = await createStaff(t.db, 'admin', `scale-own-${randomUUID()}@test.se`);
    const mine = await t.db.selectFrom('applications').select('id').where('period_id', '=', period).orderBy('id').execute();
    await t.db
      .insertInto('investigations')
      .values(mine.map((a) => ({ application_id: a.id, user_id: staffId, updated_at: new Date() })))
      .execute();
    const query = (page: number) => parseListQuery(ownList, { sort: 'money', per_page: '3', page: String(page) });
    expect(await ownInvestigations(t.db, staffId, query(1), null)).toMatchObject({ total: 7, last_page: 3 });
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const capped = await ownInvestigations(t.db, staffId, query(page), null, 2);
      expect(capped).toMatchObject({ total: 2, total_exact: false, has_next_page: page < 3 });
      pages.push(...capped.data.map((r) => r.reference));
    }
    expect(pages).toEqual(['S-6', 'S-5', 'S-4', 'S-3', 'S-2', 'S-1', 'S-0']);
  });

  it('keeps the applicant sort’s key in the application’s row as the applicant is renamed', async () => {
    // A period and applicants of this test's own: it renames and anonymises them.
    const surname = `Namnberg${randomUUID().slice(0, 8)}`;
    const { id: period } = await t.db
      .insertInto('periods')
      .values({ name: `Namn ${randomUUID()}`, start_date: '2025-01-01', end_date: '2025-12-31' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, first] of ['Åke', 'Ebba'].entries()) {
      const who = await createApplicant(t.db, `${randomUUID()}@test.se`, first, surname);
      await t.db
        .insertInto('applications')
        .values({ period_id: period, frontend_user_id: who, status: 20, reference: `N-${i}` })
        .execute();
    }
    const page = async () =>
      (
        await listApplications(
          t.db,
          'all',
          parseListQuery(listSpecs.all, { period: String(period), sort: 'applicant', 'status[]': '20' }),
          {},
          'walk',
        )
      ).data.map((r) => r.applicant?.name ?? null);
    // Swedish order: Å after E.
    expect(await page()).toEqual([`Ebba ${surname}`, `Åke ${surname}`]);
    const ake = await t.db
      .selectFrom('frontend_users')
      .select('id')
      .where('first_name', '=', 'Åke')
      .where('last_name', '=', surname)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('frontend_users').set({ last_name: 'Aronsson' }).where('id', '=', ake.id).execute();
    expect(await page()).toEqual(['Åke Aronsson', `Ebba ${surname}`]);
    const row = await t.db
      .selectFrom('applications')
      .select(['applicant_last_name', 'applicant_first_name'])
      .where('frontend_user_id', '=', ake.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ applicant_last_name: 'Aronsson', applicant_first_name: 'Åke' });
    // Anonymised, an application names no applicant, and sorts last.
    await t.db.updateTable('applications').set({ frontend_user_id: null }).where('frontend_user_id', '=', ake.id).execute();
    expect(await page()).toEqual([`Ebba ${surname}`, null]);
  });
});
