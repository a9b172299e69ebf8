import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../auth/sessions.js';
import { seedDemo } from '../../demo/demo.js';
import { translator } from '../../i18n.js';
import { statisticsCsv } from '../../statistics/export.js';
import { exactOre } from '../../statistics/queries.js';
import { createApplicant, createPeriod } from '../../test/handlingFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;
let investigator: string;
let applicant: string;
let periodId: number;
const categoryIds: Record<string, number> = {};

/**
 * A fresh period with known applications. Amounts in öre, with odd öre so that a float would show. Months in
 * Stockholm time: 2026-01-31T23:30Z is 00:30 on 1 February (winter, UTC+1); 2026-03-31T22:30Z is 00:30 on 1 April
 * (summer time began on 29 March, UTC+2).
 */
const fixture = [
  {
    status: 20,
    money: 100_050,
    approved_money: null,
    applicant_type: 20,
    sent_in_at: '2026-01-15T10:00:00Z',
    categories: ['Åtgärd', 'Syfte X'],
  },
  { status: 40, money: 250_000, approved_money: 200_001, applicant_type: 10, sent_in_at: '2026-01-31T23:30:00Z', categories: ['Ärende'] },
  // A granted amount on a rejected or ongoing application is not counted as granted.
  {
    status: -10,
    money: 5_000_000,
    approved_money: 123,
    applicant_type: 20,
    sent_in_at: '2026-02-10T12:00:00Z',
    categories: ['Åtgärd', 'Ärende', 'Syfte X'],
  },
  { status: 30, money: null, approved_money: 999, applicant_type: 30, sent_in_at: '2026-03-01T00:00:00Z', categories: [] },
  { status: 10, money: 7_777_777, approved_money: 1, applicant_type: 20, sent_in_at: null, categories: ['Åtgärd'] },
  { status: 40, money: 300, approved_money: 300, applicant_type: 20, sent_in_at: '2026-03-31T22:30:00Z', categories: ['Barn test'] },
];

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
  await createStaff(t.db, 'admin', 'admin@test.se');
  await createStaff(t.db, 'utredare', 'utredare@test.se');
  admin = await sessionCookie(t.app, 'admin@test.se');
  investigator = await sessionCookie(t.app, 'utredare@test.se');
  const user = await t.db
    .insertInto('frontend_users')
    .values({ email: 'stat@test.se', verified_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  applicant = `applicant_session=${await createSession(t.db, 'applicant', user.id, 3600)}`;

  ({ id: periodId } = await t.db
    .insertInto('periods')
    .values({ name: 'Statistikperiod 2026', start_date: '2026-01-01', end_date: '2026-04-30' })
    .returning('id')
    .executeTakeFirstOrThrow());
  const labels: [string, number][] = [
    ['Åtgärd', 10],
    ['Ärende', 10],
    ['Barn test', 10],
    ['Syfte X', 20],
  ];
  for (const [label, type] of labels) {
    categoryIds[label] = (await t.db.insertInto('categories').values({ label, type }).returning('id').executeTakeFirstOrThrow()).id;
  }
  for (const { categories, sent_in_at, ...row } of fixture) {
    const { id } = await t.db
      .insertInto('applications')
      .values({
        ...row,
        sent_in_at: sent_in_at ? new Date(sent_in_at) : null,
        frontend_user_id: user.id,
        period_id: periodId,
        definitions: JSON.stringify({}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (categories.length) {
      await t.db
        .insertInto('application_categories')
        .values(categories.map((label) => ({ application_id: id, category_id: categoryIds[label] })))
        .execute();
    }
  }
});
afterAll(() => t.close());

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'GET', url: `/api/v1${url}`, cookie, headers });

describe('GET /statistics', () => {
  it('counts and sums one period exactly, without drafts, granting only approved applications', async () => {
    const response = await get(`/statistics?period=${periodId}`, admin);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.period).toEqual({ id: periodId, name: 'Statistikperiod 2026' });
    expect(data.totals).toEqual({ applications: 5, applied: 5_350_350, approved: 200_301, participants: 0, events: 0 });
    expect(data.by_status).toEqual([
      { status: 20, applications: 1, applied: 100_050, approved: 0 },
      { status: 30, applications: 1, applied: 0, approved: 0 },
      { status: 40, applications: 2, applied: 250_300, approved: 200_301 },
      { status: -10, applications: 1, applied: 5_000_000, approved: 0 },
    ]);
    expect(data.by_applicant_type).toEqual([
      { applicant_type: 10, applications: 1, applied: 250_000, approved: 200_001 },
      { applicant_type: 20, applications: 3, applied: 5_100_350, approved: 300 },
      { applicant_type: 30, applications: 1, applied: 0, approved: 0 },
    ]);
    // Equal counts sort by Swedish label: Å before Ä (byte order would put Ä first).
    expect(data.by_category_type).toEqual({
      target_group: [
        { category_id: categoryIds['Åtgärd'], label: 'Åtgärd', applications: 2, applied: 5_100_050, approved: 0 },
        { category_id: categoryIds['Ärende'], label: 'Ärende', applications: 2, applied: 5_250_000, approved: 200_001 },
        { category_id: categoryIds['Barn test'], label: 'Barn test', applications: 1, applied: 300, approved: 300 },
      ],
      purpose: [{ category_id: categoryIds['Syfte X'], label: 'Syfte X', applications: 2, applied: 5_100_050, approved: 0 }],
      geographic_area: [],
      focus_area: [],
    });
  });

  it('groups by the month in Stockholm time, across the change to summer time', async () => {
    const data = (await get(`/statistics?period=${periodId}`, admin)).json().data;
    expect(data.by_month).toEqual([
      { month: '2026-01', applications: 1, applied: 100_050, approved: 0 },
      { month: '2026-02', applications: 2, applied: 5_250_000, approved: 200_001 },
      { month: '2026-03', applications: 1, applied: 0, approved: 0 },
      { month: '2026-04', applications: 1, applied: 300, approved: 300 },
    ]);
  });

  it('over every period adds the demo’s applications sent in to the fixture', async () => {
    const demo = await t.db
      .selectFrom('applications')
      .select(['status', 'money', 'approved_money'])
      .where('period_id', '!=', periodId)
      .execute();
    const sentIn = demo.filter((a) => a.status !== 10);
    expect(sentIn.length).toBeGreaterThan(5);
    const data = (await get('/statistics', admin)).json().data;
    expect(data.period).toBeNull();
    // The follow-ups' figures are another test's (tests run in any order).
    expect(data.totals).toMatchObject({
      applications: sentIn.length + 5,
      applied: sentIn.reduce((sum, a) => sum + (a.money ?? 0), 0) + 5_350_350,
      approved: sentIn.filter((a) => a.status === 40).reduce((sum, a) => sum + (a.approved_money ?? 0), 0) + 200_301,
    });
    const statusSum = data.by_status.reduce((sum: number, row: { applications: number }) => sum + row.applications, 0);
    expect(statusSum).toBe(data.totals.applications);
  });

  it('answers zeros and empty tables for a period without applications sent in, and 404 for an unknown one', async () => {
    const empty = await t.db
      .insertInto('periods')
      .values({ name: 'Tom period', start_date: '2027-01-01', end_date: '2027-02-01' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const data = (await get(`/statistics?period=${empty.id}`, admin)).json().data;
    expect(data.totals).toEqual({ applications: 0, applied: 0, approved: 0, participants: 0, events: 0 });
    expect([data.by_status, data.by_applicant_type, data.by_month, data.by_category_type.target_group]).toEqual([[], [], [], []]);
    expect((await get('/statistics?period=999999', admin)).statusCode).toBe(404);
    expect((await get('/statistics?period=abc', admin)).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('adds the participants and events of the follow-ups sent in, of the period asked for or of all', async () => {
    const before = (await get('/statistics', admin)).json().data.totals;
    const period = await createPeriod(t.db, 'Uppföljningsperiod');
    const user = await createApplicant(t.db, 'uppfoljning@test.se');
    const followups = [
      { participants: 120, events: 4, sentIn: true },
      { participants: 35, events: 1, sentIn: true },
      // Answered but not sent in: not counted yet.
      { participants: 1_000, events: 50, sentIn: false },
    ];
    for (const { sentIn, ...answers } of followups) {
      // No reference: the demo's take the fixtures' numbers.
      const application = await t.db
        .insertInto('applications')
        .values({ status: 40, frontend_user_id: user, period_id: period.id, definitions: '{}', sent_in_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('application_followups')
        .values({ ...answers, application_id: application.id, requested_at: new Date() })
        .execute();
      if (sentIn)
        await t.db.updateTable('applications').set({ followup_sent_in_at: new Date() }).where('id', '=', application.id).execute();
    }
    const ofPeriod = (await get(`/statistics?period=${period.id}`, admin)).json().data.totals;
    expect(ofPeriod).toMatchObject({ applications: 3, participants: 155, events: 5 });
    const all = (await get('/statistics', admin)).json().data.totals;
    expect([all.participants - before.participants, all.events - before.events]).toEqual([155, 5]);
  });

  it('reads sums exactly and refuses one beyond 2^53 öre rather than rounding it', () => {
    expect(exactOre('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => exactOre('9007199254740993')).toThrow();
  });
});

describe('GET /statistics/export', () => {
  it('writes one table in English as CSV with a BOM, translated headers, commas and decimal points, one row per group', async () => {
    const response = await get(`/statistics/export?table=status&period=${periodId}`, admin, { 'accept-language': 'en-US' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="statistics-status-statistikperiod-2026.csv"; filename*=UTF-8''statistics-status-statistikperiod-2026.csv`,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(response.body.slice(1).split('\r\n')).toEqual([
      'Status,Applications,Amount applied for (SEK),Amount granted (SEK)',
      'Unprocessed,1,1000.50,0.00',
      'Under investigation,1,0.00,0.00',
      'Approved,2,2503.00,2003.01',
      'Rejected,1,50000.00,0.00',
    ]);
  });

  it('writes amounts exactly as the language’s spreadsheet reads them: 1234,50 with ; in Swedish, 1234.50 with , in English', () => {
    const figures = { applications: 2, applied: 123_450, approved: 123_456_789_012_345 };
    const statistics = {
      period: null,
      totals: { ...figures, participants: 0, events: 0 },
      by_status: [],
      by_category_type: { target_group: [], purpose: [], geographic_area: [], focus_area: [] },
      by_applicant_type: [],
      by_month: [{ ...figures, month: '2026-02' }],
    };
    const csv = (locale: 'sv-SE' | 'en-US') =>
      statisticsCsv(statistics, 'month', { t: translator(locale), locale })
        .slice(1)
        .split('\r\n');
    expect(csv('sv-SE')).toEqual(['Månad;Ansökningar;Sökt belopp (kr);Beviljat belopp (kr)', '2026-02;2;1234,50;1234567890123,45']);
    expect(csv('en-US')).toEqual([
      'Month,Applications,Amount applied for (SEK),Amount granted (SEK)',
      '2026-02,2,1234.50,1234567890123.45',
    ]);
  });

  it('names columns and labels in Swedish by default, for every table, with semicolons and decimal commas', async () => {
    const lines = async (table: string) => {
      const response = await get(`/statistics/export?table=${table}&period=${periodId}`, admin);
      expect(response.statusCode).toBe(200);
      return response.body.slice(1).split('\r\n');
    };
    expect(await lines('category_type')).toEqual([
      'Kategorityp;Kategori;Ansökningar;Sökt belopp (kr);Beviljat belopp (kr)',
      'Målgrupp;Åtgärd;2;51000,50;0,00',
      'Målgrupp;Ärende;2;52500,00;2000,01',
      'Målgrupp;Barn test;1;3,00;3,00',
      'Syfte;Syfte X;2;51000,50;0,00',
    ]);
    expect(await lines('applicant_type')).toEqual([
      'Typ av sökande;Ansökningar;Sökt belopp (kr);Beviljat belopp (kr)',
      'Kontaktperson;1;2500,00;2000,01',
      'Organisation;3;51003,50;3,00',
      'Båda;1;0,00;0,00',
    ]);
    expect(await lines('month')).toHaveLength(5);
    const all = await get('/statistics/export?table=month', admin);
    expect(all.headers['content-disposition']).toBe(
      `attachment; filename="statistik-manad-alla-perioder.csv"; filename*=UTF-8''statistik-manad-alla-perioder.csv`,
    );
    expect((await get('/statistics/export?table=nope', admin)).statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('who may see statistics', () => {
  it('answers 401 to anonymous callers and applicants, 403 to an investigator, 200 to an admin', async () => {
    for (const url of ['/statistics', `/statistics/export?table=status&period=${periodId}`]) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, applicant)).statusCode, url).toBe(401);
      expect((await get(url, investigator)).statusCode, url).toBe(403);
      expect((await get(url, admin)).statusCode, url).toBe(200);
    }
  });
});
