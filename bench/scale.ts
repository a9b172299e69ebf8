/**
 * How the staff lists and the statistics grow with the number of applications: at 10,000, 100,000 and 1,000,000
 * (SCALE_SIZES changes them), one client, through the routes in process (session, abilities, SQL, JSON). For each
 * size, 95th percentile and median of: the all-applications page (pages 1–20, sorted by reference), a search for a
 * rare surname (the same dozen applications at every size), a search for a common surname (matches grow with the
 * size: its count is printed), and the statistics of every period. The 1,000,000 seed takes a few minutes.
 * Usage: npm run bench:scale
 */
import { sql } from 'kysely';
import { openBenchApp, stats, timeCalls } from './benchApp.js';
import { seedApplications } from './seedApplications.js';

const SIZES = (process.env.SCALE_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const WARMUP = 50;
const TIMED = 100;
/** A surname none of the seeded applicants has, given to RARE applications at every size. */
const RARE = 'Ödqvist';
const RARE_APPLICATIONS = 12;
const COMMON = 'Lindberg';

const results: { size: number; kind: string; median: number; p95: number; total: number }[] = [];
for (const size of SIZES) {
  const bench = await openBenchApp('scale', async (db) => {
    await seedApplications(db, { applications: size, applicants: Math.max(3_000, Math.round(size / 3)), periods: 12, categories: 3 });
    const { id } = await db
      .insertInto('frontend_users')
      .values({ email: 'rar@exempel.se', first_name: 'Rut', last_name: RARE, verified_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      INSERT INTO applications (reference, status, frontend_user_id, period_id, money, sent_in_at)
      SELECT 'R-' || i, 20, ${id}, 1 + i % 12, 1000000, now() FROM generate_series(1, ${RARE_APPLICATIONS}::int) i
    `.execute(db);
    await sql`ANALYZE`.execute(db);
  });
  const get = async (url: string) => {
    const response = await bench.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bench.headers });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json<{ data: { total?: number; totals?: { applications: number } } }>().data;
  };
  const kinds: { kind: string; url: (i: number) => string }[] = [
    { kind: 'page (by reference, pages 1-20)', url: (i) => `/applications/all?sort=reference&page=${1 + (i % 20)}` },
    { kind: `search, rare surname (${RARE})`, url: () => `/applications/all?search=${encodeURIComponent(RARE)}` },
    { kind: `search, common surname (${COMMON})`, url: (i) => `/applications/all?search=${COMMON}&page=${1 + (i % 3)}` },
    { kind: 'statistics, every period', url: () => '/statistics' },
  ];
  try {
    console.log(`${size.toLocaleString('en')} applications seeded in ${(bench.seeded / 1000).toFixed(1)} s`);
    for (const { kind, url } of kinds) {
      const first = await get(url(0));
      const times = await timeCalls((i) => get(url(i)), WARMUP, TIMED);
      const total = first.total ?? first.totals?.applications ?? 0;
      results.push({ size, kind, ...stats(times), total });
    }
  } finally {
    await bench.close();
  }
}

console.log(
  `\n${'kind'.padEnd(40)} ${'applications'.padStart(12)} ${'matches'.padStart(9)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)}`,
);
for (const r of results) {
  console.log(
    `${r.kind.padEnd(40)} ${r.size.toLocaleString('en').padStart(12)} ${r.total.toLocaleString('en').padStart(9)} ${r.median.toFixed(1).padStart(10)} ${r.p95.toFixed(1).padStart(8)}`,
  );
}
