import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicant } from '../test/handlingFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';
import { parseListQuery } from '../lists/listQuery.js';
import { ownInvestigations, ownList } from './investigations.js';
import { everyPeriod, listApplications, listSpecs } from './lists.js';
import { unconcerned } from '../auth/standing.js';

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
    const exact = await listApplications(t.db, 'all', query(1), everyPeriod);
    expect(exact).toMatchObject({ total: 7, last_page: 4 });
    expect(exact).not.toHaveProperty('total_exact');
    // Past the cap, the page walked from the sort index, or sorted from every match collected.
    for (const way of [undefined, 'walk', 'collect'] as const) {
      const everyPage = [];
      for (let page = 1; page <= 4; page++) {
        const capped = await listApplications(t.db, 'all', query(page), everyPeriod, way, 3);
        expect(capped.total).toBe(3);
        expect(capped.total_exact).toBe(false);
        expect(capped.has_next_page).toBe(page < 4);
        expect(capped.last_page).toBe(page < 4 ? page + 1 : 4);
        // The same rows, in the same order, as the exactly counted list's page.
        expect(capped.data.map((r) => r.id)).toEqual((await listApplications(t.db, 'all', query(page), everyPeriod)).data.map((r) => r.id));
        everyPage.push(...capped.data.map((r) => r.reference));
      }
      expect(everyPage, way).toEqual(['S-6', 'S-5', 'S-4', 'S-3', 'S-2', 'S-1', 'S-0']);
    }
    // Over HTTP, an exact total as before: the envelope says nothing more.
    const response = await call(t.app, { method: 'GET', url: `/api/v1/applications/all?search=${surname}`, cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ total: 7, last_page: 1 });
    expect(response.json().data).not.toHaveProperty('total_exact');
  });

  it('past the cap, finds an organisation’s applications by any of its people, as they are now, walked and collected alike', async () => {
    const name = `Föreningsberg${randomUUID().slice(0, 8)}`;
    const { id: organisation } = await t.db
      .insertInto('organisations')
      .values({ name: `Förening ${name}`, org_number: randomUUID().slice(0, 11), type: 20 })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A period of its own, so that no other test here counts these applications.
    const { id: ownPeriod } = await t.db
      .insertInto('periods')
      .values({ name: `Förening ${randomUUID()}`, start_date: '2025-01-01', end_date: '2025-12-31' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const per = await createApplicant(t.db, `${randomUUID()}@test.se`, 'Per', name);
    const other = await createApplicant(t.db, `${randomUUID()}@test.se`, 'Vera', 'Annan');
    await t.db
      .insertInto('organisation_members')
      .values([per, other].map((id, i) => ({ organisation_id: organisation, frontend_user_id: id, role: i ? 'member' : 'signatory' })))
      .execute();
    const written = [
      { by: per, reference: `${name}-P1`, money: 4000, status: 20 },
      { by: per, reference: `${name}-P2`, money: 1000, status: 40 },
      { by: per, reference: `${name}-P3`, money: 3000, status: 30 },
      // A fellow member's application for the organisation, and one of their own.
      { by: other, reference: `${name}-V1`, money: 2000, status: 20, organisation },
      { by: other, reference: `${name}-V2`, money: 5000, status: 30 },
    ];
    await t.db
      .insertInto('applications')
      .values(
        written.map(({ by, reference, money, status, organisation: of }) => ({
          period_id: ownPeriod,
          frontend_user_id: by,
          organisation_id: of ?? (by === per ? organisation : null),
          status,
          reference: reference.replace(name, 'F'),
          money,
        })),
      )
      .execute();
    /** Every page of a search past a cap of one, by each sort and each way, as the exactly counted list orders it. */
    const found = async (term: string) => {
      const everyWay = [];
      for (const sort of ['reference', 'money']) {
        const query = (page: number) => parseListQuery(listSpecs.all, { search: term, sort, per_page: '2', page: String(page) });
        const exact = [];
        for (let page = 1; page <= 3; page++) exact.push(...(await listApplications(t.db, 'all', query(page), everyPeriod)).data);
        for (const way of [undefined, 'walk', 'collect'] as const) {
          const capped = [];
          for (let page = 1; page <= 3; page++)
            capped.push(...(await listApplications(t.db, 'all', query(page), everyPeriod, way, 1)).data);
          expect(
            capped.map((row) => row.id),
            `${sort} ${way}`,
          ).toEqual(exact.map((row) => row.id));
          everyWay.push(capped.map((row) => row.reference).sort());
        }
      }
      expect(new Set(everyWay.map((refs) => refs.join())).size).toBe(1);
      return everyWay[0];
    };
    expect(await found(`Per ${name}`)).toEqual(['F-P1', 'F-P2', 'F-P3', 'F-V1']);
    // Per leaves the organisation: its application by a fellow member is no longer found by their name.
    await t.db.deleteFrom('organisation_members').where('frontend_user_id', '=', per).execute();
    expect(await found(`Per ${name}`)).toEqual(['F-P1', 'F-P2', 'F-P3']);
    // And changes their name: found by the new one alone.
    await t.db
      .updateTable('frontend_users')
      .set({ last_name: `Ny${name}` })
      .where('id', '=', per)
      .execute();
    expect(await found(`Per Ny${name}`)).toEqual(['F-P1', 'F-P2', 'F-P3']);
    expect(await found(`Per ${name}`)).toEqual([]);
  });

  it('counts one’s own investigations up to the cap too, and pages past it in order', async () => {
    const staffId = await createStaff(t.db, 'admin', `scale-own-${randomUUID()}@test.se`);
    const mine = await t.db.selectFrom('applications').select('id').where('period_id', '=', period).orderBy('id').execute();
    await t.db
      .insertInto('investigations')
      .values(mine.map((a) => ({ application_id: a.id, user_id: staffId, updated_at: new Date() })))
      .execute();
    const query = (page: number) => parseListQuery(ownList, { sort: 'money', per_page: '3', page: String(page) });
    expect(await ownInvestigations(t.db, { ...unconcerned, userId: staffId }, query(1), null)).toMatchObject({ total: 7, last_page: 3 });
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const capped = await ownInvestigations(t.db, { ...unconcerned, userId: staffId }, query(page), null, 2);
      expect(capped).toMatchObject({ total: 2, total_exact: false, has_next_page: page < 3 });
      pages.push(...capped.data.map((r) => r.reference));
    }
    expect(pages).toEqual(['S-6', 'S-5', 'S-4', 'S-3', 'S-2', 'S-1', 'S-0']);
  });

  describe('pages counted from the end', () => {
    const surname = `Slutberg${randomUUID().slice(0, 8)}`;
    let period: number;
    // Inserted in this order (ids ascending): amounts with ties and none, in several statuses.
    const applications = [
      { reference: 'E-0', money: 3000, status: 20 },
      { reference: 'E-1', money: null, status: 30 },
      { reference: 'E-2', money: 1000, status: 20 },
      { reference: 'E-3', money: 3000, status: 40 },
      { reference: 'E-4', money: null, status: 20 },
      { reference: 'E-5', money: 1000, status: 30 },
      { reference: 'E-6', money: 3000, status: 20 },
    ];
    beforeAll(async () => {
      ({ id: period } = await t.db
        .insertInto('periods')
        .values({ name: `Slut ${randomUUID()}`, start_date: '2025-01-01', end_date: '2025-12-31' })
        .returning('id')
        .executeTakeFirstOrThrow());
      for (const application of applications) {
        const who = await createApplicant(t.db, `${randomUUID()}@test.se`, 'Eva', surname);
        await t.db
          .insertInto('applications')
          .values({ ...application, period_id: period, frontend_user_id: who })
          .execute();
      }
    });
    const references = (page: { data: { reference: string | null }[] }) => page.data.map((r) => r.reference);

    it('gives the last rows in the list’s order, nulls and ties (by id) included, searched and capped or not', async () => {
      const query = (page: number, extra: Record<string, string> = {}) =>
        parseListQuery(listSpecs.all, { search: surname, sort: 'money', per_page: '2', page: String(page), ...extra });
      // Up: no amount first, ties by id. E-1, E-4, E-2, E-5, E-0, E-3, E-6.
      for (const cap of [undefined, 3]) {
        const last = await listApplications(t.db, 'all', query(-1), everyPeriod, undefined, cap);
        expect(references(last)).toEqual(['E-3', 'E-6']);
        expect(last).toMatchObject({ current_page: -1, has_next_page: false, has_previous_page: true });
        expect(references(await listApplications(t.db, 'all', query(-2), everyPeriod, undefined, cap))).toEqual(['E-5', 'E-0']);
        expect(references(await listApplications(t.db, 'all', query(-3), everyPeriod, undefined, cap))).toEqual(['E-4', 'E-2']);
        const first = await listApplications(t.db, 'all', query(-4), everyPeriod, undefined, cap);
        expect(references(first)).toEqual(['E-1']);
        expect(first).toMatchObject({ current_page: -4, has_next_page: true, has_previous_page: false });
      }
      // Past the cap the envelope says so, and its last page is the one counted from the end.
      expect(await listApplications(t.db, 'all', query(-2), everyPeriod, undefined, 3)).toMatchObject({
        total: 3,
        total_exact: false,
        last_page: -1,
        has_next_page: true,
        has_previous_page: true,
      });
      // Exactly counted, the total and the pages as from the start.
      expect(await listApplications(t.db, 'all', query(-1), everyPeriod)).toMatchObject({ total: 7, last_page: 4 });
      // Down: no amount last, ties by id downwards. E-6, E-3, E-0, E-5, E-2, E-4, E-1.
      expect(references(await listApplications(t.db, 'all', query(-1, { direction: 'desc' }), everyPeriod, undefined, 3))).toEqual([
        'E-4',
        'E-1',
      ]);
      expect(references(await listApplications(t.db, 'all', query(-2, { direction: 'desc' }), everyPeriod, undefined, 3))).toEqual([
        'E-5',
        'E-2',
      ]);
    });

    it('counts from the end of a status filter, searched past the cap or summed from the tallies, either way', async () => {
      // Received (20) alone, up: E-4, E-2, E-0, E-6.
      const searched = (page: number) =>
        parseListQuery(listSpecs.all, { search: surname, 'status[]': '20', sort: 'money', per_page: '3', page: String(page) });
      for (const way of ['walk', 'collect'] as const) {
        const last = await listApplications(t.db, 'all', searched(-1), everyPeriod, way, 2);
        expect(references(last)).toEqual(['E-2', 'E-0', 'E-6']);
        expect(last).toMatchObject({ total_exact: false, has_next_page: false, has_previous_page: true });
        expect(references(await listApplications(t.db, 'all', searched(-2), everyPeriod, way, 2))).toEqual(['E-4']);
      }
      const tallied = (page: number) =>
        parseListQuery(listSpecs.all, { period: String(period), 'status[]': '20', sort: 'money', per_page: '3', page: String(page) });
      for (const way of ['collect', 'walk'] as const) {
        const end = await listApplications(t.db, 'all', tallied(-1), everyPeriod, way);
        expect(references(end)).toEqual(['E-2', 'E-0', 'E-6']);
        expect(end).toMatchObject({ total: 4, last_page: 2, current_page: -1, has_next_page: false, has_previous_page: true });
        const start = await listApplications(t.db, 'all', tallied(-2), everyPeriod, way);
        expect(references(start)).toEqual(['E-4']);
        expect(start).toMatchObject({ has_next_page: true, has_previous_page: false });
      }
      // The decided list too: its one decided application here.
      const decided = parseListQuery(listSpecs.decided, { period: String(period), sort: 'money', page: '-1' });
      expect(references(await listApplications(t.db, 'decided', decided, everyPeriod))).toEqual(['E-3']);
    });

    it('counts one’s own investigations from the end, nulls where the list puts them', async () => {
      const staffId = await createStaff(t.db, 'admin', `scale-end-${randomUUID()}@test.se`);
      const mine = await t.db.selectFrom('applications').select('id').where('period_id', '=', period).orderBy('id').execute();
      await t.db
        .insertInto('investigations')
        .values(mine.map((a) => ({ application_id: a.id, user_id: staffId })))
        .execute();
      // Up, no amount last (as PostgreSQL puts nulls): E-2, E-5, E-0, E-3, E-6, E-1, E-4.
      const query = (page: number) => parseListQuery(ownList, { sort: 'money', per_page: '2', page: String(page) });
      for (const cap of [undefined, 2]) {
        expect(references(await ownInvestigations(t.db, { ...unconcerned, userId: staffId }, query(-1), null, cap))).toEqual([
          'E-1',
          'E-4',
        ]);
        expect(references(await ownInvestigations(t.db, { ...unconcerned, userId: staffId }, query(-2), null, cap))).toEqual([
          'E-3',
          'E-6',
        ]);
        expect(references(await ownInvestigations(t.db, { ...unconcerned, userId: staffId }, query(-4), null, cap))).toEqual(['E-2']);
      }
      expect(await ownInvestigations(t.db, { ...unconcerned, userId: staffId }, query(-1), null, 2)).toMatchObject({
        total: 2,
        total_exact: false,
        has_next_page: false,
        has_previous_page: true,
      });
    });

    it('answers page=-1 over HTTP, and refuses page 0 beside the parameter', async () => {
      const url = `/api/v1/applications/all?search=${surname}&sort=money&per_page=2`;
      const last = await call(t.app, { method: 'GET', url: `${url}&page=-1`, cookie: admin });
      expect(last.statusCode, last.body).toBe(200);
      expect(last.json().data).toMatchObject({ total: 7, current_page: -1, last_page: 4, has_next_page: false, has_previous_page: true });
      expect(references(last.json().data)).toEqual(['E-3', 'E-6']);
      const zero = await call(t.app, { method: 'GET', url: `${url}&page=0`, cookie: admin });
      expect(zero.statusCode).toBe(422);
      expect(zero.json().errors).toEqual({
        page: ['Fältet page ska vara ett heltal från 1 till 1000000, eller från -1 till -1000000 för att räkna från slutet.'],
      });
      const own = await call(t.app, { method: 'GET', url: '/api/v1/applications/userInvestigations?page=0', cookie: admin });
      expect(own.statusCode).toBe(422);
      expect(Object.keys(own.json().errors)).toEqual(['page']);
    });
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
          everyPeriod,
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
