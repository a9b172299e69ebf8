import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

// bigint (int8) columns hold money in öre and counts: read them as JS numbers (exact up to 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// date columns stay 'YYYY-MM-DD' strings: no time zone shifts.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Db = Kysely<Database>;

export function connect(url: string, onError: (error: Error) => void, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection that the server drops (restart, shutdown) must not crash the process.
  pool.on('error', onError);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
