import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll } from 'vitest';
import { connect, type Db } from '../db/connect.js';
import { freePort, startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded.js';
import { appEnv, startServerProcess, type ServerProcess } from './serverProcess.js';

/**
 * The crash tests' rig: the real server process on a PostgreSQL of the test file's own, which a test kills in the
 * middle of its work and starts again, and a lock on the outbox that holds the work inside its transaction until then.
 * Everything is stopped and removed after the file.
 */
export function killableServer(name: string) {
  let database: EmbeddedPostgres | undefined;
  let server: ServerProcess | undefined;
  let db: Db | undefined;
  let dir: string | undefined;
  let env: Record<string, string> = {};
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await db?.destroy();
    await database?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  return {
    /** Starts PostgreSQL and the server with `extra` in its environment; the test's connection and the API's base. */
    async start(extra: Record<string, string> = {}) {
      dir = await mkdtemp(path.join(os.tmpdir(), `${name}-`));
      database = await startEmbeddedPostgres({ dataDir: path.join(dir, 'db') });
      const port = await freePort();
      env = appEnv(port, path.join(dir, 'app'), { DATABASE_URL: database.url, NODE_ENV: 'test', ...extra });
      server = await startServerProcess(env);
      db = connect(database.url, () => {});
      return { db, base: `http://127.0.0.1:${port}/api/v1` };
    },
    kill: () => server!.stop('SIGKILL'),
    async restart() {
      server = await startServerProcess(env);
    },
    /** Locks the outbox, so that whatever writes a mail waits inside its transaction until `release`. */
    async holdOutbox() {
      const locker = new pg.Client({ connectionString: database!.url });
      locker.on('error', () => {});
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE outbox IN EXCLUSIVE MODE');
      return {
        async release() {
          await locker.query('ROLLBACK');
          await locker.end();
        },
      };
    },
    /** The connections waiting for a lock, all of them and those inserting into the outbox. */
    async waitingForLocks() {
      const { rows } = await sql<{ all: number; mail: number }>`
        SELECT count(*)::int AS all, (count(*) FILTER (WHERE query ILIKE 'insert into "outbox"%'))::int AS mail
        FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()
      `.execute(db!);
      return rows[0];
    },
    /** Transactions left open: none once PostgreSQL has seen a killed process's connections go. */
    async openTransactions() {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_stat_activity WHERE state LIKE 'idle in transaction%'
      `.execute(db!);
      return rows[0].n;
    },
  };
}
