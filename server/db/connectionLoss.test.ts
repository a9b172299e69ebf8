import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { appEnv, startServerProcess, type ServerProcess } from '../test/serverProcess.js';
import { freePort, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.js';

// The real server process on a PostgreSQL of this test's own (never the one the other API tests share), which the
// test kills while requests hold connections.
const CLIENTS = 60;
const POOL_SIZE = 10; // connect()'s default

let database: EmbeddedPostgres | undefined;
let server: ServerProcess | undefined;
const dirs: string[] = [];
afterAll(async () => {
  await server?.stop('SIGKILL');
  await database?.stop().catch(() => {}); // already gone when the test got that far
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('losing the database', () => {
  it(
    'keeps the server running when PostgreSQL is killed under 60 concurrent requests, and it answers 503',
    { timeout: 120_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'connection-loss-'));
      dirs.push(dataDir);
      database = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'db') });
      const port = await freePort();
      server = await startServerProcess(appEnv(port, path.join(dataDir, 'app'), { DATABASE_URL: database.url, NODE_ENV: 'test' }));
      const base = `http://127.0.0.1:${port}/api/v1`;
      expect((await fetch(`${base}/health`)).status).toBe(200);

      // Hold a lock that every sign-in waits for, so that the app's connections are checked out mid-query.
      const client = async () => {
        const connection = new pg.Client({ connectionString: database!.url });
        connection.on('error', () => {}); // these die with the server too
        await connection.connect();
        return connection;
      };
      const locker = await client();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE login_attempts IN ACCESS EXCLUSIVE MODE');
      const signIns = Array.from({ length: CLIENTS }, (_, i) =>
        fetch(`${base}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          body: JSON.stringify({ data: { email: `person${i}@test.se`, password: 'whatever-123' } }),
        }).then(
          async (response) => ({ status: response.status, body: await response.json() }),
          (error: Error) => ({ status: 0, body: { dropped: error.message } }),
        ),
      );
      // Every connection of the app's pool waits on the lock (seen from outside the locking transaction, whose view
      // of pg_stat_activity would not change).
      const observer = await client();
      const waiting = async () =>
        (await observer.query("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'")).rows[0].n;
      await expect.poll(waiting, { timeout: 30_000 }).toBe(POOL_SIZE);

      // kill -9 of the postmaster: its backends end, and the app's checked-out connections with them.
      const { data_directory: pgdata } = (await observer.query('show data_directory')).rows[0];
      const postmaster = Number((await readFile(path.join(pgdata, 'postmaster.pid'), 'utf8')).split('\n')[0]);
      process.kill(postmaster, 'SIGKILL');

      // Each request gets an answer in the error envelope; none is dropped.
      const answers = await Promise.all(signIns);
      expect(
        answers.filter((a) => a.status < 500 || typeof a.body.message !== 'string'),
        server.output(),
      ).toEqual([]);
      expect(server.output()).toMatch(/Database connection error: Connection terminated unexpectedly/);

      // The process is still there, and says the service is unavailable while the database is gone.
      const health = await fetch(`${base}/health`, { headers: { 'accept-language': 'en-US' } });
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ message: 'The service is unavailable right now. Please try again in a moment.' });
      expect(server.alive(), server.output()).toBe(true);
    },
  );
});
