import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import { hashPassword } from '../server/auth/passwords.js';
import { loadConfig } from '../server/config.js';
import { connect, type Db } from '../server/db/connect.js';
import { startEmbeddedPostgres } from '../server/db/embedded.js';
import { migrate } from '../server/db/migrate.js';
import { startRuntime, type Runtime } from '../server/runtime.js';

/** The whole app on a fresh embedded database of its own, with a signed-in admin: what every API benchmark needs. */
export interface BenchApp {
  db: Db;
  /** The database's connection URL (for a second, logging connection, or a server process of its own). */
  url: string;
  /** A folder of the benchmark's own, removed on close. */
  dataDir: string;
  /** The database server's postmaster (for its CPU time). */
  postmasterPid: () => number | null;
  app: Awaited<ReturnType<typeof buildApp>>;
  /** Headers of a call from the admin app: X-Requested-With and the admin's session cookie. */
  headers: Record<string, string>;
  /** Milliseconds the seeding took. */
  seeded: number;
  /**
   * Stops the app in this process and its job queue, keeping the database: for a benchmark of the app in a process of
   * its own, whose figures this one's queue, polling the same database, would otherwise blur.
   */
  stopApp(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the database, migrates, runs `seed` (timed), then the app, and signs an admin in. */
export async function openBenchApp(name: string, seed: (db: Db) => Promise<void>): Promise<BenchApp> {
  // BENCH_REUSE names a folder BENCH_KEEP left: its database, seeded before, is migrated and measured again unseeded.
  const reused = process.env.BENCH_REUSE;
  const tempDir = reused ?? mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const server = await startEmbeddedPostgres({ dataDir: tempDir });
  // pg-pool's end() resolves before its sockets have closed, so stopping the server right after may cut one: not news.
  let closing = false;
  const db = connect(server.url, (error) => {
    if (!closing) console.error(`database: ${error.message}`);
  });
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', DATA_DIR: tempDir });
  let runtime: Runtime | null = null;
  let app: BenchApp['app'] | null = null;
  const stopApp = async () => {
    await app?.close();
    await runtime?.stop();
    [app, runtime] = [null, null];
  };
  const close = async () => {
    closing = true;
    await stopApp();
    await db.destroy();
    await server.stop();
    // BENCH_KEEP=1 leaves the database for a look afterwards (EXPLAIN on the same rows, or BENCH_REUSE).
    if (process.env.BENCH_KEEP || reused) console.log(`database kept in ${tempDir}`);
    else rmSync(tempDir, { recursive: true, force: true });
  };
  try {
    await migrate(db);
    const email = 'bench-admin@example.se';
    const password = 'bench-password-9';
    const started = performance.now();
    if (!reused) {
      await db
        .insertInto('users')
        .values({
          first_name: 'Bench',
          last_name: 'Admin',
          email,
          role: 'admin',
          active: true,
          password_hash: await hashPassword(password),
        })
        .execute();
      await seed(db);
    }
    const seeded = performance.now() - started;
    runtime = await startRuntime({ db, config, log: { info: () => {}, warn: () => {} }, supervise: false });
    app = await buildApp({ config, db, ...runtime });
    await app.ready();
    const xhr = { 'x-requested-with': 'XMLHttpRequest' };
    const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: xhr, payload: { data: { email, password } } });
    const session = login.cookies.find((c) => c.name === 'staff_session');
    if (login.statusCode !== 200 || !session) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
    return {
      db,
      url: server.url,
      dataDir: tempDir,
      postmasterPid: () => server.pid(),
      app,
      headers: { ...xhr, cookie: `staff_session=${session.value}` },
      seeded,
      stopApp,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** Median and 95th percentile of a set of timings. */
export function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) };
}

/**
 * Runs `call` `warmup` times untimed, then `timed` times one after another, each given its number within its round
 * (0, 1, …); the timed calls' durations in milliseconds.
 */
export async function timeCalls(call: (i: number) => Promise<unknown>, warmup: number, timed: number): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await call(i);
  const times: number[] = [];
  for (let i = 0; i < timed; i++) {
    const started = performance.now();
    await call(i);
    times.push(performance.now() - started);
  }
  return times;
}
