import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contains } from '../lists/search.js';
import { createTestApp, type TestApp } from '../test/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('statements run often', () => {
  it('are prepared from their third run on, and answer the same', async () => {
    const table = `prepared_${randomUUID().replaceAll('-', '')}`;
    await sql`CREATE TABLE ${sql.table(table)} (n int)`.execute(t.db);
    await sql`INSERT INTO ${sql.table(table)} SELECT generate_series(1, 5)`.execute(t.db);
    await t.db.connection().execute(async (db) => {
      const count = async (below: number) =>
        (await sql<{ count: number }>`SELECT count(*)::int AS count FROM ${sql.table(table)} WHERE n < ${below}`.execute(db)).rows[0].count;
      // The statements prepared on this connection (this one, without parameters, is never prepared itself).
      const prepared = async () =>
        (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(db)).rows.filter((r) =>
          r.statement.includes(table),
        ).length;
      expect([await count(2), await count(3)]).toEqual([1, 2]);
      expect(await prepared()).toBe(0);
      expect(await count(4)).toBe(3);
      expect(await prepared()).toBe(1);
      expect([await count(5), await count(6)]).toEqual([4, 5]);
      expect(await prepared()).toBe(1);
    });
  });

  it('are never prepared when they search by pattern, whose best plan depends on the pattern', async () => {
    const table = `searched_${randomUUID().replaceAll('-', '')}`;
    await sql`CREATE TABLE ${sql.table(table)} (name text)`.execute(t.db);
    await t.db.connection().execute(async (db) => {
      for (let i = 0; i < 5; i++) await sql`SELECT count(*) FROM ${sql.table(table)} WHERE name ILIKE ${`%${i}%`}`.execute(db);
      // The lists' own searches: LIKE on folded text.
      for (let i = 0; i < 5; i++)
        await sql`SELECT count(*) FROM ${sql.table(table)} WHERE ${contains(sql.ref('name'), `${i}`)}`.execute(db);
      const { rows } = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(db);
      expect(rows.filter((r) => r.statement.includes(table))).toEqual([]);
    });
  });

  it('run unprepared once the table they read changes shape, without failing a call outside a transaction', async () => {
    const table = `reshaped_${randomUUID().replaceAll('-', '')}`;
    await sql`CREATE TABLE ${sql.table(table)} (n int)`.execute(t.db);
    await sql`INSERT INTO ${sql.table(table)} VALUES (1)`.execute(t.db);
    await t.db.connection().execute(async (db) => {
      const read = async () => (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} WHERE n = ${1}`.execute(db)).rows;
      for (let i = 0; i < 4; i++) expect(await read()).toEqual([{ n: 1 }]);
      // What a migration run by another server does: the prepared plan no longer fits ("cached plan must not change
      // result type"), and the call is run again unprepared.
      await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN m int DEFAULT 7`.execute(db);
      expect(await read()).toEqual([{ n: 1, m: 7 }]);
      expect(await read()).toEqual([{ n: 1, m: 7 }]);
    });
  });
});
