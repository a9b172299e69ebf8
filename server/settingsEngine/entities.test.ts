import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'admin@test.se');
  admin = await sessionCookie(t.app, 'admin@test.se');
});
afterAll(() => t.close());

const post = (path: string, data: object, headers = {}) =>
  call(t.app, { method: 'POST', url: `/api/v1${path}`, cookie: admin, payload: { data }, headers });
const put = (path: string, data: object) => call(t.app, { method: 'PUT', url: `/api/v1${path}`, cookie: admin, payload: { data } });
const get = (path: string) => call(t.app, { method: 'GET', url: `/api/v1${path}`, cookie: admin });

describe('users (staff)', () => {
  it('mails a new user a link to choose a password, refuses a taken e-mail, and never shows a password', async () => {
    const created = await post('/users', { first_name: 'Maja', last_name: 'Ek', email: 'Maja.Ek@Stiftelsen.se', role: 'utredare' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toEqual({
      id: expect.any(Number),
      first_name: 'Maja',
      last_name: 'Ek',
      email: 'maja.ek@stiftelsen.se',
      role: 'utredare',
      locale: 'sv-SE',
      active: true,
      // No second factor until they set one up at their first sign-in (or in their settings).
      second_factor: false,
      notifications_email: null,
      notify_on_applications: false,
      daily_summary: false,
      // No abilities for single periods besides the role's.
      application_period_ids: [],
      investigation_period_ids: [],
      managed_period_ids: [],
      payout_period_ids: [],
      payout_approval_period_ids: [],
    });
    const mail = await t.db.selectFrom('outbox').selectAll().where('recipient', '=', 'maja.ek@stiftelsen.se').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Välkommen till Ansökningsportalen');
    expect(mail.body_text).toMatch(/http:\/\/localhost:3000\/admin\/reset-password\/[\w-]{40,}/);

    const taken = await post('/users', { first_name: 'Maja', last_name: 'Ek', email: 'MAJA.EK@stiftelsen.se', role: 'admin' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual(['E-postadressen används redan.']);

    const csv = await get('/users/export');
    expect(csv.body.split('\r\n')[0]).toBe(
      '\uFEFFid;first_name;last_name;email;role;locale;active;notifications_email;notify_on_applications;daily_summary;application_period_ids;investigation_period_ids;managed_period_ids;payout_period_ids;payout_approval_period_ids',
    );
    expect(csv.body).not.toMatch(/argon2|password/);
  });

  it('ends the sessions of a user who is disabled', async () => {
    await createStaff(t.db, 'utredare', 'leaving@test.se');
    const cookie = await sessionCookie(t.app, 'leaving@test.se');
    const { id } = await t.db.selectFrom('users').select('id').where('email', '=', 'leaving@test.se').executeTakeFirstOrThrow();
    expect((await put(`/users/${id}`, { active: false })).statusCode).toBe(200);
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute()).toEqual([]);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/users/me', cookie })).statusCode).toBe(401);
  });
});

describe('organisations', () => {
  it('checks the organisation number and the zip code, and stores them in one format', async () => {
    const bad = await post('/organisations', { name: 'Fel AB', org_number: '556981-2348', type: 10, zip: '1234' });
    expect(bad.json().errors.org_number[0]).toBe(
      'Fältet organisationsnummer måste vara ett giltigt organisationsnummer, t.ex. 802415-3978.',
    );
    expect(bad.json().errors.zip).toEqual(['Postnummer måste vara 5 siffror.']);
    const english = await post(
      '/organisations',
      { name: 'Fel AB', org_number: '5569812349', type: 10, zip: '1234' },
      { 'accept-language': 'en-US' },
    );
    expect(english.json().errors).toEqual({ zip: ['The zip code must be 5 digits.'] });
    const good = await post('/organisations', {
      name: 'Byaföreningen',
      org_number: '8024153978',
      type: 20,
      zip: '951 31',
      website: 'www.byaforeningen.se',
    });
    expect(good.statusCode).toBe(201);
    expect(good.json().data).toMatchObject({
      org_number: '802415-3978',
      zip: '95131',
      website: 'https://www.byaforeningen.se',
      country: 'Sverige',
      is_verified: false,
    });
    expect((await post('/organisations', { name: 'Kopia', org_number: '802415-3978', type: 20 })).json().errors.org_number).toEqual([
      'Värdet i fältet organisationsnummer används redan.',
    ]);
  });
});

describe('periods', () => {
  it('refuses an end before the start, keeps application types and ordered contacts, and opens and closes', async () => {
    const type = (await post('/application-types', { label: 'Bidrag' })).json().data.id;
    const c1 = (await post('/contacts', { first_name: 'Ann', last_name: 'Berg' })).json().data.id;
    const c2 = (await post('/contacts', { first_name: 'Bo', last_name: 'Ahl' })).json().data.id;
    const backwards = await post('/periods', { name: 'Vår 2027', start_date: '2027-03-01', end_date: '2027-02-01' });
    expect(backwards.json().errors).toEqual({ end_date: ['Fältet slutdatum får inte vara tidigare än startdatum.'] });
    const created = await post('/periods', {
      name: 'Vår 2027',
      start_date: '2027-02-01',
      end_date: '2027-03-31',
      available_money: 150000000,
      application_type_ids: [type],
      contact_ids: [c2, c1],
    });
    expect(created.statusCode).toBe(201);
    const period = created.json().data;
    expect(period).toMatchObject({ closed: false, available_money: 150000000, application_type_ids: [type], contact_ids: [c2, c1] });
    expect(period.uuid).toMatch(/^[0-9a-f-]{36}$/);

    expect((await call(t.app, { method: 'POST', url: `/api/v1/periods/${period.id}/close`, cookie: admin })).json().data.closed).toBe(true);
    expect((await get(`/periods/${period.id}`)).json().data.closed).toBe(true);
    expect((await call(t.app, { method: 'POST', url: `/api/v1/periods/${period.id}/open`, cookie: admin })).json().data.closed).toBe(false);
    // closed is not written through the form
    expect((await put(`/periods/${period.id}`, { closed: true, name: 'Vår 2027' })).json().data.closed).toBe(false);
  });
});

describe('application type field definitions', () => {
  it('needs options for choice fields, filters by application type, and sorts by the type’s label', async () => {
    const a = (await post('/application-types', { label: 'Stipendium' })).json().data.id;
    const b = (await post('/application-types', { label: 'Anslag' })).json().data.id;
    const noOptions = await post('/application-type-field-definitions', { label: 'Välj', type: 30, application_type_id: a, options: [] });
    expect(noOptions.json().errors).toEqual({ options: ['Fältet alternativ (svenska) är obligatoriskt.'] });
    expect((await post('/application-type-field-definitions', { label: 'Ålder', type: 10, application_type_id: a })).statusCode).toBe(201);
    expect(
      (
        await post('/application-type-field-definitions', { label: 'Ort', type: 30, application_type_id: b, options: ['Luleå', 'Piteå'] })
      ).json().data.options,
    ).toEqual(['Luleå', 'Piteå']);
    expect((await post('/application-type-field-definitions', { label: 'X', type: 20, application_type_id: 99999 })).json().errors).toEqual(
      { application_type_id: ['Det valda värdet för ansökningstyp är ogiltigt.'] },
    );

    const sorted = (await get('/application-type-field-definitions?sort=application_type_id&direction=asc')).json().data.data;
    expect(sorted.map((d: { label: string }) => d.label)).toEqual(['Ort', 'Ålder']);
    const filtered = (await get(`/application-type-field-definitions?application_type_id=${a}`)).json().data.data;
    expect(filtered.map((d: { label: string }) => d.label)).toEqual(['Ålder']);
  });

  it('refuses to delete an application type that applications use', async () => {
    const type = (await post('/application-types', { label: 'Använd typ' })).json().data.id;
    const user = await t.db.insertInto('frontend_users').values({ email: 'x@test.se' }).returning('id').executeTakeFirstOrThrow();
    const [period] = (
      await sql<{
        id: number;
      }>`insert into periods (name, start_date, end_date) values ('P', '2026-01-01', '2026-12-31') returning id`.execute(t.db)
    ).rows;
    await t.db.insertInto('applications').values({ frontend_user_id: user.id, period_id: period.id, application_type_id: type }).execute();
    const refused = await call(t.app, { method: 'DELETE', url: `/api/v1/application-types/${type}`, cookie: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('”Använd typ” används fortfarande och kan inte tas bort.');
  });
});
