import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, freePorts } from './db/embedded.js';
import { DEMO_PASSWORD, demoLogins } from './demo/demo.js';
import { startServerProcess, type ServerProcess } from './test/serverProcess.js';

let server: ServerProcess | undefined;
const dirs: string[] = [];
afterAll(async () => {
  await server?.stop(); // a clean stop also stops its embedded PostgreSQL
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('a production start', () => {
  it(
    'on a fresh data directory creates no demo accounts and says how to create the first administrator',
    { timeout: 120_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'production-start-'));
      dirs.push(dataDir);
      const port = await freePort();
      // The embedded database, as `npm start` without DATABASE_URL.
      server = await startServerProcess({
        NODE_ENV: 'production',
        AUTH_SECRET: 'test-auth-secret-of-at-least-32-characters',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
      });

      expect(server.output()).not.toMatch(/Demo data created/);
      expect(server.output()).toContain(
        '[start] No staff user yet. To create the first administrator, stop the server and run, with the same settings, npm run db:seed -- --admin you@example.se',
      );
      for (const { email } of demoLogins) {
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          body: JSON.stringify({ data: { email, password: DEMO_PASSWORD } }),
        });
        expect(response.status, email).toBe(422);
        expect((await response.json()).message).toBe('Uppgifterna stämmer inte med våra register.');
      }
    },
  );
});

describe('METRICS_PORT', () => {
  let started: ServerProcess | undefined;
  afterAll(() => started?.stop());

  it('serves /metrics on a listener of its own, on loopback, and not on the app’s port', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'metrics-port-'));
    dirs.push(dataDir);
    const [port, metricsPort] = await freePorts(2);
    started = await startServerProcess({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      METRICS_PORT: String(metricsPort),
    });
    expect(started.output()).toContain(`[start] Metrics at /metrics on 127.0.0.1, port ${metricsPort}`);
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(200);
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/health",status_code="200"\} 1$/m);
    expect(text).toMatch(/^mail_outbox_unsent 0$/m);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
  });
});
