import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { applicantCookie, createApplicant, createApplication, createPeriod, historyOf } from '../../test/handlingFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

const { grant, no_proposal: noProposal } = enums.investigation_status;

let t: TestApp;
let admin: string;
let adminId: number;
let erik: string;
let erikId: number;
let olga: string;
let olgaId: number;
let outsider: string;
let applicant: string;
let periodId: number;
let frontendUserId: number;

const get = (url: string, cookie?: string, headers?: Record<string, string>) =>
  call(t.app, { method: 'GET', url: `/api/v1${url}`, cookie, headers });
const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string | undefined,
  payload?: unknown,
  headers?: Record<string, string>,
) => call(t.app, { method, url: `/api/v1${url}`, cookie, payload: payload as object, headers });
const addInvestigator = (uuid: string, userId: number) =>
  send('POST', `/applications/${uuid}/investigators`, admin, { data: { user_id: userId } });

beforeAll(async () => {
  t = await createTestApp();
  adminId = await createStaff(t.db, 'admin', 'admin@test.se');
  erikId = await createStaff(t.db, 'utredare', 'erik@test.se');
  olgaId = await createStaff(t.db, 'utredare', 'olga@test.se');
  await createStaff(t.db, 'utredare', 'outsider@test.se');
  await t.db.updateTable('users').set({ first_name: 'Olga' }).where('id', '=', olgaId).execute();
  [admin, erik, olga, outsider] = await Promise.all(
    ['admin@test.se', 'erik@test.se', 'olga@test.se', 'outsider@test.se'].map((e) => sessionCookie(t.app, e)),
  );
  periodId = (await createPeriod(t.db, 'Vår 2026')).id;
  frontendUserId = await createApplicant(t.db, 'sokande@test.se');
  applicant = await applicantCookie(t.db, frontendUserId);
});
afterAll(() => t.close());

describe('investigators on an application', () => {
  it('adds an investigator with an investigation without a proposal, once, and records who did it', async () => {
    const application = await createApplication(t.db, { periodId, frontendUserId });
    const added = await addInvestigator(application.uuid, erikId);
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({
      user_id: erikId,
      name: 'Erik Test',
      email: 'erik@test.se',
      investigation: { status: noProposal, amount: null, comment: null },
    });

    // A second add (a repeated click) changes nothing.
    const again = await addInvestigator(application.uuid, erikId);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.investigation.id).toBe(added.json().data.investigation.id);

    const list = (await get(`/applications/${application.uuid}/investigators`, admin)).json().data;
    expect(list.map((i: { user_id: number }) => i.user_id)).toEqual([erikId]);
    expect(await historyOf(t.db, application.id)).toEqual([
      { user_id: adminId, action: 'investigator_added', before: null, after: { user_id: erikId, name: 'Erik Test' } },
    ]);
  });

  it('takes only active staff users who may investigate; an admin may', async () => {
    const application = await createApplication(t.db, { periodId, frontendUserId });
    const inactive = await createStaff(t.db, 'utredare', 'gone@test.se', false);
    await t.db.insertInto('roles').values({ name: 'reception' }).execute();
    const reception = await createStaff(t.db, 'admin', 'reception@test.se');
    await t.db.updateTable('users').set({ role: 'reception' }).where('id', '=', reception).execute();

    for (const userId of [inactive, reception, 999_999]) {
      const refused = await addInvestigator(application.uuid, userId);
      expect(refused.statusCode, String(userId)).toBe(422);
      expect(refused.json().errors).toEqual({ user_id: ['Den valda användaren är inte en aktiv utredare.'] });
    }
    expect((await addInvestigator(application.uuid, adminId)).statusCode).toBe(201);

    // The ability granted for this application's period only is enough; for another period it is not.
    await t.db
      .insertInto('user_abilities')
      .values({ user_id: reception, ability: 'investigate-applications', entity_type: 'periods', entity_id: periodId + 1000 })
      .execute();
    expect((await addInvestigator(application.uuid, reception)).statusCode).toBe(422);
    await t.db
      .insertInto('user_abilities')
      .values({ user_id: reception, ability: 'investigate-applications', entity_type: 'periods', entity_id: periodId })
      .execute();
    expect((await addInvestigator(application.uuid, reception)).statusCode).toBe(201);
  });

  it('knows no draft (404), as no unknown application', async () => {
    const draft = await createApplication(t.db, { periodId, frontendUserId, status: enums.application_status.draft });
    expect((await addInvestigator(draft.uuid, erikId)).statusCode).toBe(404);
    expect((await addInvestigator('00000000-0000-4000-8000-000000000000', erikId)).statusCode).toBe(404);
    const malformed = await send('POST', `/applications/${draft.uuid}/investigators`, admin, { data: { user_id: 'x' } });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual({ user_id: ['Fältet användare måste vara ett heltal.'] });
  });

  it('removing an investigator deletes their investigation and keeps it in the history', async () => {
    const application = await createApplication(t.db, { periodId, frontendUserId });
    await addInvestigator(application.uuid, erikId);
    await addInvestigator(application.uuid, olgaId);
    await send('PUT', `/applications/${application.uuid}/investigations/mine`, erik, {
      data: { amount: 5_000_50, status: grant, comment: 'Bra projekt.' },
    });

    const removed = await send('DELETE', `/applications/${application.uuid}/investigators/${erikId}`, admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ user_id: erikId, investigation: { amount: 5_000_50, status: grant } });
    const left = await t.db.selectFrom('investigations').select('user_id').where('application_id', '=', application.id).execute();
    expect(left).toEqual([{ user_id: olgaId }]);
    expect((await historyOf(t.db, application.id)).at(-1)).toEqual({
      user_id: adminId,
      action: 'investigator_removed',
      before: { user_id: erikId, name: 'Erik Test', amount: 5_000_50, status: grant, comment: 'Bra projekt.' },
      after: null,
    });
    expect((await send('DELETE', `/applications/${application.uuid}/investigators/${erikId}`, admin)).statusCode).toBe(404);
    // No longer on it: Erik's own proposal is refused.
    expect((await send('PUT', `/applications/${application.uuid}/investigations/mine`, erik, { data: { status: grant } })).statusCode).toBe(
      403,
    );
  });
});

describe('the signed-in user’s own investigations', () => {
  it('lists only mine, by sent-in date, 50 a page, with my proposal', async () => {
    // An investigator of this test's own, so that the list holds exactly what the test gives them.
    const ylvaId = await createStaff(t.db, 'utredare', 'ylva@test.se');
    const ylva = await sessionCookie(t.app, 'ylva@test.se');
    const period = await createPeriod(t.db, 'Höst 2026');
    const user = await createApplicant(t.db, 'lista@test.se', 'Lisa', 'Lista');
    const dates = ['2026-03-05T09:00:00Z', '2026-03-01T09:00:00Z', '2026-03-03T09:00:00Z'];
    const mine = [];
    for (const sentInAt of dates) {
      const application = await createApplication(t.db, { periodId: period.id, frontendUserId: user, sentInAt, money: 2_500_00 });
      await addInvestigator(application.uuid, ylvaId);
      mine.push(application);
    }
    const notMine = await createApplication(t.db, { periodId: period.id, frontendUserId: user, sentInAt: '2026-03-02T09:00:00Z' });
    await addInvestigator(notMine.uuid, erikId);
    await send('PUT', `/applications/${mine[0].uuid}/investigations/mine`, ylva, { data: { amount: 2_000_00, status: grant } });

    const response = await get('/applications/userInvestigations', ylva);
    expect(response.statusCode).toBe(200);
    const page = response.json().data;
    expect(page.data.map((r: { uuid: string }) => r.uuid)).toEqual([mine[1].uuid, mine[2].uuid, mine[0].uuid]);
    expect(page).toMatchObject({ total: 3, current_page: 1, per_page: 50, last_page: 1 });
    expect(page.data[2]).toEqual({
      id: mine[0].id,
      uuid: mine[0].uuid,
      reference: expect.stringMatching(/^2026-\d{4}$/),
      status: enums.application_status.received,
      applicant: { id: user, name: 'Lisa Lista', email: 'lista@test.se' },
      period: { id: period.id, uuid: period.uuid, name: 'Höst 2026' },
      money_value: 2_500_00,
      sent_in_at: '2026-03-05T09:00:00.000Z',
      investigation: { status: grant, amount: 2_000_00, updated_at: expect.any(String) },
      // Its type has no review criteria: no figures, and no review of Ylva's to do.
      review: { score: null, spread: null, reviews_in: 0, reviews_pending: 0 },
      my_review: null,
      withheld: null,
    });

    const descending = (await get('/applications/userInvestigations?direction=desc', ylva)).json().data.data;
    expect(descending[0].uuid).toBe(mine[0].uuid);
    const second = (await get('/applications/userInvestigations?per_page=2&page=2', ylva)).json().data;
    expect(second).toMatchObject({ total: 3, current_page: 2, per_page: 2, last_page: 2 });
    expect(second.data.map((r: { uuid: string }) => r.uuid)).toEqual([mine[0].uuid]);
  });

  it('refuses a search and an unknown sort', async () => {
    const search = await get('/applications/userInvestigations?search=lisa', olga);
    expect(search.statusCode).toBe(422);
    expect(search.json().errors).toHaveProperty('search');
    const sort = await get('/applications/userInvestigations?sort=password', olga);
    expect(sort.statusCode).toBe(422);
    expect(sort.json().errors).toEqual({ sort: ['Det går inte att sortera på password.'] });
    expect((await get('/applications/userInvestigations?sort=applicant&direction=sideways', olga)).statusCode).toBe(422);
    expect((await get('/applications/userInvestigations?sort=reference&direction=desc', olga)).statusCode).toBe(200);
  });
});

describe('proposals', () => {
  it('investigators on an application see each other’s proposals; others are refused unless they manage applications', async () => {
    const application = await createApplication(t.db, { periodId, frontendUserId });
    await addInvestigator(application.uuid, erikId);
    await addInvestigator(application.uuid, olgaId);
    const saved = await send('PUT', `/applications/${application.uuid}/investigations/mine`, erik, {
      data: { amount: 7_500_25, status: grant, comment: 'Bevilja delvis.' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ amount: 7_500_25, status: grant, comment: 'Bevilja delvis.' });

    const seenByOlga = (await get(`/applications/${application.uuid}/investigations`, olga)).json().data;
    expect(seenByOlga).toEqual([
      {
        id: expect.any(Number),
        user_id: erikId,
        investigator: 'Erik Test',
        name: 'Erik Test',
        amount: 7_500_25,
        status: grant,
        comment: 'Bevilja delvis.',
        updated_at: expect.any(String),
        mine: false,
        withheld: false,
      },
      {
        id: expect.any(Number),
        user_id: olgaId,
        investigator: 'Olga Test',
        name: 'Olga Test',
        amount: null,
        status: noProposal,
        comment: null,
        updated_at: expect.any(String),
        mine: true,
        withheld: false,
      },
    ]);
    const refused = await get(`/applications/${application.uuid}/investigations`, outsider);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Du är inte utredare på den här ansökan.');
    expect((await get(`/applications/${application.uuid}/investigations`, admin)).json().data).toHaveLength(2);

    expect((await historyOf(t.db, application.id)).at(-1)).toEqual({
      user_id: erikId,
      action: 'investigation',
      before: { amount: null, status: noProposal, comment: null },
      after: { amount: 7_500_25, status: grant, comment: 'Bevilja delvis.' },
    });
  });

  it('refuses bad values with translated field errors, and an investigator not on the application', async () => {
    const application = await createApplication(t.db, { periodId, frontendUserId });
    await addInvestigator(application.uuid, erikId);
    const bad = await send('PUT', `/applications/${application.uuid}/investigations/mine`, erik, {
      data: { amount: -1, status: 30, comment: 'x'.repeat(20_001) },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      amount: ['Fältet belopp måste vara minst 0.'],
      status: ['Det valda värdet för status är ogiltigt.'],
      comment: ['Fältet kommentar får vara högst 20000 tecken.'],
    });
    const tooMuch = await send(
      'PUT',
      `/applications/${application.uuid}/investigations/mine`,
      erik,
      { data: { amount: 100_000_000_01, status: grant } },
      { 'accept-language': 'en-US' },
    );
    expect(tooMuch.json().errors.amount).toEqual(['The amount may not be more than 10000000000.']);
    const missing = await send('PUT', `/applications/${application.uuid}/investigations/mine`, erik, { data: { amount: 5 } });
    expect(missing.json().errors).toEqual({ status: ['Fältet status är obligatoriskt.'] });

    const notOn = await send('PUT', `/applications/${application.uuid}/investigations/mine`, olga, { data: { status: grant } });
    expect(notOn.statusCode).toBe(403);
    expect(notOn.json().message).toBe('Du är inte utredare på den här ansökan.');
  });
});

describe('who may call the investigation routes', () => {
  it('answers 401 to anonymous callers and applicants, 403 to investigators on managers’ routes, and serves the admin', async () => {
    const application = await createApplication(t.db, { periodId, frontendUserId });
    const base = `/applications/${application.uuid}`;
    const routes: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown; manage: boolean; ok: number }[] = [
      { method: 'GET', url: `${base}/investigators`, manage: true, ok: 200 },
      { method: 'POST', url: `${base}/investigators`, payload: { data: { user_id: adminId } }, manage: true, ok: 201 },
      { method: 'GET', url: '/applications/userInvestigations', manage: false, ok: 200 },
      { method: 'GET', url: `${base}/investigations`, manage: false, ok: 200 },
      { method: 'PUT', url: `${base}/investigations/mine`, payload: { data: { status: grant } }, manage: false, ok: 200 },
      { method: 'DELETE', url: `${base}/investigators/${adminId}`, manage: true, ok: 200 },
    ];
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      const as = (cookie?: string) =>
        call(t.app, { method: route.method, url: `/api/v1${route.url}`, cookie, payload: route.payload as object });
      expect((await as()).statusCode, label).toBe(401);
      expect((await as(applicant)).statusCode, label).toBe(401);
      if (route.manage) expect((await as(outsider)).statusCode, label).toBe(403);
      expect((await as(admin)).statusCode, label).toBe(route.ok);
    }
  });
});
