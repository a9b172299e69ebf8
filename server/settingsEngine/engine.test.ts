import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, integer, text, zip } from '../../resources/fields.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';
import { registerResource } from '../routes/settingsResources.js';

// An entity declared here only, with a table in this test's database: what the recipe in docs/ARCHITECTURE.md
// promises a new entity gets from its declaration, without an edit to the engine.
const venues = defineResource({
  name: 'test-venues',
  table: 'test_venues',
  ability: 'manage-faq',
  labelField: 'name',
  fields: [text('name', { required: true, unique: true, column: true, sortable: 'localized' }), zip('zip', { column: true })],
  search: ['name'],
  defaultSort: { field: 'name', order: 'ASC' },
});

// Fields unique together: a seat's row and number within one venue hall.
const seats = defineResource({
  name: 'test-seats',
  table: 'test_seats',
  ability: 'manage-faq',
  labelField: 'hall',
  fields: [text('hall', { required: true, column: true }), integer('seat', { required: true, column: true })],
  uniqueTogether: [['hall', 'seat']],
  defaultSort: { field: 'hall', order: 'ASC' },
});

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app) {
      app.register(
        async (api) => {
          registerResource(api, venues);
          registerResource(api, seats);
        },
        { prefix: '/api/v1' },
      );
    },
  });
  await sql`create table test_venues (id serial primary key, name text not null, zip text, created_at timestamptz not null default now(), updated_at timestamptz not null default now())`.execute(
    t.db,
  );
  await sql`create table test_seats (id serial primary key, hall text not null, seat integer not null, created_at timestamptz not null default now(), updated_at timestamptz not null default now(), unique (hall, seat))`.execute(
    t.db,
  );
  await createStaff(t.db, 'admin', 'admin@test.se');
  admin = await sessionCookie(t.app, 'admin@test.se');
});
afterAll(() => t.close());

const request = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
  call(t.app, { method, url: `/api/v1/test-venues${path}`, cookie: admin, payload });

describe('a new entity through the engine', () => {
  it('is listed, created, edited, exported and imported from its declaration alone', async () => {
    const created = await request('POST', '', { data: { name: 'Örkelljunga bygdegård', zip: '28635' } });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    expect(created.json().data).toEqual({ id, name: 'Örkelljunga bygdegård', zip: '28635' });
    const refused = await request('POST', '', { data: { zip: '1' } });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['name', 'zip']);

    const edited = await request('PUT', `/${id}`, { data: { name: 'Ängelholms teater' } });
    expect(edited.json().data).toEqual({ id, name: 'Ängelholms teater', zip: '28635' });

    const imported = await request('POST', '/import', {
      data: {
        rows: [
          { name: 'Alla hjärtans hus', zip: '12345' },
          { id: String(id), name: 'Ängelholms teater', zip: '26231' },
        ],
      },
    });
    expect(imported.json()).toEqual({ data: { imported: 2 } });

    const list = await request('GET', '?search=hus');
    expect(list.json().data).toMatchObject({ data: [{ name: 'Alla hjärtans hus', zip: '12345' }], total: 1 });
    const all = await request('GET', '');
    expect(all.json().data.data.map((v: { name: string }) => v.name)).toEqual(['Alla hjärtans hus', 'Ängelholms teater']);

    const csv = await request('GET', '/export');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n').slice(0, 3)).toEqual([
      '\uFEFFid;name;zip',
      expect.stringMatching(/^\d+;Alla hjärtans hus;12345$/),
      `${id};Ängelholms teater;26231`,
    ]);
  });

  it('is guarded by its ability', async () => {
    await createStaff(t.db, 'utredare', 'utredare@test.se');
    const investigator = await sessionCookie(t.app, 'utredare@test.se');
    expect((await call(t.app, { method: 'GET', url: '/api/v1/test-venues', cookie: investigator })).statusCode).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/test-venues' })).statusCode).toBe(401);
  });
});

describe('fields unique together', () => {
  const seat = (method: 'POST' | 'PUT', path: string, data: object) =>
    call(t.app, { method, url: `/api/v1/test-seats${path}`, cookie: admin, payload: { data } });

  it('refuses a record whose fields together another has, with a translated error on each of them, and changes nothing', async () => {
    const first = await seat('POST', '', { hall: 'Stora salen', seat: 1 });
    expect(first.statusCode, first.body).toBe(201);
    expect((await seat('POST', '', { hall: 'Stora salen', seat: 2 })).statusCode).toBe(201);
    expect((await seat('POST', '', { hall: 'Lilla salen', seat: 1 })).statusCode).toBe(201);

    const again = await seat('POST', '', { hall: 'Stora salen', seat: 1 });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({
      hall: ['Det finns redan en post med samma hall och seat.'],
      seat: ['Det finns redan en post med samma seat och hall.'],
    });
    // An update that sends one of the fields is checked with the record's other one.
    const moved = await seat('PUT', `/${first.json().data.id}`, { seat: 2 });
    expect(moved.statusCode).toBe(422);
    expect(Object.keys(moved.json().errors).sort()).toEqual(['hall', 'seat']);
    expect((await seat('PUT', `/${first.json().data.id}`, { seat: 3 })).statusCode).toBe(200);
  });

  it('lets the database decide between two writes at once: the other gets a translated 409', async () => {
    const [a, b] = await Promise.all([seat('POST', '', { hall: 'Foajén', seat: 7 }), seat('POST', '', { hall: 'Foajén', seat: 7 })]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(201);
    // Checked before the insert (422) or refused by the constraint (409), never a 500.
    expect([409, 422]).toContain(statuses[1]);
    const loser = a.statusCode === 201 ? b : a;
    if (loser.statusCode === 409) expect(loser.json().message).toBe('Det finns redan en likadan post. Ladda om sidan och försök igen.');
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from test_seats where hall = 'Foajén'`.execute(t.db);
    expect(rows[0].n).toBe(1);
  });
});
