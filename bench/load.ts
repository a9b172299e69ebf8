/**
 * Throughput of the staff applications list at 100,000 applications, over HTTP from the app in its own process (as
 * `npm start` runs it) on the seeded database: 50 clients, each with one request in flight, for 20 s per kind —
 * (page) a status-filtered page sorted by reference, pages 1–20; (search) a search by an applicant's surname. For
 * each: requests/s, median and 99th percentile latency, errors, and the CPU per request of the app (Node), of
 * PostgreSQL and of the clients (this process, on the same machine, over kept-alive connections). Each kind runs
 * against an app process of its own; LOAD_PROFILE=1 profiles it (`node --cpu-prof`) and prints where Node's time went.
 * Usage: npm run bench:load (LOAD_SECONDS and LOAD_CLIENTS change the run)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openBenchApp } from './benchApp.js';
import { summariseCpuProfile } from './cpuProfile.js';
import { keepAliveClient, nodeCpu, postgresCpu, quantile, runClients, serveApp } from './processes.js';
import { seedApplications, surnames } from './seedApplications.js';

const APPLICATIONS = 100_000;
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const PROFILE = process.env.LOAD_PROFILE === '1';

const bench = await openBenchApp('load', (db) => seedApplications(db, { applications: APPLICATIONS, applicants: 30_000, periods: 12 }));
/** Statuses of the failed calls, to say what the errors were. */
const failures = new Map<number, number>();
// A search needs more than 2 characters ('Ek' is too short).
const names = surnames.filter((name) => name.length > 2);
const kinds: { label: string; url: (i: number) => string }[] = [
  {
    label: 'page   (status 20+30, by reference, pages 1-20)',
    url: (i) => `/applications/all?status[]=20&status[]=30&sort=reference&page=${1 + (i % 20)}`,
  },
  { label: 'search (an applicant’s surname)', url: (i) => `/applications/all?search=${encodeURIComponent(names[i % names.length])}` },
];
try {
  console.log(
    `Seeded ${APPLICATIONS.toLocaleString('en')} applications in ${(bench.seeded / 1000).toFixed(1)} s; ${CLIENTS} clients, ${SECONDS} s a kind.\n`,
  );
  console.log(
    'kind                                              req/s     p50 ms    p99 ms  errors  CPU ms/req: Node  PostgreSQL  clients',
  );
  for (const kind of kinds) {
    const profileDir = PROFILE ? mkdtempSync(path.join(os.tmpdir(), 'bench-load-profile-')) : undefined;
    const { server, base } = await serveApp(bench, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
    const client = keepAliveClient(base, bench.headers, CLIENTS);
    const get = (url: string) =>
      client.get(url).then((status) => {
        if (status !== 200) failures.set(status, (failures.get(status) ?? 0) + 1);
        return status === 200;
      });
    // Warm up the plans and caches first, untimed.
    await runClients(CLIENTS, 2, (client, i) => get(kind.url(client * 7 + i)));
    failures.clear();
    const [node0, pg0, clients0] = [nodeCpu(server.child.pid!), postgresCpu(bench.postmasterPid()!), nodeCpu(process.pid)];
    const run = await runClients(CLIENTS, SECONDS, (client, i) => get(kind.url(client * 7 + i)));
    const [node1, pg1, clients1] = [nodeCpu(server.child.pid!), postgresCpu(bench.postmasterPid()!), nodeCpu(process.pid)];
    const count = run.latencies.length;
    const perRequest = (seconds: number) => ((seconds * 1000) / count).toFixed(2);
    console.log(
      `${kind.label.padEnd(48)} ${(count / run.seconds).toFixed(0).padStart(6)} ${quantile(run.latencies, 0.5).toFixed(1).padStart(10)} ${quantile(run.latencies, 0.99).toFixed(1).padStart(9)} ${String(run.errors).padStart(7)} ${perRequest(node1 - node0).padStart(17)} ${perRequest(pg1 - pg0).padStart(11)} ${perRequest(clients1 - clients0).padStart(8)}${failures.size ? `  (failed: ${[...failures].map(([s, n]) => `${n}× ${s}`).join(', ')})` : ''}`,
    );
    client.close();
    await server.stop();
    if (profileDir) {
      console.log(summariseCpuProfile(profileDir));
      rmSync(profileDir, { recursive: true, force: true });
    }
  }
} finally {
  await bench.close();
}
