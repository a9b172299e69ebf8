import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

// bigint (int8) columns hold money in öre and counts: read them as JS numbers (exact up to 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// date columns stay 'YYYY-MM-DD' strings: no time zone shifts.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Db = Kysely<Database>;

export function connect(url: string, onError: (error: Error) => void, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // A connection that the server drops (restart, shutdown, crash) must not crash the process. The pool listens on
  // its idle connections only, so a connection in use mid-query would have no listener: give each its own, which
  // reports the error; the query under way fails and its request answers with an error.
  pool.on('connect', (client) => client.on('error', onError));
  // The pool passes on the same error of an idle connection, already reported by that connection's listener.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** A round trip to the database (the health check): rejects when it is unreachable. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
