/**
 * How the staff lists and the statistics grow with the number of applications: at 10,000, 100,000 and 1,000,000
 * (SCALE_SIZES changes them), one client, through the routes in process (session, abilities, SQL, JSON). For each
 * size, 95th percentile and median of: the all-applications page (pages 1–20, sorted by reference), a search for a
 * rare surname (the same dozen applications at every size), a search for a common surname and one for a first name
 * with a surname's beginning (matches grow with the size: their count is printed), the rare surname typed in lower case (what folding the case costs), and the statistics
 * of every period. The log of deleted applications gets as many entries as there are applications (12 periods, one
 * staff user): its first pages newest first and by reference, a search for one reference, and one period's log.
 * Then every sortable column of every staff list (all, decided, decisioning of one period, own investigations: the
 * admin investigates 2,000 applications at every size, nineteen others one each of the rest sent in), ascending, pages 1-5, without and with a status filter (fewer timed
 * calls: SORT_TIMED), and the 1M/10k ratio of each p95 when both sizes ran. The admin stands as a busy reviewer does
 * (server/auth/standing.ts): stood aside from 100 of those, their own review not in on the rest, so the lists sorted or
 * filtered by what is withheld from them leave those out. The payouts list gets a payout per application
 * (every status, 1,000 payment batches): newest first, every sort with and without a status, one period, one batch and
 * a search for one reference; the payment batches newest first, as the admin and as a treasurer of every period by a
 * grant for each (whose batches are those all of whose payouts are theirs). Reviews: seven applications in ten have review figures (a score, a spread, reviews in and
 * pending, as server/reviews/ keeps them), the rest none; every list is sorted by review_score too (with the other
 * sorts), and the kinds `reviews, …` time all applications and one period by score, those with reviews pending and
 * those scored at least 80 %. The books: a journal of as many vouchers as applications over the last five years, and
 * at every size the same 2,000 in one month of it (their numbers in the middle of their year's): that month's SIE
 * file and one day's, as a treasurer takes them out, and the log of exports (one per hundred vouchers), newest first
 * and those overlapping the month. The applications with unchecked signals (about one in 120, seedApplications.ts), by
 * reference and by sent-in date. What needs the admin (server/work/): each item's list as its count asks it (per_page=1),
 * and the dashboard's /work with every count. SCALE_KINDS=own,search runs only the kinds whose names contain one of those words.
 * The 1,000,000 seed takes a few minutes.
 * Usage: npm run bench:scale
 */
import { sql } from 'kysely';
import { hashPassword } from '../server/auth/passwords.js';
import { openBenchApp, stats, timeCalls } from './benchApp.js';
import { seedApplications } from './seedApplications.js';
import { listSpecs } from '../server/applications/lists.js';
import { ownList } from '../server/applications/investigations.js';
import { payoutListGrammar } from '../server/payouts/payoutList.js';
import { filterQuery, workLists, workSpecs } from '../server/work/workItems.js';
import { stockholmDay } from '../server/clock.js';

const SIZES = (process.env.SCALE_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const WARMUP = 50;
const TIMED = 100;
/** Each list sort's calls: fewer, as there are some fifty of them. */
const SORT_WARMUP = Number(process.env.SORT_WARMUP ?? 10);
const SORT_TIMED = Number(process.env.SORT_TIMED ?? 40);
/**
 * The admin investigates this many applications sent in, at every size: an investigator's own list grows with their
 * work, not with the table, and this is more than one person investigates in a year.
 */
const INVESTIGATED = 2_000;
/** A surname none of the seeded applicants has, given to RARE applications at every size. */
const RARE = 'Ödqvist';
const RARE_APPLICATIONS = 12;
const COMMON = 'Lindberg';
const NAME = 'Karin Lind';
/** One reference of the deletion log, the same entry at every size. */
const DELETED_REFERENCE = '2018-0000777';
/** The month whose vouchers are the same at every size, three years back, and how many it holds. */
const BOOKED_MONTH = { from: `${new Date().getFullYear() - 3}-03-01`, to: `${new Date().getFullYear() - 3}-03-31` };
const BOOKED_VOUCHERS = 2_000;
/** The treasurer of every period, who lists the payment batches. */
const TREASURER = { email: 'kassor@exempel.se', password: 'bench-password-9' };

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
    // The last period open today, as a foundation's current call is: its applications nobody investigates yet are what
    // the admin's work (server/work/) counts of them.
    await sql`UPDATE periods SET start_date = current_date - 30, end_date = current_date + 30 WHERE id = 12`.execute(db);
    // The log as the deletes write it: references as the applications', spread over the 12 periods and the last five
    // years, all by the one staff user.
    await sql`
      INSERT INTO application_deletions (reference, application_uuid, period_id, period_name, status, files, messages, followup,
                                         user_id, deleted_at)
      SELECT (2014 + (p - 1) / 2) || '-' || lpad(i::text, 7, '0'), gen_random_uuid(), p, 'Period ' || p,
             (ARRAY[20, 30, -10])[1 + i % 3], i % 7, i % 5, i % 11 = 0, (SELECT min(id) FROM users),
             now() - (i * 157 % 1826) * interval '1 day' - (i % 86400) * interval '1 second'
      FROM generate_series(1, ${size}::int) i, LATERAL (SELECT 1 + i % 12 AS p) period
    `.execute(db);
    await sql`
      INSERT INTO investigations (application_id, user_id, updated_at)
      SELECT a.id, (SELECT min(id) FROM users), now() FROM applications a WHERE a.status <> 10
      ORDER BY a.id % ${Math.max(1, Math.floor(size / INVESTIGATED))}, a.id LIMIT ${INVESTIGATED}
    `.execute(db);
    // Where the admin stands (server/auth/standing.ts), as many as a year could bring and more: stood aside from one in
    // twenty of them, and the rest under review with their own not yet in, so every list sorted or filtered by the
    // review figures leaves 2,000 applications out for them, and those sorted by an amount 100.
    await sql`
      INSERT INTO review_criteria (application_type_id, label_sv, label_en) SELECT id, 'Nytta', 'Benefit' FROM application_types;
      INSERT INTO conflicts_of_interest (application_id, user_id, declared_at)
      SELECT application_id, user_id, now() FROM investigations WHERE id % 20 = 0;
      UPDATE investigations SET conflict_of_interest = false WHERE id % 20 <> 0;
      UPDATE investigations SET conflict_of_interest = true WHERE id % 20 = 0;
    `.execute(db);
    // A payout per application, each of its grant's one instalment: every status, prepared and approved by two users,
    // those batched spread over 1,000 batches, requested over the last five years.
    const { id: approver } = await db
      .insertInto('users')
      .values({ first_name: 'Bo', last_name: 'Attestsson', email: 'attest@exempel.se', role: 'admin', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      INSERT INTO grants (application_id) SELECT id FROM applications ON CONFLICT DO NOTHING;
      INSERT INTO payout_instalments (application_id, position, amount, due)
      SELECT id, 1, 1000000, 10 FROM applications a
      WHERE NOT EXISTS (SELECT 1 FROM payout_instalments i WHERE i.application_id = a.id);
      INSERT INTO payment_batches (message_id, execution_date, created_by)
      SELECT 'UTB-' || i, current_date, (SELECT min(id) FROM users) FROM generate_series(1, 1000) i;
    `.execute(db);
    await sql`
      INSERT INTO payouts (instalment_id, application_id, amount, account_type, account_number, status, requested_at,
                           prepared_by, approved_by, batch_id, paid_on)
      SELECT i.id, i.application_id, 100000 + i.id::bigint * 7919 % 5000000, 'bankgiro', '50501055', s.status,
             now() - (i.id * 157 % 1826) * interval '1 day' - (i.id % 86400) * interval '1 second',
             CASE WHEN s.status >= 20 THEN (SELECT min(id) FROM users) END,
             CASE WHEN s.status >= 30 THEN ${approver}::int END,
             CASE WHEN s.status >= 40 THEN 1 + i.id % 1000 END,
             CASE WHEN s.status = 60 THEN current_date END
      FROM payout_instalments i, LATERAL (SELECT (ARRAY[10, 20, 30, 40, 50, 60, 60, 60, -10, -20])[1 + i.id % 10] AS status) s
    `.execute(db);
    // Review figures as the reviews leave them: seven in ten sent-in applications reviewed (one to three reviews in,
    // some still pending), scores over the whole scale; the rest with none yet, some with reviewers pending.
    await sql`
      UPDATE applications SET
        review_score = CASE WHEN id % 10 < 7 THEN (id::bigint * 7919) % 10001 END,
        review_spread = CASE WHEN id % 10 < 7 THEN (id::bigint * 104729) % 3001 END,
        reviews_in = CASE WHEN id % 10 < 7 THEN 1 + id % 3 ELSE 0 END,
        reviews_pending = (id / 10) % 3
      WHERE status <> 10
    `.execute(db);
    // The admin is one investigator of twenty: every application sent in before the open period is on one of nineteen
    // others' lists too, so the investigations are about as many as the applications and the admin's are scattered
    // among them. Vacuumed, as autovacuum keeps a table that is in use.
    await sql`
      INSERT INTO users (first_name, last_name, email, role, password_hash)
      SELECT 'Utredare', 'Nr ' || n, 'utredare' || n || '@exempel.se', 'utredare', 'x' FROM generate_series(1, 19) n;
      INSERT INTO investigations (application_id, user_id, updated_at)
      SELECT a.id, u.id, now() FROM applications a
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE email LIKE 'utredare%@exempel.se') u
        ON u.n = a.id % 19
      WHERE a.status <> 10 AND a.period_id <> 12;
    `.execute(db);
    await sql`VACUUM ANALYZE investigations`.execute(db);
    // The journal: `size` vouchers over the last five years outside the month, BOOKED_VOUCHERS in it (of applications
    // the admin did not stand aside from), numbered per calendar year in the order of their days as they were booked.
    await sql`UPDATE payment_settings SET name = 'Sparbanksstiftelsen Bänk', org_number = '802415-3978', bankgiro = '56781234'`.execute(db);
    await sql`
      INSERT INTO journal_vouchers (series, financial_year, number, day, kind, application_id, reference, amount,
                                    debit_account, credit_account, booked_by, booked_at)
      SELECT 'B', date_trunc('year', day)::date, row_number() OVER (PARTITION BY date_trunc('year', day) ORDER BY day, i),
             day, 'decision', (SELECT min(id) FROM applications a WHERE NOT EXISTS
               (SELECT FROM conflicts_of_interest c WHERE c.application_id = a.id)),
             'REF-' || i, 1000 + i, 6990, 2890, (SELECT min(id) FROM users), day
      FROM (
        SELECT CASE WHEN d BETWEEN ${BOOKED_MONTH.from}::date AND ${BOOKED_MONTH.to}::date THEN d + 31 ELSE d END AS day, i
        FROM generate_series(1, ${size}::int) i, LATERAL (SELECT current_date - (i * 157 % 1826) AS d) drawn
        UNION ALL
        SELECT ${BOOKED_MONTH.from}::date + i % 31, ${size}::int + i FROM generate_series(1, ${BOOKED_VOUCHERS}::int) i
      ) booked
    `.execute(db);
    await sql`
      INSERT INTO bookkeeping_exports (from_day, to_day, vouchers, exported_by, exported_at)
      SELECT d, d + 30, 1000, (SELECT min(id) FROM users), d + 31
      FROM generate_series(1, ${Math.max(1, size / 100)}::int) i, LATERAL (SELECT current_date - (i * 157 % 1826) AS d) drawn
    `.execute(db);
    // A treasurer who manages the payouts of every period by a grant for each (not generally): each batch is listed
    // to them only when all its payouts are of their periods (the periods each batch keeps, migration 0046).
    const { id: treasurer } = await db
      .insertInto('users')
      .values({
        email: TREASURER.email,
        first_name: 'Kim',
        last_name: 'Kassör',
        role: 'utredare',
        password_hash: await hashPassword(TREASURER.password),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      INSERT INTO user_abilities (user_id, ability, entity_type, entity_id)
      SELECT ${treasurer}::int, 'manage-payouts', 'periods', id FROM periods
    `.execute(db);
    await sql`VACUUM ANALYZE`.execute(db);
  });
  const treasurerLogin = await bench.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    payload: { data: { email: TREASURER.email, password: TREASURER.password } },
  });
  const treasurerCookie = treasurerLogin.cookies.find((c) => c.name === 'staff_session');
  if (!treasurerCookie) throw new Error(`the treasurer's login failed: ${treasurerLogin.body}`);
  const asTreasurer = { ...bench.headers, cookie: `staff_session=${treasurerCookie.value}` };
  const get = async (url: string, headers = bench.headers) => {
    const response = await bench.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    // An SIE file's total: its vouchers.
    if (url.startsWith('/bookkeeping/sie')) return { total: response.body.split('#VER').length - 1 };
    const { data } = response.json<{ data: { total?: number; totals?: { applications: number } } | unknown[] }>();
    return Array.isArray(data) ? { total: data.length } : data;
  };
  const { uuid: periodUuid } = await bench.db.selectFrom('periods').select('uuid').where('id', '=', 12).executeTakeFirstOrThrow();
  const { reference: payoutReference } = await bench.db
    .selectFrom('applications')
    .select('reference')
    .where('id', '=', 777)
    .executeTakeFirstOrThrow();
  const today = stockholmDay(new Date());
  const kinds: { kind: string; url: (i: number) => string; few?: boolean; headers?: Record<string, string> }[] = [
    { kind: 'page (by reference, pages 1-20)', url: (i) => `/applications/all?sort=reference&page=${1 + (i % 20)}` },
    { kind: `search, rare surname (${RARE})`, url: () => `/applications/all?search=${encodeURIComponent(RARE)}` },
    {
      kind: `search, rare surname (${RARE.toLocaleLowerCase('sv')})`,
      url: () => `/applications/all?search=${encodeURIComponent(RARE.toLocaleLowerCase('sv'))}`,
    },
    { kind: `search, common surname (${COMMON})`, url: (i) => `/applications/all?search=${COMMON}&page=${1 + (i % 3)}` },
    // A first name with the beginning of surnames: past the cap at a million, yet one application in five hundred.
    { kind: `search, a name (${NAME})`, url: (i) => `/applications/all?search=${encodeURIComponent(NAME)}&page=${1 + (i % 3)}` },
    // An association's applications, whoever of its three people wrote them (its page in the admin links here).
    { kind: 'filter, one organisation (organisation_id)', url: (i) => `/applications/all?organisation_id=${1 + ((i * 7919) % 1000)}` },
    // The applications with unchecked signals (server/signals/), about one in 120: the partial indexes of migration 0049.
    { kind: 'filter, unchecked signals (pages 1-5)', url: (i) => `/applications/all?signals=true&page=${1 + (i % 5)}` },
    {
      kind: 'filter, unchecked signals by sent_in_at (pages 1-5)',
      url: (i) => `/applications/all?signals=true&sort=sent_in_at&direction=desc&page=${1 + (i % 5)}`,
    },
    { kind: 'statistics, every period', url: () => '/statistics' },
    { kind: 'deletion log, newest first (pages 1-5)', url: (i) => `/applications/deletions?page=${1 + (i % 5)}` },
    { kind: 'deletion log, by reference (pages 1-5)', url: (i) => `/applications/deletions?sort=reference&page=${1 + (i % 5)}` },
    { kind: `deletion log, search (${DELETED_REFERENCE})`, url: () => `/applications/deletions?search=${DELETED_REFERENCE}` },
    { kind: 'deletion log, one period (pages 1-5)', url: (i) => `/applications/deletions?period=5&page=${1 + (i % 5)}` },
    { kind: 'payouts, newest first (pages 1-5)', url: (i) => `/payouts?page=${1 + (i % 5)}` },
    { kind: 'payouts, one period (pages 1-5)', url: (i) => `/payouts?period=5&page=${1 + (i % 5)}` },
    // Batches 4-8 of every ten hold the payouts in a batch, sent or paid (the seed's statuses by id).
    { kind: 'payouts, one batch', url: (i) => `/payouts?batch=${4 + 10 * (i % 100)}` },
    { kind: 'payouts, search (one reference)', url: () => `/payouts?search=${encodeURIComponent(payoutReference ?? '')}` },
    { kind: 'payment batches, newest first (pages 1-5)', url: (i) => `/payment-batches?page=${1 + (i % 5)}` },
    {
      kind: 'payment batches, treasurer of all (pages 1-5)',
      url: (i) => `/payment-batches?page=${1 + (i % 5)}`,
      headers: asTreasurer,
    },
    {
      kind: 'reviews, all by review_score (pages 1-5)',
      url: (i) => `/applications/all?sort=review_score&direction=desc&page=${1 + (i % 5)}`,
    },
    {
      kind: 'reviews, one period by review_score (pages 1-5)',
      url: (i) => `/applications/decisioning/${periodUuid}?sort=review_score&direction=desc&page=${1 + (i % 5)}`,
    },
    { kind: 'reviews, reviews_pending=true (pages 1-5)', url: (i) => `/applications/all?reviews_pending=true&page=${1 + (i % 5)}` },
    { kind: 'reviews, review_score_min=80 (pages 1-5)', url: (i) => `/applications/all?review_score_min=80&page=${1 + (i % 5)}` },
    { kind: 'books, SIE of one month', url: () => `/bookkeeping/sie?from=${BOOKED_MONTH.from}&to=${BOOKED_MONTH.to}`, few: true },
    { kind: 'books, SIE of one day', url: () => `/bookkeeping/sie?from=${BOOKED_MONTH.from}&to=${BOOKED_MONTH.from}` },
    { kind: 'books, exports newest first', url: () => '/bookkeeping/exports' },
    { kind: 'books, exports overlapping a month', url: () => `/bookkeeping/exports?from=${BOOKED_MONTH.from}&to=${BOOKED_MONTH.to}` },
    // What needs the admin (server/work/): each item's count is its list's total under its filter, and the dashboard's
    // card asks for all of them at once.
    ...workSpecs.map((spec) => ({
      kind: `work, ${spec.key}`,
      url: () =>
        `${workLists[spec.list].route}?${new URLSearchParams(Object.entries(filterQuery(spec.filter(today))).flatMap(([name, value]) => [value].flat().map((v) => [name, v])))}`,
    })),
    { kind: 'work, the dashboard’s every count (/work)', url: () => '/work' },
  ];
  // Every sortable column of every staff list, pages 1-5, without and with a status filter.
  const lists: { name: string; path: string; sorts: readonly string[]; status?: number }[] = [
    { name: 'all', path: '/applications/all', sorts: listSpecs.all.sorts, status: 20 },
    { name: 'decided', path: '/applications/decided', sorts: listSpecs.decided.sorts, status: 40 },
    { name: 'decisioning', path: `/applications/decisioning/${periodUuid}`, sorts: listSpecs.decisioning.sorts, status: 20 },
    { name: 'own', path: '/applications/userInvestigations', sorts: ownList.sorts },
    { name: 'payouts', path: '/payouts', sorts: payoutListGrammar.sorts, status: 30 },
  ];
  for (const list of lists) {
    for (const sort of list.sorts) {
      for (const status of list.status === undefined ? [undefined] : [undefined, list.status]) {
        const filter = status === undefined ? '' : `&status[]=${status}`;
        kinds.push({
          kind: `${list.name} by ${sort}${status === undefined ? '' : ` status ${status}`}`,
          url: (i) => `${list.path}?sort=${sort}${filter}&page=${1 + (i % 5)}`,
          few: true,
        });
      }
    }
  }
  // SCALE_KINDS=own,decided: only the kinds whose names contain one of these.
  const only = process.env.SCALE_KINDS?.split(',');
  if (only) kinds.splice(0, kinds.length, ...kinds.filter(({ kind }) => only.some((part) => kind.includes(part))));
  try {
    console.log(`${size.toLocaleString('en')} applications seeded in ${(bench.seeded / 1000).toFixed(1)} s`);
    for (const { kind, url, few, headers } of kinds) {
      const first = await get(url(0), headers);
      const times = await timeCalls((i) => get(url(i), headers), few ? SORT_WARMUP : WARMUP, few ? SORT_TIMED : TIMED);
      const total = first.total ?? first.totals?.applications ?? 0;
      results.push({ size, kind, ...stats(times), total });
    }
  } finally {
    await bench.close();
  }
}

console.log(
  `\n${'kind'.padEnd(48)} ${'applications'.padStart(12)} ${'matches'.padStart(9)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)}`,
);
for (const r of results) {
  console.log(
    `${r.kind.padEnd(48)} ${r.size.toLocaleString('en').padStart(12)} ${r.total.toLocaleString('en').padStart(9)} ${r.median.toFixed(1).padStart(10)} ${r.p95.toFixed(1).padStart(8)}`,
  );
}

// p95 per kind across the sizes, and the largest size's over the smallest's (the aim: within 2×).
const sizes = [...new Set(results.map((r) => r.size))];
if (sizes.length > 1) {
  const [small, large] = [Math.min(...sizes), Math.max(...sizes)];
  const label = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);
  console.log(
    `\np95 ms\n${'kind'.padEnd(48)} ${sizes.map((n) => label(n).padStart(8)).join(' ')} ${`${label(large)}/${label(small)}`.padStart(8)}`,
  );
  for (const kind of [...new Set(results.map((r) => r.kind))]) {
    const p95 = (n: number) => results.find((r) => r.kind === kind && r.size === n)?.p95;
    const ratio = (p95(large) ?? NaN) / (p95(small) ?? NaN);
    console.log(
      `${kind.padEnd(48)} ${sizes.map((n) => (p95(n)?.toFixed(1) ?? '-').padStart(8)).join(' ')} ${ratio.toFixed(1).padStart(7)}×${ratio > 2 ? ' !' : ''}`,
    );
  }
}
