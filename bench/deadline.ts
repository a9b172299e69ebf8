/**
 * A deadline day: 200 clients for 60 s against the app in its own process (as `npm start` runs it), on 100,000
 * applications and an open period. 50 staff read the lists (pages, searches, decided, statistics); 150 applicants each
 * save their draft as they type (the amount changes with every save), and send it in 10 s before the end. Prints
 * requests per second, latency and errors per group, then checks the database: every save the app acknowledged is the
 * draft's last value (or a later one whose answer was lost), and every send-in it acknowledged is sent in. Lost
 * writes must be 0.
 * With DEADLINE_SERVERS=1,2 (`npm run bench:servers`) the same mix runs once against one process and once against
 * two on the same database, the clients taking turns between them as behind a load balancer.
 * Usage: npm run bench:deadline (DEADLINE_SECONDS changes the run)
 */
import os from 'node:os';
import { sql } from 'kysely';
import { openBenchApp } from './benchApp.js';
import { nodeCpu, postgresCpu, quantile, runClients, serveApps } from './processes.js';
import type { ServerProcess } from '../server/test/serverProcess.js';
import { seedApplications, surnames } from './seedApplications.js';
import { createSession } from '../server/auth/sessions.js';
import type { Db } from '../server/db/connect.js';

const SECONDS = Number(process.env.DEADLINE_SECONDS ?? 60);
const SERVERS = (process.env.DEADLINE_SERVERS ?? '1').split(',').map(Number);
const STAFF = 50;
const APPLICANTS = 150;

/** An open period today taking one application type, beside the 100,000 applications of earlier periods. */
async function seed(db: Db) {
  await seedApplications(db, { applications: 100_000, applicants: 30_000, periods: 12 });
  const type = await db.insertInto('application_types').values({ label: 'Deadline' }).returning('id').executeTakeFirstOrThrow();
  const period = await db
    .insertInto('periods')
    .values({ name: 'Sista dagen', start_date: sql<string>`current_date - 30`, end_date: sql<string>`current_date + 1` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('period_application_types').values({ period_id: period.id, application_type_id: type.id }).execute();
}

const bench = await openBenchApp('deadline', seed);

/** One deadline day against the processes at `bases`; client n speaks to bases[n % bases.length]. */
async function deadlineDay(round: number, bases: string[], servers: ServerProcess[]) {
  const { db } = bench;
  const baseOf = (client: number) => bases[client % bases.length];
  const period = await db.selectFrom('periods').select('id').where('name', '=', 'Sista dagen').executeTakeFirstOrThrow();
  const type = await db.selectFrom('application_types').select('id').where('label', '=', 'Deadline').executeTakeFirstOrThrow();
  const json = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

  // Applicants, each signed in with a draft filled in but for the amount.
  const applicants: { uuid: string; headers: Record<string, string>; acknowledged: number | null; attempted: number[]; sentIn: boolean }[] =
    [];
  for (let i = 0; i < APPLICANTS; i++) {
    const email = `deadline${round}-${i}@exempel.se`;
    const base = baseOf(STAFF + i);
    const { id } = await db
      .insertInto('frontend_users')
      .values({ email, first_name: 'Dea', last_name: 'Dline', phone: '070-123 45 67', verified_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const headers = { ...json, cookie: `applicant_session=${await createSession(db, 'applicant', id, 7200)}` };
    const started = await fetch(`${base}/portal/applications`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ data: { period_id: period.id, application_type_id: type.id } }),
    });
    const uuid = ((await started.json()) as { data: { uuid: string } }).data.uuid;
    const filled = await fetch(`${base}/portal/applications/${uuid}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        data: {
          applicant_type: 30,
          org_number: '802415 3978',
          org_name: 'Deadlineföreningen',
          organisation_type: 20,
          org_zip: '961 31',
          org_city: 'Boden',
          contact_email: email,
          contact_email_confirmation: email,
          contact_zip: '97231',
          contact_city: 'Luleå',
          consent: true,
        },
      }),
    });
    if (!filled.ok) throw new Error(`could not fill a draft: ${filled.status} ${await filled.text()}`);
    applicants.push({ uuid, headers, acknowledged: null, attempted: [], sentIn: false });
  }

  const staffCalls = [
    (i: number) => `/applications/all?page=${1 + (i % 20)}`,
    (i: number) => `/applications/all?status[]=20&sort=applicant&page=${1 + (i % 5)}`,
    (i: number) => `/applications/all?search=${encodeURIComponent(surnames.filter((s) => s.length > 2)[i % 30])}`,
    (i: number) => `/applications/decided?page=${1 + (i % 10)}`,
    () => `/statistics?period=${period.id}`,
  ];
  const failures = new Map<string, number>();
  const failed = (group: string, status: number) => failures.set(`${group} ${status}`, (failures.get(`${group} ${status}`) ?? 0) + 1);
  const staffLatencies: number[] = [];
  const applicantLatencies: number[] = [];
  const sendInAt = performance.now() + (SECONDS - 10) * 1000;

  // CPU seconds of the app processes, PostgreSQL and these clients, which share the machine's cores.
  const cpu = () => [
    servers.reduce((sum, server) => sum + nodeCpu(server.child.pid!), 0),
    postgresCpu(bench.postmasterPid()!),
    nodeCpu(process.pid),
  ];
  const cpuBefore = cpu();
  const run = await runClients(STAFF + APPLICANTS, SECONDS, async (client, i) => {
    const begun = performance.now();
    const base = baseOf(client);
    if (client < STAFF) {
      const response = await fetch(`${base}${staffCalls[(client + i) % staffCalls.length](i)}`, { headers: bench.headers });
      await response.arrayBuffer();
      staffLatencies.push(performance.now() - begun);
      if (!response.ok) failed('staff', response.status);
      return response.ok;
    }
    const applicant = applicants[client - STAFF];
    if (applicant.sentIn) {
      // Sent in: the applicant reads their dashboard now and then.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const response = await fetch(`${base}/portal/applications`, { headers: applicant.headers });
      await response.arrayBuffer();
      return response.ok;
    }
    if (performance.now() >= sendInAt && applicant.acknowledged !== null) {
      // No body, so no content type.
      const { 'content-type': _json, ...headers } = applicant.headers;
      const response = await fetch(`${base}/portal/applications/${applicant.uuid}/submit`, { method: 'POST', headers });
      await response.arrayBuffer();
      applicantLatencies.push(performance.now() - begun);
      if (response.ok) applicant.sentIn = true;
      else failed('send-in', response.status);
      return response.ok;
    }
    // A save as the applicant types: the amount grows by a krona each time.
    const money = 1_000_000 + i * 100;
    applicant.attempted.push(money);
    const response = await fetch(`${base}/portal/applications/${applicant.uuid}`, {
      method: 'PUT',
      headers: applicant.headers,
      body: JSON.stringify({ data: { money } }),
    });
    await response.arrayBuffer();
    applicantLatencies.push(performance.now() - begun);
    if (response.ok) applicant.acknowledged = money;
    else failed('save', response.status);
    return response.ok;
  });

  const [appCpu, postgresCpuUsed, clientsCpu] = cpu().map((seconds, i) => seconds - cpuBefore[i]);

  // What the database holds against what the app acknowledged.
  const rows = await db
    .selectFrom('applications')
    .select(['uuid', 'money', 'status'])
    .where(
      'uuid',
      'in',
      applicants.map((a) => a.uuid),
    )
    .execute();
  const stored = new Map(rows.map((r) => [r.uuid, r]));
  let lost = 0;
  for (const a of applicants) {
    const row = stored.get(a.uuid)!;
    // The last acknowledged save, or one after it whose answer did not arrive.
    const later = a.acknowledged === null ? a.attempted : a.attempted.slice(a.attempted.indexOf(a.acknowledged));
    if (a.acknowledged !== null && !later.includes(row.money!)) lost += 1;
    if (a.sentIn && row.status !== 20) lost += 1;
  }
  const count = run.latencies.length;
  const processes = `${bases.length} app process${bases.length > 1 ? 'es' : ''}`;
  console.log(
    `${STAFF + APPLICANTS} clients for ${run.seconds.toFixed(1)} s on ${(100_000).toLocaleString('en')} applications, ${processes}:`,
  );
  console.log(`  ${count} requests, ${(count / run.seconds).toFixed(0)} requests/s, ${run.errors} errors`);
  console.log(`  staff reads: p50 ${quantile(staffLatencies, 0.5).toFixed(0)} ms, p99 ${quantile(staffLatencies, 0.99).toFixed(0)} ms`);
  console.log(
    `  applicants' saves and send-ins: p50 ${quantile(applicantLatencies, 0.5).toFixed(0)} ms, p99 ${quantile(applicantLatencies, 0.99).toFixed(0)} ms`,
  );
  console.log(`  sent in: ${applicants.filter((a) => a.sentIn).length} of ${APPLICANTS}`);
  const share = (seconds: number) => `${seconds.toFixed(0)} s (${((seconds / run.seconds) * 100).toFixed(0)} % of a core)`;
  console.log(`  CPU: app ${share(appCpu)}, PostgreSQL ${share(postgresCpuUsed)}, clients ${share(clientsCpu)}; ${os.cpus().length} cores`);
  if (failures.size) console.log(`  failed: ${[...failures].map(([what, n]) => `${n}× ${what}`).join(', ')}`);
  console.log(`  lost writes: ${lost}${lost ? '  <- an acknowledged write is missing' : ''}`);
  if (lost) process.exitCode = 1;
}

try {
  for (const [round, count] of SERVERS.entries()) {
    const { servers, bases } = await serveApps(bench, count);
    try {
      await deadlineDay(round, bases, servers);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  }
} finally {
  await bench.close();
}
