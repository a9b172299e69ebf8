import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect, inject } from 'vitest';
import pg from 'pg';
import { buildApp } from '../app.js';
import { hashPassword } from '../auth/passwords.js';
import { loadConfig, type Config } from '../config.js';
import { connect, type Db } from '../db/connect.js';
import { createDatabase } from '../db/embedded.js';
import type { Clock } from '../clock.js';
import type { Jobs } from '../jobs/queue.js';
import type { Mailer } from '../mail/outbox.js';
import { startRuntime } from '../runtime.js';
import type { FileStorage } from '../uploads/storage.js';
import { TEMPLATE, withDatabase } from './globalSetup.js';
import { startS3Server } from './s3Server.js';
import { tcpProxy } from './tcpProxy.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** With `throughProxy`: the relay between the app and its database, to cut and restore. */
  proxy?: Awaited<ReturnType<typeof tcpProxy>>;
  config: Config;
  mailer: Mailer;
  jobs: Jobs;
  /** Where uploaded files are kept: the data directory's folder, or with `storage: 's3'` an S3 server of its own. */
  storage: FileStorage;
  /** With `storage: 's3'`: the S3-compatible server the files are kept in, to stop as a store that goes away. */
  s3?: Awaited<ReturnType<typeof startS3Server>>;
  close(): Promise<void>;
}

/** A fresh database (cloned from the migrated template) and the whole app on it, for one test file. */
export async function createTestApp(
  options: {
    config?: Partial<Config>;
    clock?: Clock;
    beforeReady?: (app: FastifyInstance) => void;
    throughProxy?: boolean;
    storage?: 'local' | 's3';
  } = {},
): Promise<TestApp> {
  const adminUrl = inject('adminUrl');
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  await createDatabase(adminUrl, name, TEMPLATE);
  const url = new URL(withDatabase(adminUrl, name));
  const proxy = options.throughProxy ? await tcpProxy({ host: url.hostname, port: Number(url.port) }) : undefined;
  if (proxy) url.port = String(proxy.port);
  const db = connect(url.toString(), () => {}, 5);
  // Its own data directory (uploaded files), so tests never write into the developer's ./data.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'app-test-data-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    dataDir,
    // The embedded database's backups are the backup tests' own.
    backupDir: null,
    ...options.config,
  };
  // Files in an S3-compatible server started for this app alone, when asked; the local folder otherwise.
  const s3 = options.storage === 's3' ? await startS3Server() : undefined;
  if (s3) config.fileStorage = `s3://${s3.bucket}/app`;
  // The queue takes jobs as in production, looking twice a second; no cron schedules or expiry of jobs: a test runs
  // scheduled work itself, at the time it sets.
  const runtime = await startRuntime({
    db,
    config,
    clock: options.clock,
    log: { info: () => {}, warn: () => {} },
    supervise: false,
    pollingIntervalSeconds: 0.5,
    storage: s3?.storage('app'),
  });
  const { mailer, jobs } = runtime;
  const app = await buildApp({ config, db, ...runtime });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db,
    proxy,
    config,
    mailer,
    jobs,
    storage: runtime.storage,
    s3,
    async close() {
      await proxy?.restore().catch(() => {});
      await app.close();
      await runtime.stop();
      await db.destroy();
      await proxy?.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      await rm(dataDir, { recursive: true, force: true });
      await s3?.close();
    },
  };
}

export const PASSWORD = 'correct-horse-9';

/** Creates a staff user with PASSWORD. */
export async function createStaff(db: Db, role: 'admin' | 'utredare', email: string, active = true): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      first_name: role === 'admin' ? 'Anna' : 'Erik',
      last_name: 'Test',
      email,
      role,
      active,
      password_hash: await hashPassword(PASSWORD),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Headers of a browser call from the app itself (CSRF rule). */
export const xhr = { 'x-requested-with': 'XMLHttpRequest' };

export async function login(app: FastifyInstance, email: string, password = PASSWORD, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { ...xhr, ...headers }, payload: { data: { email, password } } });
}

/** Logs in and returns the Cookie header for later calls. */
export async function sessionCookie(app: FastifyInstance, email: string): Promise<string> {
  const response = await login(app, email);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'staff_session');
  return `staff_session=${cookie!.value}`;
}

export function call(app: FastifyInstance, options: InjectOptions & { cookie?: string }) {
  const { cookie, headers, ...rest } = options;
  return app.inject({ ...rest, headers: { ...xhr, ...(cookie ? { cookie } : {}), ...headers } });
}

/**
 * Asserts the answer to a sign-in while the account waits out its delay after failed tries (from any address): a 429
 * with Retry-After (at most the first delay's 30 seconds) and the Swedish message naming it. Answers the seconds.
 */
export function expectAccountDelayed(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }): number {
  expect(response.statusCode).toBe(429);
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(30);
  expect(response.json()).toEqual({
    message: `För många misslyckade inloggningar på det här kontot. Vänta ${seconds} sekunder och försök igen.`,
    retry_after: seconds,
  });
  return seconds;
}

/** The value of the cookie an answer sets by that name, if it sets one. */
export const cookieValue = (response: { cookies: { name: string; value: string }[] }, name: string) =>
  response.cookies.find((c) => c.name === name)?.value;

/**
 * A decision through the API as staff make one: `PUT /applications/{uuid}/decision` by `asker`; where the applicant
 * was told the earlier decision the change waits, so `approver` (another administrator) approves it
 * (server/applications/decisionChanges.ts). Answers the last response.
 */
export async function decideThroughApi(app: FastifyInstance, uuid: string, data: object, asker: string, approver: string) {
  const payload = { data: { ...data, reason: 'Ny uppgift om budgeten.' } };
  const asked = await call(app, { method: 'PUT', url: `/api/v1/applications/${uuid}/decision`, cookie: asker, payload });
  if (asked.statusCode !== 200 || !asked.json<{ data: { pending_change: unknown } }>().data.pending_change) return asked;
  return call(app, { method: 'POST', url: `/api/v1/applications/${uuid}/decision/change/approve`, cookie: approver });
}
