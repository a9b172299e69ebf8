import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCells, exportColumns } from '../../applications/exportCsv.js';
import { everyPeriod, listApplications, listSpecs } from '../../applications/lists.js';
import { toCsv } from '../../csv.js';
import { createSession } from '../../auth/sessions.js';
import { seedDemo } from '../../demo/demo.js';
import { translator } from '../../i18n.js';
import { parseListQuery } from '../../lists/listQuery.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;
let investigator: string;
let applicant: string;
let adminId: number;
/** A period of this file's own, with applicants named so that the Swedish order shows; tests only read it. */
let period: { id: number; uuid: string };
const ids: Record<string, number> = {};
const uuids: Record<string, string> = {};

const get = (url: string, cookie = admin, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'GET', url: `/api/v1${url}`, cookie, headers });
const post = (url: string, payload: object, cookie = admin) => call(t.app, { method: 'POST', url: `/api/v1${url}`, cookie, payload });
const list = async (url: string, cookie = admin) => {
  const response = await get(url, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { data: Record<string, any>[]; total: number; current_page: number; per_page: number; last_page: number }; // eslint-disable-line @typescript-eslint/no-explicit-any -- rows of any list, read field by field
};
const references = (page: { data: { reference: string }[] }) => page.data.map((r) => r.reference);
const applicantEmail = async (applicationId: number) =>
  (
    await t.db
      .selectFrom('applications as a')
      .innerJoin('frontend_users as f', 'f.id', 'a.frontend_user_id')
      .select('f.email')
      .where('a.id', '=', applicationId)
      .executeTakeFirstOrThrow()
  ).email;

async function frontendUser(first: string, last: string) {
  const { id } = await t.db
    .insertInto('frontend_users')
    .values({ email: `${randomUUID()}@test.se`, first_name: first, last_name: last })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

type ApplicationValues = {
  frontend_user_id: number;
  status: number;
  reference?: string | null;
  period_id?: number;
  money?: number;
  org_name?: string;
  sent_in_at?: Date;
};

async function insertApplication(values: ApplicationValues & { reference: string | null; period_id: number }) {
  return t.db
    .insertInto('applications')
    .values({ money: 100_000, sent_in_at: new Date('2025-05-10T10:00:00Z'), ...values })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
}

async function application(key: string, values: ApplicationValues) {
  const row = await insertApplication({ period_id: period.id, reference: key, ...values });
  ids[key] = row.id;
  uuids[key] = row.uuid;
}

/** A closed period of a test's own, for applications that the test changes. */
async function ownPeriod(name: string) {
  return t.db
    .insertInto('periods')
    .values({ name, start_date: '2025-01-01', end_date: '2025-12-31', closed: true })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
}

/** An application of a test's own, sent in, in a period of its own. */
async function ownApplication(reference: string, status = 20) {
  const own = await ownPeriod(`Period för ${reference}`);
  return insertApplication({ period_id: own.id, reference, status, frontend_user_id: await frontendUser('Olle', 'Egen') });
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
  adminId = await createStaff(t.db, 'admin', 'admin@test.se');
  await createStaff(t.db, 'utredare', 'utredare@test.se');
  admin = await sessionCookie(t.app, 'admin@test.se');
  investigator = await sessionCookie(t.app, 'utredare@test.se');
  const someone = await t.db.selectFrom('frontend_users').select('id').orderBy('id').executeTakeFirstOrThrow();
  applicant = `applicant_session=${await createSession(t.db, 'applicant', someone.id, 3600)}`;

  period = await t.db
    .insertInto('periods')
    .values({ name: 'Testperiod', start_date: '2025-01-01', end_date: '2025-12-31', closed: true })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
  // Names whose order differs between byte order and Swedish: Å before Ä, and "de Wit" among the D's.
  const names: [string, string, string, number][] = [
    ['T-01', 'Örjan', 'Öberg', 20],
    ['T-02', 'Zlatan', 'Zetterberg', 30],
    ['T-03', 'Åsa', 'Åberg', 40],
    ['T-04', 'Ärna', 'Ärlig', -10],
    ['T-05', 'Anna', 'Andersson', 20],
    ['T-06', 'Dirk', 'de Wit', 40],
  ];
  for (const [reference, first, last, status] of names)
    await application(reference, { frontend_user_id: await frontendUser(first, last), status });
  // The smallest amount, so that the money sort shows.
  await t.db.updateTable('applications').set({ money: 5 }).where('id', '=', ids['T-04']).execute();
  await application('T-07', { frontend_user_id: await frontendUser('Dagny', 'Draft'), status: 10, reference: null });
  ids.draft = ids['T-07'];
  uuids.draft = uuids['T-07'];
});
afterAll(() => t.close());

describe('GET /applications/all', () => {
  it('lists every application sent in, never drafts, 50 a page by reference', async () => {
    const page = await list('/applications/all?per_page=100');
    const expected = await t.db
      .selectFrom('applications')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('status', '!=', 10)
      .executeTakeFirstOrThrow();
    expect(page.total).toBe(expected.n);
    expect(page.data.every((r) => r.status !== 10)).toBe(true);
    expect(page.data.map((r) => r.id)).not.toContain(ids.draft);
    const refs = references(page as never);
    expect(refs).toEqual([...refs].sort());
    expect((await list('/applications/all')).per_page).toBe(50);
  });

  it('answers each row with applicant, period, type, money in öre and the six progress indicators', async () => {
    const { data } = await list(`/applications/all?period=${period.id}&sort=reference`);
    expect(data[0]).toMatchObject({
      id: ids['T-01'],
      uuid: uuids['T-01'],
      reference: 'T-01',
      status: 20,
      applicant: { name: 'Örjan Öberg' },
      period: { id: period.id, uuid: period.uuid, name: 'Testperiod' },
      money: 100_000,
      money_value: 100_000,
      approved_money: null,
      finished: false,
      progress: {
        unhandled: true,
        unread_messages: false,
        followup_at: null,
        followup_sent_in_at: null,
        distribution_mail_sent_at: null,
        finished: false,
      },
    });
    expect(data[0].applicant.email).toMatch(/@test\.se$/);
    expect(data[1].progress.unhandled).toBe(false);
  });

  it('filters by status and period; a status the list does not show is a 422', async () => {
    const received = await list('/applications/all?status[]=20&per_page=100');
    expect(received.data.length).toBeGreaterThan(0);
    expect(received.data.every((r) => r.status === 20)).toBe(true);
    // Its total, with the page (one statement) or past the last page (no row to carry it).
    const counted = await t.db
      .selectFrom('applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 20)
      .executeTakeFirstOrThrow();
    expect(received.total).toBe(Number(counted.n));
    const past = await list(`/applications/all?status[]=20&per_page=100&page=${received.last_page + 1}`);
    expect([past.data.length, past.total]).toEqual([0, received.total]);
    const two = await list(`/applications/all?status[]=40&status[]=-10&period=${period.id}`);
    expect(references(two as never)).toEqual(['T-03', 'T-04', 'T-06']);
    for (const url of ['/applications/all?status[]=10', '/applications/all?status[]=99', '/applications/all?status=abc']) {
      const refused = await get(url);
      expect(refused.statusCode, url).toBe(422);
      expect(refused.json().errors.status).toEqual(['Det valda värdet för status är ogiltigt.']);
    }
  });

  it('refuses unknown filters and sorts, and malformed paging, in the caller’s language', async () => {
    const filter = await get('/applications/all?frontend_user=1', admin, { 'accept-language': 'en-US' });
    expect(filter.statusCode).toBe(422);
    expect(filter.json().errors.frontend_user).toEqual(['It is not possible to filter by frontend_user.']);
    const sort = await get('/applications/all?sort=approved_fou');
    expect(sort.json().errors.sort).toEqual(['Det går inte att sortera på approved_fou.']);
    expect((await get('/applications/all?per_page=101')).statusCode).toBe(422);
    expect((await get('/applications/all?page=0')).statusCode).toBe(422);
    expect((await get('/applications/all?direction=up')).statusCode).toBe(422);
    expect((await get('/applications/all?period=x')).statusCode).toBe(422);
  });

  it('presets: followups finds a follow-up requested and not finished, sent in or not; unread finds none while no applicant has written', async () => {
    const own = await ownPeriod('Uppföljningar');
    const user = await frontendUser('Ulla', 'Uppföljd');
    const awaited = await insertApplication({ period_id: own.id, reference: 'F-01', status: 40, frontend_user_id: user });
    const sentIn = await insertApplication({ period_id: own.id, reference: 'F-02', status: 40, frontend_user_id: user });
    await insertApplication({ period_id: own.id, reference: 'F-03', status: 40, frontend_user_id: user });
    const finished = await insertApplication({ period_id: own.id, reference: 'F-04', status: 40, frontend_user_id: user });
    await t.db
      .updateTable('applications')
      .set({ followup_at: '2026-02-01' })
      .where('id', 'in', [awaited.id, sentIn.id, finished.id])
      .execute();
    await t.db.updateTable('applications').set({ followup_sent_in_at: new Date() }).where('id', 'in', [sentIn.id, finished.id]).execute();
    await t.db.updateTable('applications').set({ finished: true }).where('id', '=', finished.id).execute();
    const followups = await list(`/applications/all?followups=true&period=${own.id}`);
    expect(followups.data.map((r) => r.id)).toEqual([awaited.id, sentIn.id]);
    expect(followups.data[0].progress.followup_at).toBe('2026-02-01');
    expect((await list('/applications/all?followups=false')).total).toBe((await list('/applications/all')).total);
    expect((await list('/applications/all?unread=true')).total).toBe(0);
    expect((await get('/applications/all?unread=maybe')).statusCode).toBe(422);
  });

  it('searches reference, organisation and the applicant’s name and e-mail, and refuses 2 characters', async () => {
    const short = await get('/applications/all?search=ab');
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe('Sökningen måste vara längre än 2 tecken.');
    expect(references((await list('/applications/all?search=T-05')) as never)).toEqual(['T-05']);
    expect(references((await list('/applications/all?search=Zetter')) as never)).toEqual(['T-02']);
    // The whole name, across first and last, and case-insensitively.
    expect(references((await list('/applications/all?search=anna%20anders')) as never)).toEqual(['T-05']);
    const demo = await t.db
      .selectFrom('applications')
      .select(['reference', 'org_name'])
      .where('status', '!=', 10)
      .where('org_name', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(references((await list(`/applications/all?search=${encodeURIComponent(demo.org_name!)}`)) as never)).toContain(demo.reference);
    // LIKE's wildcards are searched as characters.
    expect((await list('/applications/all?search=%25%25%25')).total).toBe(0);
    // Drafts stay out of a search too.
    expect((await list('/applications/all?search=Dagny')).total).toBe(0);
  });

  it('sorts by applicant in Swedish order (Å, Ä, Ö after Z), and by money and status', async () => {
    const ascending = await list(`/applications/all?period=${period.id}&sort=applicant&direction=asc`);
    expect(ascending.data.map((r) => r.applicant.name)).toEqual([
      'Anna Andersson',
      'Dirk de Wit',
      'Zlatan Zetterberg',
      'Åsa Åberg',
      'Ärna Ärlig',
      'Örjan Öberg',
    ]);
    const descending = await list(`/applications/all?period=${period.id}&sort=applicant&direction=desc`);
    expect(descending.data.map((r) => r.applicant.name)[0]).toBe('Örjan Öberg');
    expect(references((await list(`/applications/all?period=${period.id}&sort=money&direction=asc`)) as never)[0]).toBe('T-04');
    const byStatus = await list(`/applications/all?period=${period.id}&sort=status`);
    expect(byStatus.data.map((r) => r.status)).toEqual([-10, 20, 20, 30, 40, 40]);
  });

  it('finds the same pages whether it sorts the matches collected first or walks a sort index', async () => {
    const queries: Record<string, string | string[]>[] = [
      { sort: 'applicant' },
      { sort: 'applicant', direction: 'desc', page: '2', per_page: '7' },
      { sort: 'money', direction: 'desc' },
      { sort: 'money', per_page: '5', page: '3' },
      { sort: 'status', 'status[]': ['20', '40'] },
      { sort: 'reference', search: 'test.se' },
      { sort: 'sent_in_at', direction: 'desc' },
    ];
    for (const raw of queries) {
      const query = parseListQuery(listSpecs.all, raw);
      const collected = await listApplications(t.db, 'all', query, everyPeriod, 'collect');
      const walked = await listApplications(t.db, 'all', query, everyPeriod, 'walk');
      expect(
        walked.data.map((r) => r.id),
        JSON.stringify(raw),
      ).toEqual(collected.data.map((r) => r.id));
      expect(walked.total).toBe(collected.total);
    }
    const decided = parseListQuery(listSpecs.decided, { sort: 'approved_money', direction: 'desc' });
    expect((await listApplications(t.db, 'decided', decided, everyPeriod, 'walk')).data).toEqual(
      (await listApplications(t.db, 'decided', decided, everyPeriod, 'collect')).data,
    );
  });

  it('pages 50 at a time', async () => {
    const other = await t.db
      .insertInto('periods')
      .values({ name: 'Många', start_date: '2025-01-01', end_date: '2025-12-31' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await frontendUser('Per', 'Paging');
    await t.db
      .insertInto('applications')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          period_id: other.id,
          frontend_user_id: user,
          status: 30,
          reference: `P-${String(i).padStart(3, '0')}`,
        })),
      )
      .execute();
    const first = await list(`/applications/all?period=${other.id}`);
    expect([first.total, first.data.length, first.current_page, first.per_page, first.last_page]).toEqual([60, 50, 1, 50, 2]);
    const second = await list(`/applications/all?period=${other.id}&page=2`);
    expect(second.data.length).toBe(10);
    expect(second.data[0].reference).toBe('P-050');
    expect((await list(`/applications/all?period=${other.id}&page=2&per_page=25`)).data[0].reference).toBe('P-025');
  });
});

describe('GET /applications/all/export', () => {
  const csvLines = (body: string) => body.replace(/^\uFEFF/, '').split('\r\n');

  it('exports every match as filtered and sorted, for Excel in Swedish', async () => {
    const response = await get(`/applications/all/export?period=${period.id}&sort=applicant&direction=desc`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''applications-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = csvLines(response.body);
    expect(lines[0]).toBe(
      'Id;Referens;Status;Sökande;Sökandens e-postadress;Organisation;Ansökningsperiod;Ansökningstyp;Sökt belopp (kr);Beviljat belopp (kr);Inskickad (svensk tid);Klar',
    );
    const cells = lines.slice(1).map((l) => l.split(';'));
    expect(cells.map((c) => c[3])).toEqual([
      'Örjan Öberg',
      'Ärna Ärlig',
      'Åsa Åberg',
      'Zlatan Zetterberg',
      'Dirk de Wit',
      'Anna Andersson',
    ]);
    expect(cells.map((c) => c[2])).toEqual(['Obehandlad', 'Avslagen', 'Beviljad', 'Under utredning', 'Beviljad', 'Obehandlad']);
    // 10:00 UTC on 10 May is noon in Stockholm (summer time).
    expect(cells[0].slice(8)).toEqual(['1000,00', '', '2025-05-10 12:00', 'Nej']);
    const all = await get('/applications/all/export?status[]=20');
    expect(all.body.split('\r\n').length - 1).toBe((await list('/applications/all?status[]=20')).total);
    expect((await get('/applications/all/export?status[]=10')).statusCode).toBe(422);
    expect((await get('/applications/all/export', investigator)).statusCode).toBe(403);
  });

  it('writes amounts, times and labels as Excel in the user’s language reads them: sv-SE and en-US', async () => {
    const own = await ownPeriod('Exportens egen');
    const row = await insertApplication({
      period_id: own.id,
      reference: 'E-001',
      status: 40,
      frontend_user_id: await frontendUser('Åsa', 'Öst'),
      money: 123_450,
      org_name: 'Föreningen "Ljus", Umeå',
      // Half past midnight in Stockholm (winter time), the evening before in UTC.
      sent_in_at: new Date('2025-01-15T23:30:00Z'),
    });
    await t.db.updateTable('applications').set({ approved_money: 100_005, finished: true }).where('id', '=', row.id).execute();
    // Anonymised by the retention rules: no applicant.
    const anonymised = await t.db
      .insertInto('applications')
      .values({ period_id: own.id, reference: 'E-002', status: -10, frontend_user_id: null, money: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const exported = (language: string) => get(`/applications/all/export?period=${own.id}`, admin, { 'accept-language': language });

    // Swedish Excel: ';' between fields (its list separator, the comma being the decimal separator), a decimal comma
    // and no thousands separator, so 1234,50 is a number; ISO date and 24-hour time, which it reads as a date.
    const sv = await exported('sv-SE,sv;q=0.9');
    expect(sv.body.startsWith('\uFEFF')).toBe(true);
    expect(csvLines(sv.body).slice(1)).toEqual([
      `${row.id};E-001;Beviljad;Åsa Öst;${await applicantEmail(row.id)};"Föreningen ""Ljus"", Umeå";Exportens egen;;1234,50;1000,05;2025-01-16 00:30;Ja`,
      `${anonymised.id};E-002;Avslagen;Anonymiserad;;;Exportens egen;;0,00;;;Nej`,
    ]);

    // American Excel: ',' between fields (a ';' file would be one column), a decimal point, month first and the 12-hour
    // clock with a plain space before PM, which it reads as a date and time.
    const en = await exported('en-US');
    expect(en.body.startsWith('\uFEFF')).toBe(true);
    const [header, line] = csvLines(en.body);
    expect(header).toBe(
      'Id,Reference,Status,Applicant,Applicant’s e-mail address,Organisation,Application period,Application type,Amount applied for (SEK),Amount granted (SEK),Sent in (Stockholm time),Finished',
    );
    expect(line).toBe(
      `${row.id},E-001,Approved,Åsa Öst,${await applicantEmail(row.id)},"Föreningen ""Ljus"", Umeå",Exportens egen,,1234.50,1000.05,1/16/2025 12:30 AM,Yes`,
    );
  });

  it('streams, across the cursor’s batches, exactly the file the whole list makes at once', async () => {
    // More than two batches of a period of its own.
    const big = await t.db
      .insertInto('periods')
      .values({ name: 'Strömmen', start_date: '2026-01-01', end_date: '2026-12-31' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const applicantId = (await t.db.selectFrom('frontend_users').select('id').limit(1).executeTakeFirstOrThrow()).id;
    await sql`
      INSERT INTO applications (reference, status, frontend_user_id, period_id, money, org_name, sent_in_at)
      SELECT 'S-' || lpad(i::text, 5, '0'), (ARRAY[20, 30, 40, -10])[1 + i % 4], ${applicantId}, ${big.id}, i * 100,
             CASE WHEN i % 7 = 0 THEN '=Formel; "citat"' ELSE 'Förening ' || i END, now()
      FROM generate_series(1, 2345) i
    `.execute(t.db);
    const streamed = await get(`/applications/all/export?period=${big.id}&sort=money&direction=desc`, admin, {
      'accept-language': 'en-US',
    });
    const query = parseListQuery(listSpecs.all, { period: String(big.id), sort: 'money', direction: 'desc' }, { paged: false });
    // The file as the list shows these applications, made at once: the export's cells from the list's rows.
    const language = { t: translator('en-US'), locale: 'en-US' as const };
    const cellsOf = exportCells(language);
    const listed = (await listApplications(t.db, 'all', query, everyPeriod)).data.map((row) =>
      cellsOf({ ...row, period: row.period.name, sent_in_at: row.sent_in_at && new Date(row.sent_in_at) }),
    );
    const whole = toCsv(listed, exportColumns(language), ',');
    expect(streamed.body.split('\r\n')).toHaveLength(2346);
    expect(streamed.body).toBe(whole);
  });
});

describe('GET /applications/decided', () => {
  it('lists approved and rejected with the decision’s columns; filters by month, organisation, applicant, period', async () => {
    const all = await list('/applications/decided?per_page=100');
    expect(all.data.length).toBeGreaterThan(0);
    expect(all.data.every((r) => r.status === 40 || r.status === -10)).toBe(true);
    expect((await get('/applications/decided?status[]=20')).statusCode).toBe(422);

    // A period of its own: received and ongoing, two approved and one rejected.
    const own = await ownPeriod('Beslutade');
    for (const [reference, status] of [
      ['D-01', 20],
      ['D-02', 30],
      ['D-04', -10],
      ['D-06', 40],
    ] as const) {
      await insertApplication({ period_id: own.id, reference, status, frontend_user_id: await frontendUser('Bertil', reference) });
    }
    // 00:30 on 1 April in Stockholm is still 31 March in UTC: the month is the foundation's.
    const decided = await insertApplication({
      period_id: own.id,
      reference: 'D-03',
      status: 40,
      frontend_user_id: await frontendUser('Åsa', 'Åberg'),
      sent_in_at: new Date('2025-03-31T22:30:00Z'),
    });
    await t.db
      .updateTable('applications')
      .set({
        approved_money: 80_000,
        approved_fou: 30_000,
        approved_nok: 50_000,
        org_name: 'Åbergs Ridklubb',
        org_city: 'Ystad',
        global_goals: [3, 4],
        followup_at: '2026-02-01',
      })
      .where('id', '=', decided.id)
      .execute();
    const categories = await t.db
      .insertInto('categories')
      .values([
        { label: 'Unga', type: 10 },
        { label: 'Äldre', type: 10 },
        { label: 'Hälsa', type: 20 },
        { label: 'Ystad', type: 30 },
        { label: 'Idrott', type: 40 },
      ])
      .returning('id')
      .execute();
    await t.db
      .insertInto('application_categories')
      .values(categories.map((c) => ({ application_id: decided.id, category_id: c.id })))
      .execute();

    const april = await list(`/applications/decided?month=2025-04&period=${own.id}`);
    expect(references(april as never)).toEqual(['D-03']);
    expect(april.data[0]).toMatchObject({
      reference: 'D-03',
      status: 40,
      applicant: { name: 'Åsa Åberg' },
      org_city: 'Ystad',
      targets_text: 'Unga, Äldre',
      purposes_text: 'Hälsa',
      focuses_text: 'Idrott',
      money_value: 100_000,
      approved_money: 80_000,
      approved_money_value: 80_000,
      approved_fou: 30_000,
      approved_nok: 50_000,
      global_goals: [3, 4],
      followup_at: '2026-02-01',
      followup_sent_in_at: null,
    });
    expect((await list(`/applications/decided?month=2025-03&period=${own.id}`)).total).toBe(0);
    expect(references((await list(`/applications/decided?month=2025-05&period=${own.id}`)) as never)).toEqual(['D-04', 'D-06']);
    expect((await get('/applications/decided?month=2025-13')).statusCode).toBe(422);

    expect(references((await list('/applications/decided?organisation=ridklubb')) as never)).toEqual(['D-03']);
    expect((await get('/applications/decided?organisation=ri')).statusCode).toBe(422);
    const owner = await t.db
      .selectFrom('applications')
      .select('frontend_user_id')
      .where('reference', '=', 'D-04')
      .executeTakeFirstOrThrow();
    expect(references((await list(`/applications/decided?frontend_user=${owner.frontend_user_id}`)) as never)).toEqual(['D-04']);
    expect(references((await list(`/applications/decided?period=${own.id}`)) as never)).toEqual(['D-03', 'D-04', 'D-06']);
    expect(references((await list(`/applications/decided?period=${own.id}&sort=approved_money&direction=desc`)) as never)[0]).toBe('D-03');
    expect((await get('/applications/decided?search=Åberg')).statusCode).toBe(422);
    expect((await get('/applications/decided?sort=status')).statusCode).toBe(422);
  });
});

describe('GET /applications/decisioning/:period_uuid', () => {
  it('lists only that period’s applications sent in, sortable by period name; no search', async () => {
    const page = await list(`/applications/decisioning/${period.uuid}`, investigator);
    expect(references(page as never)).toEqual(['T-01', 'T-02', 'T-03', 'T-04', 'T-05', 'T-06']);
    expect(page.data[0].period).toEqual({ id: period.id, uuid: period.uuid, name: 'Testperiod' });
    expect(references((await list(`/applications/decisioning/${period.uuid}?status[]=20`, investigator)) as never)).toEqual([
      'T-01',
      'T-05',
    ]);
    expect((await list(`/applications/decisioning/${period.uuid}?sort=period&direction=desc`, investigator)).total).toBe(6);
    const search = await get(`/applications/decisioning/${period.uuid}?search=Anna`, investigator);
    expect(search.statusCode).toBe(422);
    expect(search.json().errors.search).toEqual(['Det går inte att filtrera på search.']);
    expect((await get(`/applications/decisioning/${randomUUID()}`, investigator)).statusCode).toBe(404);
    expect((await get('/applications/decisioning/not-a-uuid', investigator)).statusCode).toBe(404);
  });
});

describe('GET /applications/:uuid', () => {
  it('gives staff the whole application: form, categories, questions, files, decision and progress', async () => {
    const demo = await t.db
      .selectFrom('applications')
      .select(['uuid', 'id', 'application_type_id', 'reference'])
      .where('status', '=', 40)
      .where('application_type_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const response = await get(`/applications/${demo.uuid}`, investigator);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      uuid: demo.uuid,
      reference: demo.reference,
      status: 40,
      application_type: { id: demo.application_type_id },
    });
    expect(data.questions.length).toBeGreaterThan(0);
    expect(Object.keys(data.definitions).length).toBeGreaterThan(0);
    expect(Array.isArray(data.files)).toBe(true);
    expect(Array.isArray(data.category_ids)).toBe(true);
    expect(data.categories.map((c: { id: number }) => c.id).sort()).toEqual([...data.category_ids].sort());
    for (const key of [
      'contact_email',
      'org_name',
      'approved_money',
      'approved_fou',
      'approved_nok',
      'followup_at',
      'progress',
      'applicant',
      'period',
    ])
      expect(data).toHaveProperty(key);
    expect((await get(`/applications/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get('/applications/nonsense')).statusCode).toBe(404);
  });
});

describe('status and finished changes, with their history', () => {
  it('refuses draft and unknown codes with a translated 422 and changes nothing', async () => {
    for (const status of [10, 99]) {
      const refused = await post(`/applications/${uuids['T-01']}/updateStatus`, { data: { status } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        message: 'Det valda värdet för status är ogiltigt.',
        errors: { status: ['Det valda värdet för status är ogiltigt.'] },
      });
    }
    expect((await post(`/applications/${uuids['T-01']}/updateStatus`, { data: { status: 'x' } })).statusCode).toBe(422);
    expect((await post(`/applications/${uuids['T-01']}/updateStatus`, { data: {} })).statusCode).toBe(422);
    expect((await post(`/applications/${randomUUID()}/updateStatus`, { data: { status: 30 } })).statusCode).toBe(404);
    const row = await t.db.selectFrom('applications').select('status').where('id', '=', ids['T-01']).executeTakeFirstOrThrow();
    expect(row.status).toBe(20);
    expect(await t.db.selectFrom('application_history').selectAll().where('application_id', '=', ids['T-01']).execute()).toEqual([]);
  });

  it('sets the status, answers the row, and writes who did it to the history; the history lists newest first', async () => {
    const own = await ownApplication('S-01');
    const changed = await post(`/applications/${own.uuid}/updateStatus`, { data: { status: 30 } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ uuid: own.uuid, status: 30, progress: { unhandled: false } });
    const entries = await t.db.selectFrom('application_history').selectAll().where('application_id', '=', own.id).execute();
    expect(entries).toMatchObject([{ user_id: adminId, action: 'status', before: { status: 20 }, after: { status: 30 } }]);
    // The same status again is no change and no entry.
    expect((await post(`/applications/${own.uuid}/updateStatus`, { data: { status: 30 } })).statusCode).toBe(200);

    await post(`/applications/${own.uuid}/updateStatus`, { data: { status: -10 } });
    const finished = await post(`/applications/${own.uuid}/finished`, { data: { finished: true } });
    expect(finished.json().data).toMatchObject({ finished: true, progress: { finished: true } });
    expect((await post(`/applications/${own.uuid}/finished`, { data: { finished: 'yes' } })).statusCode).toBe(422);

    const history = await get(`/applications/${own.uuid}/history`, investigator);
    expect(history.statusCode).toBe(200);
    expect(history.json().data).toMatchObject([
      { action: 'finished', before: { finished: false }, after: { finished: true }, user: { id: adminId, name: 'Anna Test' } },
      { action: 'status', before: { status: 30 }, after: { status: -10 }, user: { id: adminId, name: 'Anna Test' } },
      { action: 'status', before: { status: 20 }, after: { status: 30 } },
    ]);
    expect(typeof history.json().data[0].created_at).toBe('string');
    expect((await get(`/applications/${randomUUID()}/history`)).statusCode).toBe(404);
  });

  it('shows an entry by the applicant or the system without a user', async () => {
    const own = await ownApplication('S-02');
    await t.db
      .insertInto('application_history')
      .values({ application_id: own.id, user_id: null, action: 'submitted', before: null as never, after: JSON.stringify({ status: 20 }) })
      .execute();
    expect((await get(`/applications/${own.uuid}/history`)).json().data).toMatchObject([
      { action: 'submitted', before: null, after: { status: 20 }, user: null },
    ]);
  });

  it('keeps the history append-only, even against direct SQL', async () => {
    const own = await ownApplication('S-03');
    for (const status of [30, -10])
      expect((await post(`/applications/${own.uuid}/updateStatus`, { data: { status } })).statusCode).toBe(200);
    await post(`/applications/${own.uuid}/finished`, { data: { finished: true } });
    const entries = () =>
      t.db
        .selectFrom('application_history')
        .select(['action', 'before', 'after'])
        .where('application_id', '=', own.id)
        .orderBy('id')
        .execute();
    const before = await entries();
    expect(before).toHaveLength(3);
    await expect(sql`UPDATE application_history SET action = 'forged'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM application_history`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE application_history CASCADE`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('application_history').where('application_id', '=', own.id).execute()).rejects.toThrow(/append-only/);
    expect(await entries()).toEqual(before);
  });
});

describe('who may call the application routes', () => {
  const routes = () => [
    { method: 'GET', url: '/applications/all', manage: true },
    { method: 'GET', url: '/applications/all/export', manage: true },
    { method: 'GET', url: '/applications/decided', manage: true },
    { method: 'GET', url: `/applications/decisioning/${period.uuid}`, manage: false, investigate: true },
    { method: 'GET', url: `/applications/${uuids['T-05']}`, manage: false, investigate: true },
    { method: 'GET', url: `/applications/${uuids['T-05']}/history`, manage: false, investigate: true },
    { method: 'POST', url: `/applications/${uuids['T-05']}/updateStatus`, payload: { data: { status: 20 } }, manage: true },
    { method: 'POST', url: `/applications/${uuids['T-05']}/finished`, payload: { data: { finished: false } }, manage: true },
  ];

  it('answers 401 to anonymous callers and applicants, 403 to investigators on managers’ routes, 200 otherwise', async () => {
    for (const route of routes()) {
      const status = async (cookie?: string) =>
        (await call(t.app, { method: route.method, url: `/api/v1${route.url}`, cookie, payload: route.payload })).statusCode;
      const name = `${route.method} ${route.url}`;
      expect(await status(), name).toBe(401);
      expect(await status(applicant), name).toBe(401);
      expect(await status(investigator), name).toBe(route.manage ? 403 : 200);
      expect(await status(admin), name).toBe(200);
    }
  });

  it('declares the abilities of every route in the access table', () => {
    const declared = Object.fromEntries(
      t.app.routeAccess.filter((r) => r.url.startsWith('/api/v1/applications')).map((r) => [`${r.method} ${r.url}`, r.access]),
    );
    const manage = { abilities: 'manage-applications' };
    expect(declared).toMatchObject({
      'GET /api/v1/applications/all': manage,
      'GET /api/v1/applications/all/export': manage,
      'GET /api/v1/applications/decided': manage,
      'GET /api/v1/applications/decisioning/:period_uuid': { abilities: 'investigate-applications' },
      'GET /api/v1/applications/:uuid': { abilities: { anyOf: ['manage-applications', 'investigate-applications'] } },
      'GET /api/v1/applications/:uuid/history': { abilities: { anyOf: ['manage-applications', 'investigate-applications'] } },
      'POST /api/v1/applications/:uuid/updateStatus': manage,
      'POST /api/v1/applications/:uuid/finished': manage,
    });
  });
});
