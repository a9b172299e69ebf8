import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowed, type Ability, type AbilityName } from '../../resources/abilities.js';
import { resourceList } from '../../resources/index.js';
import { createSession } from '../auth/sessions.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

let t: TestApp;
const cookies: Record<'anonymous' | 'applicant' | 'investigator' | 'admin', string | undefined> = {
  anonymous: undefined,
  applicant: undefined,
  investigator: undefined,
  admin: undefined,
};

beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'admin@test.se');
  await createStaff(t.db, 'utredare', 'utredare@test.se');
  cookies.admin = await sessionCookie(t.app, 'admin@test.se');
  cookies.investigator = await sessionCookie(t.app, 'utredare@test.se');
  const applicant = await t.db.insertInto('frontend_users').values({ email: 'sokande@test.se' }).returning('id').executeTakeFirstOrThrow();
  cookies.applicant = `applicant_session=${await createSession(t.db, 'applicant', applicant.id, 3600)}`;
});
afterAll(() => t.close());

const as = (who: keyof typeof cookies) => cookies[who];
const api = (path: string) => `/api/v1${path}`;

describe('authorization matrix of every resource route', () => {
  const expected = { anonymous: 401, applicant: 401, investigator: 403 } as const;
  const general = (name: AbilityName): Ability => ({ name, entity_id: null, entity_type: null });
  const abilitiesOf = { anonymous: [], applicant: [], investigator: [general('investigate-applications')] };
  for (const resource of resourceList) {
    it(`${resource.name}: only staff with ${JSON.stringify(resource.ability)} get through`, async () => {
      const base = `/api/v1/${resource.endpoint ?? resource.name}`;
      const generated = new Set([base, `${base}/:id`, `${base}/export`, `${base}/import`]);
      const routes = t.app.routeAccess.filter((r) => generated.has(r.url));
      expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
        [
          `DELETE ${base}/:id`,
          `GET ${base}`,
          `GET ${base}/:id`,
          `GET ${base}/export`,
          `HEAD ${base}`,
          `HEAD ${base}/:id`,
          `HEAD ${base}/export`,
          `POST ${base}`,
          `POST ${base}/import`,
          `PUT ${base}/:id`,
        ].sort(),
      );
      for (const route of routes.filter((r) => r.method !== 'HEAD')) {
        const url = route.url.replace(':id', '999999');
        const payload =
          route.method === 'POST' || route.method === 'PUT' ? { data: route.url.endsWith('/import') ? { rows: [] } : {} } : undefined;
        // Those the declaration lets read (investigators may read the periods) find nothing at this id, or the list.
        const reads = resource.readers && route.method === 'GET' && !route.url.endsWith('/export');
        const readsAs = (who: string) => reads && isAllowed(abilitiesOf[who as keyof typeof abilitiesOf], resource.readers!);
        for (const [who, status] of Object.entries(expected)) {
          const response = await call(t.app, { method: route.method, url, cookie: as(who as keyof typeof cookies), payload });
          expect(response.statusCode, `${who} ${route.method} ${url}`).toBe(readsAs(who) ? (url === base ? 200 : 404) : status);
        }
        const admin = await call(t.app, { method: route.method, url, cookie: as('admin'), payload });
        expect([200, 201, 404, 422], `admin ${route.method} ${url}: ${admin.body}`).toContain(admin.statusCode);
      }
    });
  }
});

describe('authorization of every other route that needs a settings ability', () => {
  it('refuses anonymous callers, applicants and investigators on every such route', async () => {
    const abilities = new Set<unknown>(resourceList.map((r) => r.ability));
    const routes = t.app.routeAccess.filter(
      (r) => r.method !== 'HEAD' && typeof r.access === 'object' && abilities.has(r.access.abilities) && r.url.startsWith('/api/v1/'),
    );
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /api/v1/periods/:id/open', 'POST /api/v1/periods/:id/close', 'PUT /api/v1/faqs/order']),
    );
    for (const route of routes) {
      const url = route.url.replace(':id', '1');
      for (const [who, status] of [
        ['anonymous', 401],
        ['applicant', 401],
        ['investigator', 403],
      ] as const) {
        const response = await call(t.app, {
          method: route.method,
          url,
          cookie: as(who),
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : { data: {} },
        });
        expect(response.statusCode, `${who} ${route.method} ${url}`).toBe(status);
      }
    }
  });
});

describe('categories through the engine', () => {
  // The lists are read from a database of their own that holds exactly these six categories, whatever other tests add.
  let lists: TestApp;
  let listsAdmin: string;
  const list = (query = '') => call(lists.app, { method: 'GET', url: api(`/categories${query}`), cookie: listsAdmin });
  const create = (data: object, app = t.app, cookie = as('admin')) =>
    call(app, { method: 'POST', url: api('/categories'), cookie, payload: { data } });

  beforeAll(async () => {
    lists = await createTestApp();
    await createStaff(lists.db, 'admin', 'admin@test.se');
    listsAdmin = await sessionCookie(lists.app, 'admin@test.se');
    for (const label of ['Zeta', 'Örebro', 'äpple', 'Apple', 'Ängelholm', 'Barn och unga']) {
      expect((await create({ label, type: label === 'Barn och unga' ? 10 : 30 }, lists.app, listsAdmin)).statusCode).toBe(201);
    }
  });
  afterAll(() => lists.close());

  it('sorts in Swedish collation: Å, Ä, Ö after Z, and case does not split the letters', async () => {
    const labels = (await list('?sort=label&direction=asc')).json().data.data.map((c: { label: string }) => c.label);
    expect(labels).toEqual(['Apple', 'Barn och unga', 'Zeta', 'Ängelholm', 'äpple', 'Örebro']);
    const desc = (await list('?sort=label&direction=desc')).json().data.data.map((c: { label: string }) => c.label);
    expect(desc).toEqual([...labels].reverse());
  });

  it('answers pages in the envelope, searches, and filters with bracketed arrays', async () => {
    const page = (await list('?per_page=2&page=2&sort=label')).json().data;
    expect(page).toMatchObject({ total: 6, current_page: 2, per_page: 2, last_page: 3 });
    expect(page.data.map((c: { label: string }) => c.label)).toEqual(['Zeta', 'Ängelholm']);
    expect((await list('?search=ebr')).json().data.data.map((c: { label: string }) => c.label)).toEqual(['Örebro']);
    const filtered = (await list('?type[]=10&type[]=20')).json().data;
    expect(filtered.data.map((c: { label: string }) => c.label)).toEqual(['Barn och unga']);
  });

  it('refuses a search of 2 characters, an unknown sort and an unknown filter with 422', async () => {
    const short = await list('?search=ab');
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe('Sökningen måste vara längre än 2 tecken.');
    expect((await list('?sort=password')).statusCode).toBe(422);
    expect((await list('?color=red')).statusCode).toBe(422);
    expect((await list('?type=abc')).statusCode).toBe(422);
  });

  it('validates on the server with translated field messages, and refuses unknown fields', async () => {
    const missing = await create({ label: '', type: 99 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      label: ['Fältet benämning (svenska) är obligatoriskt.'],
      type: ['Det valda värdet för typ är ogiltigt.'],
    });
    expect((await create({ label: 'X', type: 10, owner: 1 })).statusCode).toBe(422);
  });

  it('updates, and refuses to delete a category still used by an application', async () => {
    const id = (await create({ label: 'Barn och unga', type: 10 })).json().data.id;
    const free = (await create({ label: 'Zeta', type: 30 })).json().data.id;
    const updated = await call(t.app, {
      method: 'PUT',
      url: api(`/categories/${id}`),
      cookie: as('admin'),
      payload: { data: { id, label: 'Barn och ungdomar', type: 10 } },
    });
    expect(updated.json().data).toEqual({ id, label: 'Barn och ungdomar', label_en: null, type: 10 });

    const [period] = await sql<{
      id: number;
    }>`insert into periods (name, start_date, end_date) values ('P', '2026-01-01', '2026-12-31') returning id`
      .execute(t.db)
      .then((r) => r.rows);
    const [user] = await sql<{ id: number }>`select id from frontend_users limit 1`.execute(t.db).then((r) => r.rows);
    const [application] = await sql<{
      id: number;
    }>`insert into applications (frontend_user_id, period_id) values (${user.id}, ${period.id}) returning id`
      .execute(t.db)
      .then((r) => r.rows);
    await sql`insert into application_categories values (${application.id}, ${id})`.execute(t.db);

    const refused = await call(t.app, {
      method: 'DELETE',
      url: api(`/categories/${id}`),
      cookie: as('admin'),
      headers: { 'accept-language': 'en-US' },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe('“Barn och ungdomar” is still in use and cannot be deleted.');

    expect((await call(t.app, { method: 'DELETE', url: api(`/categories/${free}`), cookie: as('admin') })).json().data.label).toBe('Zeta');
    expect((await call(t.app, { method: 'GET', url: api(`/categories/${free}`), cookie: as('admin') })).statusCode).toBe(404);
  });
});

describe('contacts validation', () => {
  it('gives an example with a country code for an invalid phone number, and stores valid ones internationally', async () => {
    const bad = await call(t.app, {
      method: 'POST',
      url: api('/contacts'),
      cookie: as('admin'),
      payload: { data: { first_name: 'Åsa', last_name: 'Öberg', phone: '12345', email: 'inte-en-adress' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.phone[0]).toMatch(
      /^Fältet telefonnummer måste vara ett giltigt telefonnummer, med eller utan landsnummer, t\.ex\. \+46 /,
    );
    expect(bad.json().errors.email).toEqual(['Fältet e-postadress måste vara en giltig e-postadress.']);
    const good = await call(t.app, {
      method: 'POST',
      url: api('/contacts'),
      cookie: as('admin'),
      payload: { data: { first_name: 'Åsa', last_name: 'Öberg', phone: '070-123 45 67', email: 'Asa@Stiftelsen.se' } },
    });
    expect(good.statusCode).toBe(201);
    expect(good.json().data).toMatchObject({ phone: '+46701234567', email: 'asa@stiftelsen.se' });
  });

  it('takes an internationalised address and refuses a non-address with the registration’s message', async () => {
    const contact = (email: string) =>
      call(t.app, {
        method: 'POST',
        url: api('/contacts'),
        cookie: as('admin'),
        payload: { data: { first_name: 'Åsa', last_name: 'Test', email } },
      });
    const good = await contact('test.åsa@example.se');
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json().data.email).toBe('test.åsa@example.se');
    for (const bad of ['a@b', 'x', 'a@b.c']) {
      const refused = await contact(bad);
      expect(refused.statusCode, bad).toBe(422);
      expect(refused.json().errors).toEqual({ email: ['Fältet e-postadress måste vara en giltig e-postadress.'] });
    }
  });
});

describe('export and import', () => {
  it('exports the filtered list as CSV that Excel opens, with formula cells neutralised', async () => {
    await call(t.app, {
      method: 'POST',
      url: api('/application-types'),
      cookie: as('admin'),
      payload: { data: { label: '=HYPERLINK("http://evil")' } },
    });
    await call(t.app, {
      method: 'POST',
      url: api('/application-types'),
      cookie: as('admin'),
      payload: { data: { label: 'Stipendium för unga ledare' } },
    });
    const response = await call(t.app, { method: 'GET', url: api('/application-types/export?search=ledare'), cookie: as('admin') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="application-types-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''application-types-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    expect(response.body.startsWith('\uFEFFid;label;label_en\r\n')).toBe(true);
    expect(response.body).toContain(';Stipendium för unga ledare');
    expect(response.body).not.toContain('HYPERLINK');
    const all = await call(t.app, { method: 'GET', url: api('/application-types/export'), cookie: as('admin') });
    expect(all.body).toContain(`;"'=HYPERLINK(""http://evil"")"`);
  });

  it('saves nothing when one row of many is bad, and names that row', async () => {
    const count = async () => (await sql<{ n: number }>`select count(*)::int as n from categories`.execute(t.db)).rows[0].n;
    const before = await count();
    const rows = Array.from({ length: 200 }, (_, i) => ({ label: `Importerad ${i + 1}`, type: '20' }));
    rows[136] = { label: '', type: '20' };
    rows[150] = { label: 'Fel typ', type: '77' };
    const response = await call(t.app, {
      method: 'POST',
      url: api('/categories/import'),
      cookie: as('admin'),
      payload: { data: { rows } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Importfilen innehåller fel.',
      errors: { '138.label': ['Fältet benämning (svenska) är obligatoriskt.'], '152.type': ['Det valda värdet för typ är ogiltigt.'] },
    });
    expect(await count()).toBe(before);

    rows[136] = { label: 'Importerad 137', type: '20' };
    rows[150] = { label: 'Importerad 151', type: '40' };
    const saved = await call(t.app, { method: 'POST', url: api('/categories/import'), cookie: as('admin'), payload: { data: { rows } } });
    expect(saved.json(), saved.body).toEqual({ data: { imported: 200 } });
    expect(await count()).toBe(before + 200);
  });

  it('refuses an import with a column the resource does not have', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: api('/contacts/import'),
      cookie: as('admin'),
      payload: { data: { rows: [{ first_name: 'A', last_name: 'B', password: 'x' }] } },
    });
    expect(response.statusCode).toBe(422);
  });
});
