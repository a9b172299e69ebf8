/**
 * Response times of the staff applications list (GET /api/v1/applications/all) at 100,000 applications from 30,000
 * applicants in 12 periods, statuses spread as in a working year (a tenth drafts, which the list never shows).
 * In process with app.inject (no network), one call at a time: (a) a status + period filtered page sorted by
 * applicant, (b) sorted by money, largest first, (c) a search by an applicant's name, (d) a search by reference,
 * (e) page 100 of the default order, (f) the follow-ups preset, (f2) the unread-messages preset (a flag on the row, set on
 * 3 % of those sent in); and of the decided list (g) sorted by the amount
 * granted, (h) filtered by month, and (i) one period's list for decisioning sorted by applicant. Each: 20 warm-up calls, then 200 timed; median and
 * 95th percentile against the 50 ms target. Then throughput over real HTTP: 50 clients, each with one request in
 * flight, for 10 s, cycling through the same kinds; and EXPLAIN ANALYZE of the slowest kind's queries.
 * Usage: npm run bench:applications
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { openBenchApp, stats, timeCalls } from './benchApp.js';
import { seedApplications } from './seedApplications.js';
import { everyPeriod, listApplications, listSpecs } from '../server/applications/lists.js';
import type { Db } from '../server/db/connect.js';
import type { Database } from '../server/db/schema.js';
import { parseListQuery } from '../server/lists/listQuery.js';

const APPLICATIONS = 100_000;
const APPLICANTS = 30_000;
const PERIODS = 12;
const WARMUP = 20;
const TIMED = 200;
const TARGET_MS = 50;
const MAX_PAGE = 20;
const CLIENTS = 50;
const LOAD_SECONDS = 10;

// Seeded, so that every run asks for the same pages.
let seed = 20250301;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const seedData = (db: Db) => seedApplications(db, { applications: APPLICATIONS, applicants: APPLICANTS, periods: PERIODS });

// ---------------------------------------------------------------------------------------------------------------
interface Kind {
  label: string;
  /** The list, when not applications/all. */
  path?: string;
  params: Record<string, string | string[]>;
  /** Whether calls move through the pages (every other call page 1, else a seeded page 2..min(20, last)). */
  paged: boolean;
  total: number;
  lastPage: number;
  times: number[];
}

const pageFor = (kind: Kind, i: number) =>
  !kind.paged || i % 2 === 0 || kind.lastPage < 2
    ? Number(kind.params.page ?? 1)
    : 2 + Math.floor(random() * (Math.min(MAX_PAGE, kind.lastPage) - 1));
const queryOf = (kind: Kind, page: number) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...kind.params, page: String(page) })) for (const v of [value].flat()) query.append(key, v);
  return query.toString();
};

/** The SQL that the list runs for a query (a search's matches, the count, the page), captured from a logging Kysely. */
async function capturedQueries(url: string, params: Record<string, string | string[]>): Promise<CompiledQuery[]> {
  const captured: CompiledQuery[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('error', () => {});
  const logging = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: (event) => void captured.push(event.query) });
  try {
    await listApplications(logging, 'all', parseListQuery(listSpecs.all, params), everyPeriod);
  } finally {
    await logging.destroy();
  }
  return captured;
}

// ---------------------------------------------------------------------------------------------------------------
const bench = await openBenchApp('applications', seedData);
try {
  const { db, app: web, headers, seeded } = bench;

  // A reference that exists, and an applicant surname of average frequency.
  const { reference } = await db
    .selectFrom('applications')
    .select('reference')
    .where('status', '=', 30)
    .orderBy('id')
    .offset(5000)
    .limit(1)
    .executeTakeFirstOrThrow();
  const { uuid: periodUuid } = await db.selectFrom('periods').select('uuid').where('id', '=', 5).executeTakeFirstOrThrow();
  const kinds: Kind[] = [
    {
      label: '(a) status 20+30, period, sort applicant',
      params: { 'status[]': ['20', '30'], period: '7', sort: 'applicant', direction: 'asc' },
      paged: true,
      total: 0,
      lastPage: 1,
      times: [],
    },
    { label: '(b) sort money desc', params: { sort: 'money', direction: 'desc' }, paged: true, total: 0, lastPage: 1, times: [] },
    { label: '(c) search applicant "Lindqvist"', params: { search: 'Lindqvist' }, paged: true, total: 0, lastPage: 1, times: [] },
    { label: `(d) search reference "${reference}"`, params: { search: reference! }, paged: false, total: 0, lastPage: 1, times: [] },
    { label: '(e) page 100, by reference', params: { page: '100' }, paged: false, total: 0, lastPage: 1, times: [] },
    { label: '(f) follow-ups preset', params: { followups: 'true' }, paged: true, total: 0, lastPage: 1, times: [] },
    { label: '(f2) unread messages preset', params: { unread: 'true' }, paged: true, total: 0, lastPage: 1, times: [] },
    {
      label: '(g) decided, sort approved_money desc',
      path: 'decided',
      params: { sort: 'approved_money', direction: 'desc' },
      paged: true,
      total: 0,
      lastPage: 1,
      times: [],
    },
    { label: '(h) decided, month', path: 'decided', params: { month: '2019-04' }, paged: true, total: 0, lastPage: 1, times: [] },
    {
      label: '(i) decisioning, sort applicant',
      path: `decisioning/${periodUuid}`,
      params: { sort: 'applicant' },
      paged: true,
      total: 0,
      lastPage: 1,
      times: [],
    },
  ];

  /** The real route: session, abilities, query parsing, SQL and JSON, as the admin's list calls it. */
  const viaRoute = async (kind: Kind, page: number) => {
    const query = queryOf(kind, page);
    const url = `applications/${kind.path ?? 'all'}?${query}`;
    const response = await web.inject({ method: 'GET', url: `/api/v1/${url}`, headers });
    if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
    const { data } = response.json<{ data: { data: unknown[]; total: number; last_page: number } }>();
    if (!data.data.length) throw new Error(`GET ${url}: no rows`);
    return data;
  };

  const loadBefore = os.loadavg()[0];
  const started = performance.now();
  for (const kind of kinds) {
    ({ total: kind.total, last_page: kind.lastPage } = await viaRoute(kind, Number(kind.params.page ?? 1)));
    kind.times = await timeCalls((i) => viaRoute(kind, pageFor(kind, i)), WARMUP, TIMED);
  }
  const measured = performance.now() - started;

  // Throughput over real HTTP: CLIENTS loops, each with one request in flight, cycling through the kinds.
  await web.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(web.server.address() as AddressInfo).port}/api/v1/applications/`;
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + LOAD_SECONDS * 1000;
  const loadStarted = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = client; performance.now() < deadline; i++) {
        const kind = kinds[i % kinds.length];
        const t0 = performance.now();
        try {
          const response = await fetch(`${base}${kind.path ?? 'all'}?${queryOf(kind, pageFor(kind, i))}`, { headers });
          await response.arrayBuffer();
          if (response.status !== 200) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const loadAfter = os.loadavg()[0];

  const ms = (value: number) => value.toFixed(1).padStart(8);
  console.log(
    `Seeded ${APPLICATIONS.toLocaleString('en')} applications (${APPLICANTS.toLocaleString('en')} applicants, ${PERIODS} periods) in ${(seeded / 1000).toFixed(1)} s (then VACUUM ANALYZE).`,
  );
  console.log(
    `GET /api/v1/applications/all (decided, decisioning where named) through app.inject (session, abilities, parsing, SQL, JSON), one call at a time;`,
  );
  console.log(
    `50 rows a page; paged kinds: every other call page 1, the rest a seeded page 2..min(${MAX_PAGE}, last). ${WARMUP} warm-up + ${TIMED} timed calls each. Times in ms.\n`,
  );
  const header = `${'kind'.padEnd(44)}${'rows'.padStart(7)}${'pages'.padStart(6)}${'median'.padStart(8)}${'p95'.padStart(8)}  p95 < ${TARGET_MS} ms`;
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const kind of kinds) {
    const { median, p95 } = stats(kind.times);
    console.log(
      `${kind.label.padEnd(44)}${String(kind.total).padStart(7)}${String(kind.lastPage).padStart(6)}${ms(median)}${ms(p95)}  ${p95 < TARGET_MS ? 'yes' : 'NO'}`,
    );
  }
  const load = stats(latencies);
  console.log(
    `\nOver HTTP, ${CLIENTS} clients with one request each in flight for ${loadSeconds.toFixed(1)} s, cycling through the kinds above:` +
      `\n${latencies.length} requests, ${(latencies.length / loadSeconds).toFixed(0)} requests/s, ${errors} errors; latency median ${load.median.toFixed(1)} ms, p95 ${load.p95.toFixed(1)} ms.`,
  );
  console.log(
    `\nMeasuring took ${(measured / 1000).toFixed(1)} s; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after, on ${os.availableParallelism()} CPUs.` +
      `\nA busy machine inflates p95: compare with the EXPLAIN times.`,
  );

  const slowest = kinds.filter((k) => !k.path).sort((a, b) => stats(b.times).p95 - stats(a.times).p95)[0];
  console.log(`\n=== EXPLAIN (ANALYZE, BUFFERS): the slowest kind of applications/all, ${slowest.label}, page 1 ===`);
  for (const query of await capturedQueries(bench.url, { ...slowest.params })) {
    const what = query.sql.startsWith('select count') ? 'count' : query.sql.startsWith('select "s"."id"') ? 'search matches' : 'page';
    const parameters = JSON.stringify(query.parameters);
    console.log(`\n-- ${what}: ${query.sql}\n-- parameters: ${parameters.length > 300 ? `${parameters.slice(0, 300)}…` : parameters}`);
    const plan = sql.raw<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`).compile(db);
    const result = await db.executeQuery<{ 'QUERY PLAN': string }>({ ...plan, parameters: query.parameters });
    for (const row of result.rows) console.log(row['QUERY PLAN']);
  }
} finally {
  await bench.close();
}
