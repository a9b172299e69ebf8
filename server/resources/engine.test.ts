import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, text, zip } from '../../resources/fields.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';
import { registerResource } from './routes.js';

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

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app) {
      app.register(async (api) => registerResource(api, venues), { prefix: '/api/v1' });
    },
  });
  await sql`create table test_venues (id serial primary key, name text not null, zip text, created_at timestamptz not null default now(), updated_at timestamptz not null default now())`.execute(
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
