import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { jobQueues } from '../jobs/queue.js';
import { call, createTestApp, type TestApp } from '../test/testApp.js';
import { serveMetrics } from './metricsServer.js';

const TOKEN = 'scraper-token-for-the-tests-0123';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus's text format, read as a scraper reads it: one sample a line, comments apart. */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
      const value = { '+Inf': Infinity, '-Inf': -Infinity, Nan: NaN }[match[3]] ?? Number(match[3]);
      return { name: match[1], labels, value };
    });
}

/** The one sample of that name whose labels include those given. */
function sample(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value));
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { metricsToken: TOKEN } });
}, 60_000);
afterAll(() => t?.close());

async function scrape(): Promise<Sample[]> {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(response.body);
}

/** Another app on the same database and runtime, with other settings or a backup status. */
async function otherApp(config: Partial<Config>, backupStatus?: Parameters<typeof buildApp>[0]['backupStatus']) {
  const app = await buildApp({
    config: { ...t.config, ...config },
    db: t.db,
    mailer: t.mailer,
    jobs: t.jobs,
    clock: t.app.clock,
    storage: t.storage,
    backupStatus,
  });
  await app.ready();
  return app;
}

describe('GET /metrics on the app’s port', () => {
  it('answers only the bearer of METRICS_TOKEN', async () => {
    for (const headers of [{}, bearer('scraper-token-for-the-tests-0124'), bearer(''), { authorization: TOKEN }]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
    expect((await scrape()).length).toBeGreaterThan(0);
  });

  it('answers 404 without METRICS_TOKEN, token or not, rather than the portal’s page', async () => {
    const app = await otherApp({ metricsToken: null, metricsPort: 9464 });
    try {
      for (const headers of [{}, bearer(TOKEN)]) {
        const response = await app.inject({ method: 'GET', url: '/metrics', headers });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('<html');
      }
    } finally {
      await app.close();
    }
  });

  // Outside the API document, so outside its fuzz walk: walked here, with any header, query and method.
  it('answers any hostile call with a refusal (4xx) and never with the metrics or a server error', async () => {
    const methods = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS') as fc.Arbitrary<'GET'>;
    const header = fc.oneof(
      fc.string(),
      fc.constantFrom('Bearer', 'Bearer ', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Basic Zm9vOmJhcg=='),
    );
    await fc.assert(
      fc.asyncProperty(methods, header, fc.webQueryParameters(), async (method, authorization, query) => {
        const response = await t.app.inject({ method, url: `/metrics?${query}`, headers: { authorization } });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.body).not.toContain('http_request_duration_seconds');
      }),
      { numRuns: 60, seed: 20261127 },
    );
  });

  it('is no route of the API document', () => {
    const document = t.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).filter((path) => path.includes('metrics'))).toEqual([]);
  });
});

describe('the metrics', () => {
  it('count and time each request by its route template and status, never its address', async () => {
    const uuid = randomUUID();
    const url = `/api/v1/portal/applications/${uuid}/messages`;
    const route = '/api/v1/portal/applications/:uuid/messages';
    const count = (samples: Sample[]) =>
      sample(samples, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: '401' })?.value ?? 0;
    const before = count(await scrape());
    for (let i = 0; i < 3; i++) expect((await call(t.app, { method: 'GET', url })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'POST', url: '/nowhere' })).statusCode).toBe(404);

    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    const samples = parse(response.body);
    expect(count(samples)).toBe(before + 3);
    const buckets = samples.filter((s) => s.name === 'http_request_duration_seconds_bucket' && s.labels.route === route);
    expect(buckets.find((s) => s.labels.le === '+Inf')?.value).toBe(before + 3);
    expect(buckets.map((s) => s.labels.le)).toContain('0.1');
    expect(sample(samples, 'http_request_duration_seconds_sum', { route, status_code: '401' })?.value).toBeGreaterThan(0);
    expect(sample(samples, 'http_request_duration_seconds_count', { method: 'POST', route: 'unmatched', status_code: '404' })?.value).toBe(
      1,
    );
    expect(response.body).not.toContain(uuid);
    expect(response.body).not.toContain('/nowhere');
  });

  it('have the process’s own figures', async () => {
    const samples = await scrape();
    expect(sample(samples, 'process_cpu_user_seconds_total')?.value).toBeGreaterThan(0);
    expect(sample(samples, 'nodejs_heap_size_used_bytes')?.value).toBeGreaterThan(0);
  });

  it('count the jobs of every queue by state', async () => {
    const waiting = (samples: Sample[]) => sample(samples, 'job_queue_jobs', { queue: 'retention', state: 'waiting' })?.value;
    const before = await scrape();
    for (const queue of Object.keys(jobQueues)) {
      for (const state of ['waiting', 'active', 'failed'])
        expect(sample(before, 'job_queue_jobs', { queue, state })?.value).toBeGreaterThanOrEqual(0);
    }
    // Not before next year: no worker takes it while the test looks.
    await t.jobs.send('retention', {}, { startAfter: new Date(Date.now() + 365 * 86_400_000) });
    expect(waiting(await scrape())).toBe(waiting(before)! + 1);
  });

  it('count the outbox’s unsent mails and the age of the oldest', async () => {
    const unsent = (samples: Sample[]) => sample(samples, 'mail_outbox_unsent')!.value;
    const before = await scrape();
    await t.mailer.queue({ to: 'metrics@test.se', locale: 'sv-SE', template: { subject: 'Hej', body: 'Ett brev' } });
    // Written 90 seconds ago (created_at is the database's to set).
    await sql`UPDATE outbox SET created_at = now() - interval '90 seconds' WHERE recipient = 'metrics@test.se'`.execute(t.db);
    const after = await scrape();
    // No SMTP_URL in the tests: the mail stays unsent.
    expect(unsent(after)).toBe(unsent(before) + 1);
    expect(sample(after, 'mail_outbox_oldest_unsent_age_seconds')!.value).toBeGreaterThanOrEqual(90);
  });

  it('show the database pool’s connections and waiting queries', async () => {
    const samples = await scrape();
    const inUse = sample(samples, 'db_pool_connections_in_use')!.value;
    const idle = sample(samples, 'db_pool_connections_idle')!.value;
    // The test app's pool holds at most 5.
    expect(inUse).toBeGreaterThanOrEqual(0);
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(inUse + idle).toBeGreaterThan(0);
    expect(inUse + idle).toBeLessThanOrEqual(5);
    // The scrape's own queries and the queue's polling may wait for one of them.
    expect(sample(samples, 'db_pool_waiting_queries')!.value).toBeGreaterThanOrEqual(0);
  });

  it('show the backups’ ages when given their status, +Inf for one never taken', async () => {
    expect(sample(await scrape(), 'backup_last_base_backup_age_seconds')).toBeUndefined();
    const lastBaseBackupAt = new Date(Date.now() - 3600_000);
    const app = await otherApp({}, async () => ({ lastBaseBackupAt, lastArchivedWalAt: null }));
    try {
      const samples = parse((await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) })).body);
      expect(sample(samples, 'backup_last_base_backup_age_seconds')!.value).toBeGreaterThanOrEqual(3600);
      expect(sample(samples, 'backup_last_base_backup_age_seconds')!.value).toBeLessThan(3660);
      expect(sample(samples, 'backup_last_archived_wal_age_seconds')!.value).toBe(Infinity);
    } finally {
      await app.close();
    }
  });
});

describe('METRICS_PORT’s listener', () => {
  it('serves /metrics without a token, and nothing else', async () => {
    const server = await serveMetrics(t.app.metrics, { host: '127.0.0.1', port: 0 });
    try {
      await call(t.app, { method: 'GET', url: '/api/v1/health' });
      const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const samples = parse(await response.text());
      expect(sample(samples, 'mail_outbox_unsent')?.value).toBeGreaterThanOrEqual(0);
      expect(
        sample(samples, 'http_request_duration_seconds_count', { route: '/api/v1/health', status_code: '200' })?.value,
      ).toBeGreaterThan(0);
      for (const path of ['/', '/metrics/more', '/api/v1/health']) {
        expect((await fetch(`http://127.0.0.1:${server.port}${path}`)).status, path).toBe(404);
      }
      expect((await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
