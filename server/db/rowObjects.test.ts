import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/testApp.js';

let t: TestApp;
let plain: pg.Client;
beforeAll(async () => {
  t = await createTestApp();
  // pg's own rows, from a client of its own: the statement reads no table, so any database of the server will do.
  plain = new pg.Client({ connectionString: inject('adminUrl') });
  await plain.connect();
});
afterAll(async () => {
  await plain.end();
  await t.close();
});

describe('rows read as arrays and made objects by the app', () => {
  it('are the objects pg itself makes: every column, in order, the later of two of a name, and one named __proto__ its own', async () => {
    const text = `SELECT 1 AS a, 'x' AS b, NULL::int AS c, 2 AS a, 3 AS "__proto__", 5::bigint AS e, '2026-11-30'::date AS f,
      timestamptz '2026-11-30 12:00+01' AS g, ARRAY[1, 2] AS h, '{"k": [1]}'::jsonb AS i, n FROM generate_series(1, 3) n WHERE n <= $1`;
    const expected = (await plain.query(text, [3])).rows as Record<string, unknown>[];
    // The fourth run on a connection is of a prepared statement (preparedStatements.ts): both ways are compared.
    await t.db.connection().execute(async (db) => {
      for (let run = 0; run < 4; run++) {
        const read = (await db.executeQuery(CompiledQuery.raw(text, [3]))).rows as Record<string, unknown>[];
        expect(read).toEqual(expected);
        expect(read.map((row) => Object.keys(row))).toEqual(expected.map((row) => Object.keys(row)));
        expect(read[0]).toMatchObject({ a: 2, b: 'x', c: null, e: 5, f: '2026-11-30', h: [1, 2], i: { k: [1] }, n: 1 });
        expect(read[0].g).toEqual(new Date('2026-11-30T11:00:00Z'));
        expect(Object.getPrototypeOf(read[0])).toBe(Object.prototype);
        expect(Object.hasOwn(read[0], '__proto__')).toBe(true);
      }
    });
  });
});
