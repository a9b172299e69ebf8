/**
 * Opening a long dialogue: GET of a thread of 500 messages (every tenth with an attachment), among 2,000 other
 * applications' threads of 50 messages each (100,000 messages in all), through the routes in process with
 * app.inject (session, access, SQL, JSON): staff's view (GET /api/v1/applications/{uuid}/messages) and the
 * applicant's (GET /api/v1/portal/applications/{uuid}/messages, which also marks staff's messages read).
 * 20 warm-up calls, then 200 timed; median and 95th percentile against the 50 ms target.
 * Usage: npm run bench:dialogue
 */
import os from 'node:os';
import { sql } from 'kysely';
import { storeLoginLink } from '../server/auth/loginLinks.js';
import { newToken } from '../server/tokens.js';
import type { Db } from '../server/db/connect.js';
import { openBenchApp, stats, timeCalls } from './benchApp.js';

const THREAD = 500;
const OTHER_APPLICATIONS = 2_000;
const OTHER_THREAD = 50;
const WARMUP = 20;
const TIMED = 200;
const TARGET_MS = 50;

/** One applicant's application with a THREAD-message dialogue, beside OTHER_APPLICATIONS others; its uuid. */
async function seed(db: Db): Promise<{ uuid: string; applicantId: number }> {
  const { id: staffId } = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  const { id: periodId } = await db
    .insertInto('periods')
    .values({ name: 'Ansökningsomgång 2026', start_date: '2026-01-01', end_date: '2026-12-31' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO frontend_users (email, first_name, last_name, verified_at)
    SELECT 'sokande' || i || '@exempel.se', 'Sökande', 'Nummer ' || i, now() FROM generate_series(0, ${OTHER_APPLICATIONS}) i
  `.execute(db);
  // Application 0 is the one measured; the others give the tables their size.
  await sql`
    INSERT INTO applications (reference, status, frontend_user_id, period_id, applicant_type, money, sent_in_at)
    SELECT '2026-' || lpad(i::text, 5, '0'), 30, f.id, ${periodId}, 20, 5000000, now() - interval '30 days'
    FROM generate_series(0, ${OTHER_APPLICATIONS}) i JOIN frontend_users f ON f.email = 'sokande' || i || '@exempel.se'
  `.execute(db);
  // Messages alternate between the applicant and staff, an hour apart; every tenth has an attachment.
  await sql`
    INSERT INTO application_messages (application_id, from_applicant, user_id, body, created_at, read_at)
    SELECT a.id, m % 2 = 0, CASE WHEN m % 2 = 1 THEN ${staffId}::int END,
           'Meddelande ' || m || ': ' || repeat('Vi har fått er fråga och återkommer med besked om projektet. ', 1 + m % 8),
           now() - interval '30 days' + m * interval '1 hour', CASE WHEN m < n.count - 10 THEN now() END
    FROM applications a
    CROSS JOIN LATERAL (SELECT CASE WHEN a.reference = '2026-00000' THEN ${THREAD}::int ELSE ${OTHER_THREAD}::int END AS count) n
    CROSS JOIN LATERAL generate_series(0, n.count - 1) m
  `.execute(db);
  await sql`
    INSERT INTO application_files (application_id, message_id, name, mime, size, is_agreement)
    SELECT application_id, id, 'bilaga-' || id || '.pdf', 'application/pdf', 120000 + id % 5000, NOT from_applicant AND id % 50 = 1
    FROM application_messages WHERE id % 10 = 0
  `.execute(db);
  await sql`VACUUM ANALYZE`.execute(db);
  const measured = await db
    .selectFrom('applications')
    .select(['uuid', 'frontend_user_id'])
    .where('reference', '=', '2026-00000')
    .executeTakeFirstOrThrow();
  return { uuid: measured.uuid, applicantId: measured.frontend_user_id! };
}

let measured = { uuid: '', applicantId: 0 };
const bench = await openBenchApp('dialogue', async (db) => {
  measured = await seed(db);
});
try {
  const { db, app: web, headers, seeded } = bench;
  // The applicant signs in as the portal does, by a login link.
  const token = newToken();
  await storeLoginLink(db, measured.applicantId, token, 1);
  const xhr = { 'x-requested-with': 'XMLHttpRequest' };
  const login = await web.inject({ method: 'POST', url: '/api/v1/frontend-users/login', headers: xhr, payload: { data: { token } } });
  const session = login.cookies.find((c) => c.name === 'applicant_session');
  if (login.statusCode !== 200 || !session) throw new Error(`applicant login failed: ${login.statusCode} ${login.body}`);
  const applicantHeaders = { ...xhr, cookie: `applicant_session=${session.value}` };

  const views = [
    { label: 'staff', url: `/api/v1/applications/${measured.uuid}/messages`, headers },
    { label: 'applicant (marks read)', url: `/api/v1/portal/applications/${measured.uuid}/messages`, headers: applicantHeaders },
  ];
  console.log(
    `Dialogue of ${THREAD} messages (${THREAD / 10} attachments) among ${(OTHER_APPLICATIONS * OTHER_THREAD + THREAD).toLocaleString('en')} messages; seeded in ${(seeded / 1000).toFixed(1)} s on ${os.cpus().length} cores.`,
  );
  console.log(`GET through app.inject, one call at a time, ${WARMUP} warm-up + ${TIMED} timed. Times in ms.\n`);
  console.log('view'.padEnd(26) + 'median'.padStart(8) + 'p95'.padStart(8) + '  target');
  let failed = false;
  for (const view of views) {
    const call = async () => {
      const response = await web.inject({ method: 'GET', url: view.url, headers: view.headers });
      if (response.statusCode !== 200) throw new Error(`GET ${view.url}: ${response.statusCode} ${response.body}`);
      const thread = response.json<{ data: unknown[] }>().data;
      if (thread.length !== THREAD) throw new Error(`expected ${THREAD} messages, got ${thread.length}`);
    };
    const { median, p95 } = stats(await timeCalls(call, WARMUP, TIMED));
    const met = p95 < TARGET_MS;
    failed ||= !met;
    console.log(
      view.label.padEnd(26) +
        median.toFixed(1).padStart(8) +
        p95.toFixed(1).padStart(8) +
        `  p95 < ${TARGET_MS}: ${met ? 'met' : 'NOT met'}`,
    );
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  await bench.close();
}
