/**
 * A deadline day: 200 clients for 60 s against the app in its own process (as `npm start` runs it), on 100,000
 * applications and an open period. 50 staff read the lists (pages, searches, decided, statistics); 150 applicants each
 * save their draft as they type (the amount changes with every save), and send it in 10 s before the end. Prints
 * requests per second, latency and errors per group, then checks the database: every save the app acknowledged is the
 * draft's last value (or a later one whose answer was lost), and every send-in it acknowledged is sent in. Lost
 * writes must be 0.
 * With DEADLINE_SERVERS=1,2 (`npm run bench:servers`) the same mix runs once against one process and once against
 * two on the same database, the clients taking turns between them as behind a load balancer.
 * With DEADLINE_RATES=50,75,… (`npm run bench:deadline-open`) the day comes as it does, open-loop: requests arrive at
 * each rate in turn whatever the app's answers (bench/deadlineOpen.ts).
 * Usage: npm run bench:deadline (DEADLINE_SECONDS changes the run)
 */
import os from 'node:os';
import { openBenchApp } from './benchApp.js';
import { nodeCpu, postgresCpu, quantile, runClients, serveApps } from './processes.js';
import type { ServerProcess } from '../server/test/serverProcess.js';
import { APPLICATIONS, applicantStep, draftsFilledIn, lostWrites, seedDeadline, staffRead } from './deadlineDay.js';
import { openLoopDays } from './deadlineOpen.js';

const SECONDS = Number(process.env.DEADLINE_SECONDS ?? 60);
const SERVERS = (process.env.DEADLINE_SERVERS ?? '1').split(',').map(Number);
const STAFF = 50;
const APPLICANTS = 150;

const bench = await openBenchApp('deadline', seedDeadline);

/** One deadline day against the processes at `bases`; client n speaks to bases[n % bases.length]. */
async function deadlineDay(round: number, bases: string[], servers: ServerProcess[]) {
  const { db } = bench;
  const baseOf = (client: number) => bases[client % bases.length];
  const period = await db.selectFrom('periods').select('id').where('name', '=', 'Sista dagen').executeTakeFirstOrThrow();
  const applicants = await draftsFilledIn(db, String(round), APPLICANTS, (i) => baseOf(STAFF + i));

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
    if (client < STAFF) {
      const response = await fetch(`${baseOf(client)}${staffRead(client + i, period.id)}`, { headers: bench.headers });
      await response.arrayBuffer();
      staffLatencies.push(performance.now() - begun);
      if (!response.ok) failed('staff', response.status);
      return response.ok;
    }
    const applicant = applicants[client - STAFF];
    // Sent in: the applicant reads their dashboard now and then.
    if (applicant.sentIn) await new Promise((resolve) => setTimeout(resolve, 500));
    const step = await applicantStep(applicant, i, performance.now() >= sendInAt);
    if (step.what !== 'dashboard') applicantLatencies.push(performance.now() - begun);
    if (!step.ok) failed(step.what, step.status);
    return step.ok;
  });

  const [appCpu, postgresCpuUsed, clientsCpu] = cpu().map((seconds, i) => seconds - cpuBefore[i]);
  const lost = await lostWrites(db, applicants);
  const count = run.latencies.length;
  const processes = `${bases.length} app process${bases.length > 1 ? 'es' : ''}`;
  console.log(
    `${STAFF + APPLICANTS} clients for ${run.seconds.toFixed(1)} s on ${APPLICATIONS.toLocaleString('en')} applications, ${processes}:`,
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
  if (process.env.DEADLINE_RATES) {
    const { servers, bases } = await serveApps(bench, 1);
    try {
      await openLoopDays(bench, process.env.DEADLINE_RATES.split(',').map(Number), bases[0], servers[0]);
    } finally {
      await servers[0].stop();
    }
  } else {
    for (const [round, count] of SERVERS.entries()) {
      const { servers, bases } = await serveApps(bench, count);
      try {
        await deadlineDay(round, bases, servers);
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
      }
    }
  }
} finally {
  await bench.close();
}
