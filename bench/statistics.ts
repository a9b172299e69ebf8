/**
 * Response time of GET /api/v1/statistics?period=<id> for a period with 10,000 applications sent in (and 1,000
 * drafts, which it must skip), each with three categories, beside a second period of the same size: through the
 * route in process with app.inject (session, abilities, SQL, JSON). 20 warm-up calls, then 200 timed; median and
 * 95th percentile against the 200 ms target. Usage: npm run bench:statistics
 */
import os from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../server/db/connect.js';
import { openBenchApp, stats, timeCalls } from './benchApp.js';

const APPLICATIONS = 10_000;
const DRAFTS = 1_000;
const WARMUP = 20;
const TIMED = 200;
const TARGET_MS = 200;

/** Two periods of APPLICATIONS + DRAFTS applications each, sent in over the periods' months, with categories. */
async function seed(db: Db): Promise<number> {
  await sql`SELECT setseed(0.42)`.execute(db);
  const { id: userId } = await db
    .insertInto('frontend_users')
    .values({ email: 'bench@example.se', verified_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO categories (label, type)
    SELECT 'Kategori ' || t || '-' || i, t FROM unnest(ARRAY[10, 20, 30, 40]) t, generate_series(1, 12) i
  `.execute(db);
  const periodIds: number[] = [];
  for (const year of [2025, 2026]) {
    const { id } = await db
      .insertInto('periods')
      .values({ name: `Ansökningsomgång ${year}`, start_date: `${year}-01-01`, end_date: `${year}-06-30` })
      .returning('id')
      .executeTakeFirstOrThrow();
    periodIds.push(id);
    // Statuses in the proportions of a decided round; amounts from 1,000 to 200,000 kr with öre.
    await sql`
      INSERT INTO applications (frontend_user_id, period_id, status, applicant_type, money, approved_money, sent_in_at, reference)
      SELECT ${userId}, ${id}, s.status, (10 * (1 + floor(random() * 3)))::smallint, s.money,
             CASE WHEN s.status = 40 THEN (s.money * (0.5 + random() / 2))::bigint END,
             CASE WHEN s.status <> 10 THEN ${`${year}-01-01`}::timestamptz + random() * interval '180 days' END,
             CASE WHEN s.status <> 10 THEN ${`${year}-`} || lpad(s.i::text, 5, '0') END
      FROM (
        SELECT i, CASE WHEN i > ${APPLICATIONS} THEN 10 ELSE (ARRAY[20, 30, 40, 40, -10, -10])[1 + floor(random() * 6)::int] END AS status,
               (100000 + floor(random() * 19900000))::bigint AS money
        FROM generate_series(1, ${APPLICATIONS + DRAFTS}) i
        OFFSET 0 -- keeps each row's random values from being flattened into the outer query
      ) s
    `.execute(db);
  }
  // Three categories per application: a target group, a purpose and a geographic area.
  await sql`
    INSERT INTO application_categories (application_id, category_id)
    SELECT DISTINCT a.id, c.id
    FROM applications a
    CROSS JOIN LATERAL (VALUES (10), (20), (30)) t(type)
    JOIN LATERAL (SELECT id FROM categories WHERE type = t.type AND a.id IS NOT NULL ORDER BY random() LIMIT 1) c ON true
  `.execute(db);
  await sql`ANALYZE`.execute(db);
  return periodIds[1];
}

let periodId = 0;
const bench = await openBenchApp('statistics', async (db) => {
  periodId = await seed(db);
});
try {
  const { app: web, headers, seeded } = bench;
  const url = `/api/v1/statistics?period=${periodId}`;
  const call = async () => {
    const response = await web.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
    return response.json<{ data: { totals: { applications: number } } }>().data;
  };
  const first = await call();
  if (first.totals.applications !== APPLICATIONS)
    throw new Error(`expected ${APPLICATIONS} applications, got ${first.totals.applications}`);
  const { median, p95 } = stats(await timeCalls(call, WARMUP, TIMED));
  console.log(
    `Seeded 2 periods of ${APPLICATIONS.toLocaleString('en')} applications sent in + ${DRAFTS.toLocaleString('en')} drafts, 3 categories each, in ${(seeded / 1000).toFixed(1)} s.`,
  );
  console.log(`GET ${url} through app.inject (no network), ${WARMUP} warm-up + ${TIMED} timed calls, one at a time:`);
  console.log(
    `median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target p95 < ${TARGET_MS} ms: ${p95 < TARGET_MS ? 'met' : 'NOT met'})`,
  );
  console.log(`load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} CPUs.`);
} finally {
  await bench.close();
}
