/**
 * The money's three big files at a foundation's scale, over real HTTP from the app as `npm start` runs it (its own
 * process, on a seeded database): the bank file of a batch of 10,000 payouts (its first download, which writes and
 * stores it, then a later one, which gives the stored bytes), the SIE file of a year of 100,000 vouchers, and the board
 * pack of a meeting with 300 applications. For each: time to the first byte, to the last, size, and how much the app's
 * resident memory grew meanwhile (read from /proc every 5 ms). The goal for each is a growth under 50 MB.
 * Usage: npm run bench:money (MONEY_PAYOUTS, MONEY_VOUCHERS and MONEY_AGENDA change the sizes)
 */
import { sql } from 'kysely';
import { nextBankDay } from '../resources/bankDays.js';
import { stockholmDay } from '../server/clock.js';
import type { Db } from '../server/db/connect.js';
import { openBenchApp } from './benchApp.js';
import { measured } from './memory.js';
import { serveApp } from './processes.js';
import { seedApplications } from './seedApplications.js';

const PAYOUTS = Number(process.env.MONEY_PAYOUTS ?? 10_000);
const VOUCHERS = Number(process.env.MONEY_VOUCHERS ?? 100_000);
const AGENDA = Number(process.env.MONEY_AGENDA ?? 300);
const MB = 1024 * 1024;
const YEAR = 2026;

/** Fetches `url` while sampling the app's memory: first and last byte, size and the highest growth. */
async function download(pid: number, url: string, headers: Record<string, string>) {
  const { result, growthMb } = await measured(pid, async () => {
    const started = performance.now();
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    const reader = response.body!.getReader();
    let first = 0;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!first) first = performance.now() - started;
      bytes += value.length;
    }
    return { first, last: performance.now() - started, bytes };
  });
  return { ...result, growthMb };
}

/** Two staff users beside the bench's admin (who prepared and who approved), the foundation's payment settings. */
async function seedMoney(db: Db) {
  await seedApplications(db, { applications: 2 * PAYOUTS + AGENDA, applicants: 5_000, periods: 2 });
  const [preparer, approver] = await db
    .insertInto('users')
    .values([
      { first_name: 'Per', last_name: 'Persson', email: 'per@bench.se', role: 'admin', active: true },
      { first_name: 'Eva', last_name: 'Ek', email: 'eva@bench.se', role: 'admin', active: true },
    ])
    .returning('id')
    .execute();
  await db
    .updateTable('payment_settings')
    .set({ name: 'Sparbanksstiftelsen Bänk', org_number: '802415-3978', bankgiro: '56781234' })
    .execute();
  await db.transaction().execute(async (trx) => {
    // A batch of PAYOUTS approved payouts, one per application, to a bankgiro.
    const batch = await trx
      .insertInto('payment_batches')
      .values({ message_id: 'SPB-BENCH-0001', execution_date: nextBankDay(stockholmDay(new Date())), created_by: approver.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      WITH chosen AS (
        SELECT id FROM applications a WHERE NOT EXISTS (SELECT FROM grants g WHERE g.application_id = a.id) ORDER BY id LIMIT ${PAYOUTS}
      ),
      granted AS (INSERT INTO grants (application_id) SELECT id FROM chosen RETURNING application_id),
      instalments AS (
        INSERT INTO payout_instalments (application_id, position, amount, due)
        SELECT application_id, 1, 10000 + (application_id % 500) * 100, 10 FROM granted
        RETURNING id, application_id, amount
      )
      INSERT INTO payouts (instalment_id, application_id, amount, account_type, account_number, status, prepared_by,
                           prepared_at, approved_by, approved_at, batch_id)
      SELECT id, application_id, amount, 'bankgiro', '50501055', 40, ${preparer.id}, now(), ${approver.id}, now(), ${batch.id}
        FROM instalments
    `.execute(trx);
    // A year of VOUCHERS decision vouchers, numbered in series B.
    await sql`
      WITH apps AS (SELECT array_agg(id ORDER BY id) AS ids FROM applications)
      INSERT INTO journal_vouchers (series, financial_year, number, day, kind, application_id, reference, amount,
                                    debit_account, credit_account, booked_by)
      SELECT 'B', make_date(${YEAR}, 1, 1), i, make_date(${YEAR}, 1, 1) + (i % 365), 'decision',
             ids[1 + i % array_length(ids, 1)], 'REF-' || i, 1000 + i, 6990, 2890, ${approver.id}
        FROM generate_series(1, ${VOUCHERS}) i, apps
    `.execute(trx);
    // The open period's undecided applications, for the meeting's agenda.
    await sql`
      UPDATE applications SET status = 20, sent_in_at = coalesce(sent_in_at, now())
       WHERE id IN (SELECT id FROM applications WHERE period_id = (SELECT max(id) FROM periods) ORDER BY id DESC LIMIT ${AGENDA})
    `.execute(trx);
  });
}

const bench = await openBenchApp('money', seedMoney);
const staff = await bench.db.selectFrom('users').select('id').orderBy('id').execute();
const period = await bench.db.selectFrom('periods').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
const agenda = await bench.db
  .selectFrom('applications')
  .select('uuid')
  .where('period_id', '=', period.id)
  .where('status', '=', 20)
  .orderBy('id')
  .limit(AGENDA)
  .execute();
const batch = await bench.db.selectFrom('payment_batches').select('id').executeTakeFirstOrThrow();
const { server, base } = await serveApp(bench);
const headers = { ...bench.headers, 'content-type': 'application/json' };
try {
  console.log(
    `Seeded ${PAYOUTS.toLocaleString('en')} payouts in a batch, ${VOUCHERS.toLocaleString('en')} vouchers and ${agenda.length} applications for an agenda in ${(bench.seeded / 1000).toFixed(1)} s.\n`,
  );
  const meeting = await fetch(`${base}/meetings`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      data: {
        period_id: period.id,
        held_on: `${YEAR}-12-10`,
        place: 'Sparbankshuset',
        member_ids: staff.map((s) => s.id),
        chair_id: staff[0].id,
        adjuster_id: staff[1].id,
      },
    }),
  });
  const meetingId = ((await meeting.json()) as { data: { id: number } }).data.id;
  const set = await fetch(`${base}/meetings/${meetingId}/agenda`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ data: { application_uuids: agenda.map((a) => a.uuid) } }),
  });
  if (!set.ok) throw new Error(`agenda: ${set.status} ${await set.text()}`);

  const pid = server.child.pid!;
  const files: [string, string][] = [
    [`Bank file, ${PAYOUTS.toLocaleString('en')} payouts, first download (written, stored)`, `${base}/payment-batches/${batch.id}/file`],
    ['Bank file, a later download (the stored bytes)', `${base}/payment-batches/${batch.id}/file`],
    [`SIE file, ${VOUCHERS.toLocaleString('en')} vouchers`, `${base}/bookkeeping/sie?from=${YEAR}-01-01&to=${YEAR}-12-31`],
    [`Board pack, ${agenda.length} applications`, `${base}/meetings/${meetingId}/pack.pdf`],
  ];
  console.log('file | first byte ms | last byte ms | size MB | memory growth MB (goal < 50)');
  for (const [label, url] of files) {
    const r = await download(pid, url, bench.headers);
    console.log(`${label} | ${r.first.toFixed(0)} | ${r.last.toFixed(0)} | ${(r.bytes / MB).toFixed(1)} | ${r.growthMb.toFixed(0)}`);
  }
} finally {
  await server.stop();
  await bench.close();
}
