import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { withDatabase } from './globalSetup.js';

/**
 * The plans (EXPLAIN, without costs) of the statements `run` makes on the test's database `db` that `planned` picks:
 * run through a logging connection of their own, then explained with their parameters, as PostgreSQL would run them.
 */
export async function plansOf(db: Db, run: (db: Db) => Promise<unknown>, planned: (text: string) => boolean): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(db);
  const pool = new pg.Pool({ connectionString: withDatabase(inject('adminUrl'), rows[0].name), max: 1 });
  const statements: CompiledQuery[] = [];
  const logged = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query' && planned(event.query.sql)) statements.push(event.query);
    },
  });
  try {
    await run(logged);
    const plans: string[] = [];
    for (const statement of statements) {
      const plan = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (COSTS OFF) ${statement.sql}`, [...statement.parameters]);
      plans.push(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
    return plans;
  } finally {
    await logged.destroy();
  }
}
