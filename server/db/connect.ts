import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { preparingClient } from './preparedStatements.js';
import type { Database } from './schema.js';

// bigint (int8) columns hold money in öre and counts: read them as JS numbers (exact up to 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// date columns stay 'YYYY-MM-DD' strings: no time zone shifts.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Db = Kysely<Database>;

/**
 * How long a request waits for a connection before the database counts as unreachable (503). A server that is down
 * refuses at once; this bounds one that does not answer at all. pg counts the wait for a free connection of the pool
 * too, so it is long enough that a burst of requests queueing for the pool is not taken for an outage.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/** The pool behind each Db that `connect` made: Kysely does not show it, and the metrics read its counts. */
const pools = new WeakMap<Db, pg.Pool>();

export function connect(url: string, onError: (error: Error) => void, max = 10): Db {
  // The statements run most are prepared on each connection (preparedStatements.ts).
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, Client: preparingClient() });
  // A connection that the server drops (restart, shutdown, crash) must not crash the process. The pool listens on
  // its idle connections only, so a connection in use mid-query would have no listener: give each its own, which
  // reports the error; the query under way fails and its request answers with an error.
  pool.on('connect', (client) => client.on('error', onError));
  // The pool passes on the same error of an idle connection, already reported by that connection's listener.
  pool.on('error', () => {});
  // A cursor lets a query's rows be read a batch at a time (`.stream()`), as a large export is.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
  pools.set(db, pool);
  return db;
}

/** The connections of a Db's pool in use and idle, and the queries waiting for one; null for a Db `connect` did not make. */
export function poolUse(db: Db): { inUse: number; idle: number; waiting: number } | null {
  const pool = pools.get(db);
  return pool ? { inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

// The server is away (refused, reset, unreachable), is shutting down or starting (57P01–57P03), has no connection
// left (53300), or a connection broke (class 08): the request could succeed in a moment, so it is a 503, not a 500.
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);
const unavailableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection closed',
  'Cannot use a pool after calling end',
];

/** Whether an error says the database cannot be reached just now, rather than that a query is wrong. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (unreachableCodes.has(code) || unavailableStates.has(code) || code.startsWith('08'))) return true;
  if (unavailableMessages.some((text) => error.message.includes(text))) return true;
  // Node reports a refused connection to each address of a name together (AggregateError), and pg may wrap a cause.
  const inner: unknown[] = [...(error instanceof AggregateError ? (error.errors as unknown[]) : []), (error as { cause?: unknown }).cause];
  return inner.some((e) => isDatabaseUnavailable(e, depth + 1));
}

/** A round trip to the database (the health check): rejects when it is unreachable. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
