/**
 * Throughput of the staff applications list at 100,000 applications, over HTTP from the app in its own process (as
 * `npm start` runs it) on the seeded database: 50 clients, each with one request in flight, for 20 s per kind —
 * (page) a status-filtered page sorted by reference, pages 1–20; (search) a search by an applicant's surname. For
 * each: requests/s, median and 99th percentile latency, errors, and the CPU per request of the app (Node), of
 * PostgreSQL and of the clients (this process, on the same machine, over kept-alive connections).
 *
 * Beside the app, on the same database and with the same clients, the floor under it (bench/floorServer.ts): (a) each
 * kind's own SQL statements through pg alone, behind a bare Fastify route (no session, no Kysely, no hooks), and (b)
 * a bare Fastify route answering a fixed 50-row page with no database; the app's requests a second as a share of
 * each. LOAD_PROFILE=1 profiles the app and (a) (`node --cpu-prof`) and prints Node's CPU per request of each by the
 * parts a request passes through (session lookup, Kysely, serialisation, hooks …): where the difference goes.
 * Usage: npm run bench:load (LOAD_SECONDS, LOAD_CLIENTS and LOAD_ROUNDS, the app and (a) by turns, change the run)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openBenchApp } from './benchApp.js';
import { cpuByPart, profileClock, summariseCpuProfile } from './cpuProfile.js';
import { recordStatements, serveFloor } from './floor.js';
import { keepAliveClient, nodeCpu, postgresCpu, quantile, runClients, serveApp } from './processes.js';
import { seedApplications, surnames } from './seedApplications.js';
import type { ServerProcess } from '../server/test/serverProcess.js';

const APPLICATIONS = 100_000;
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const PROFILE = process.env.LOAD_PROFILE === '1';
const ROUNDS = Number(process.env.LOAD_ROUNDS ?? 5);
const percent = (share: number) => `${(share * 100).toFixed(0)} %`;

const bench = await openBenchApp('load', (db) => seedApplications(db, { applications: APPLICATIONS, applicants: 30_000, periods: 12 }));
// A search needs more than 2 characters ('Ek' is too short).
const names = surnames.filter((name) => name.length > 2);
const kinds: { label: string; urls: string[] }[] = [
  {
    label: 'page   (status 20+30, by reference, pages 1-20)',
    urls: Array.from({ length: 20 }, (_, i) => `/applications/all?status[]=20&status[]=30&sort=reference&page=${1 + i}`),
  },
  { label: 'search (an applicant’s surname)', urls: names.map((name) => `/applications/all?search=${encodeURIComponent(name)}`) },
  // LOAD_KINDS=page (or search) runs that kind alone.
].filter((kind) => !process.env.LOAD_KINDS || process.env.LOAD_KINDS.split(',').some((name) => kind.label.startsWith(name)));

interface Measured {
  perSecond: number;
  nodeMsPerRequest: number;
  parts?: Map<string, number>;
}

/** One server measured: `count` URLs asked in turn by the clients for SECONDS after a warm-up; its line printed. */
async function measure(
  label: string,
  serve: (nodeArgs: string[]) => Promise<{ server: ServerProcess; base: string }>,
  url: (i: number) => string,
  headers: Record<string, string>,
) {
  const profileDir = PROFILE ? mkdtempSync(path.join(os.tmpdir(), 'bench-load-profile-')) : undefined;
  const { server, base } = await serve(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  const failures = new Map<number, number>();
  const client = keepAliveClient(base, headers, CLIENTS);
  const get = (path: string) =>
    client.get(path).then((status) => {
      if (status !== 200) failures.set(status, (failures.get(status) ?? 0) + 1);
      return status === 200;
    });
  // Warm up the plans and caches first, untimed.
  await runClients(CLIENTS, 2, (c, i) => get(url(c * 7 + i)));
  failures.clear();
  const [node0, pg0, clients0] = [nodeCpu(server.child.pid!), postgresCpu(bench.postmasterPid()!), nodeCpu(process.pid)];
  const from = profileClock();
  const run = await runClients(CLIENTS, SECONDS, (c, i) => get(url(c * 7 + i)));
  const [node1, pg1, clients1] = [nodeCpu(server.child.pid!), postgresCpu(bench.postmasterPid()!), nodeCpu(process.pid)];
  const window = { from, to: profileClock() };
  const count = run.latencies.length;
  const perRequest = (seconds: number) => (seconds * 1000) / count;
  const measured: Measured = { perSecond: count / run.seconds, nodeMsPerRequest: perRequest(node1 - node0) };
  console.log(
    `${label.padEnd(52)} ${measured.perSecond.toFixed(0).padStart(6)} ${quantile(run.latencies, 0.5).toFixed(1).padStart(8)} ${quantile(run.latencies, 0.99).toFixed(1).padStart(8)} ${String(run.errors).padStart(7)} ${perRequest(
      node1 - node0,
    )
      .toFixed(2)
      .padStart(12)} ${perRequest(pg1 - pg0)
      .toFixed(2)
      .padStart(11)} ${perRequest(clients1 - clients0)
      .toFixed(2)
      .padStart(8)}${failures.size ? `  (failed: ${[...failures].map(([s, n]) => `${n}× ${s}`).join(', ')})` : ''}`,
  );
  client.close();
  await server.stop();
  if (profileDir) {
    measured.parts = cpuByPart(profileDir, window);
    if (process.env.LOAD_PROFILE_FUNCTIONS) console.log(summariseCpuProfile(profileDir, 30, window));
    rmSync(profileDir, { recursive: true, force: true });
  }
  return measured;
}

/** Node's CPU per request of the app and of its floor by part, and the difference: where the app's time goes. */
function printParts(app: Measured, floor: Measured) {
  const parts = new Set([...app.parts!.keys(), ...floor.parts!.keys()]);
  const ms = (m: Measured, part: string) => (m.parts!.get(part) ?? 0) * m.nodeMsPerRequest;
  console.log(`  Node CPU ms a request by part       app    (a)   difference`);
  for (const part of [...parts].sort((x, y) => ms(app, y) - ms(floor, y) - (ms(app, x) - ms(floor, x))))
    console.log(
      `  ${part.padEnd(32)} ${ms(app, part).toFixed(3).padStart(6)} ${ms(floor, part).toFixed(3).padStart(6)} ${(ms(app, part) - ms(floor, part)).toFixed(3).padStart(8)}`,
    );
}

try {
  console.log(
    `Seeded ${APPLICATIONS.toLocaleString('en')} applications in ${(bench.seeded / 1000).toFixed(1)} s; ${CLIENTS} clients, ${SECONDS} s a kind.\n`,
  );
  // What the floor answers: each URL's statements as the list runs them, and the app's own first page.
  const recorded = await Promise.all(kinds.map((kind) => recordStatements(bench, kind.urls)));
  const fixedPage = recorded[0][0].answer;
  console.log(
    'server                                                req/s   p50 ms   p99 ms  errors  CPU ms/req: Node  PostgreSQL  clients',
  );
  // Each kind's line, once (b) is measured: the app's median share of (a), and its median requests a second.
  const shares: ((fixed: number) => string)[] = [];
  for (const [k, kind] of kinds.entries()) {
    // The app and (a) by turns, LOAD_ROUNDS times: the machine's speed drifts over minutes, and each share is of a
    // pair measured side by side; the median share is the figure. Which of the two goes first alternates, so that
    // neither is always the one measured on the colder database or the slower minute.
    const pairs: [Measured, Measured][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const measureApp = () =>
        measure(
          `app    ${kind.label}`,
          (args) => serveApp(bench, args),
          (i) => kind.urls[i % kind.urls.length],
          bench.headers,
        );
      const measureFloor = () =>
        measure(
          `(a) its SQL through pg alone`,
          (args) => serveFloor(bench, recorded[k], fixedPage, args),
          (i) => `/sql/${i % kind.urls.length}`,
          {},
        );
      const [app, floor] =
        round % 2 === 0
          ? [await measureApp(), await measureFloor()]
          : await measureFloor().then(async (f) => [await measureApp(), f] as const);
      pairs.push([app, floor]);
      if (PROFILE) printParts(app, floor);
    }
    const each = pairs.map(([app, floor]) => app.perSecond / floor.perSecond).sort((a, b) => a - b);
    const appPerSecond = pairs.map(([app]) => app.perSecond).sort((a, b) => a - b)[Math.floor(pairs.length / 2)];
    shares.push(
      (fixed) =>
        `${kind.label.split(' ')[0]}: the app at ${percent(each[Math.floor(each.length / 2)])} of (a)${each.length > 1 ? ` (rounds: ${each.map(percent).join(', ')})` : ''} and ${percent(appPerSecond / fixed)} of (b)`,
    );
  }
  const fixed = await measure(
    '(b) a fixed 50-row page, no database',
    (args) => serveFloor(bench, recorded[0], fixedPage, args),
    () => '/fixed',
    {},
  );
  console.log(`\n${shares.map((line) => line(fixed.perSecond)).join('\n')}\na fixed page (b) at ${fixed.perSecond.toFixed(0)} req/s.`);
} finally {
  await bench.close();
}
