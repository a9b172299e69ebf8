import { readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { freePort, procStat } from '../server/db/embedded.js';
import { appEnv, startServerProcess, type ServerProcess } from '../server/test/serverProcess.js';
import type { BenchApp } from './benchApp.js';

/** Clock ticks a second, as /proc counts CPU time (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** CPU seconds a process has used (user and system), and, with `children`, those of its children it has reaped. */
function cpuOf(pid: number, children = false): number {
  const fields = procStat(pid);
  if (!fields) return 0;
  // State is field 3, utime 14, stime 15, cutime 16, cstime 17 (1-based, man 5 proc).
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
  return (utime + stime + (children ? cutime + cstime : 0)) / TICKS;
}

/** CPU seconds used by the app's process. */
export const nodeCpu = (pid: number) => cpuOf(pid);

/**
 * CPU seconds used by a PostgreSQL server: its postmaster with the backends it has reaped, and every backend still
 * running (their parent is the postmaster).
 */
export function postgresCpu(postmasterPid: number): number {
  let total = cpuOf(postmasterPid, true);
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry) && Number(procStat(Number(entry))?.[1]) === postmasterPid) total += cpuOf(Number(entry));
  }
  return total;
}

/**
 * The app in `count` processes of their own, as `npm start` runs it, on the benchmark's database (each with a data
 * directory of its own, as on separate servers), the app in this process stopped so that only the measured ones work
 * on it; their addresses. One process: `serveApp`.
 */
export async function serveApps(
  bench: BenchApp,
  count: number,
  nodeArgs: string[] = [],
): Promise<{ servers: ServerProcess[]; bases: string[] }> {
  await bench.stopApp();
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const servers = await Promise.all(
    ports.map((port, i) => startServerProcess(appEnv(port, path.join(bench.dataDir, `app-${i}`), { DATABASE_URL: bench.url }), nodeArgs)),
  );
  return { servers, bases: ports.map((port) => `http://127.0.0.1:${port}/api/v1`) };
}

export async function serveApp(bench: BenchApp, nodeArgs: string[] = []): Promise<{ server: ServerProcess; base: string }> {
  const { servers, bases } = await serveApps(bench, 1, nodeArgs);
  return { server: servers[0], base: bases[0] };
}

/**
 * GETs below `base` over `sockets` kept-alive connections of node:http, resolving with the status once the body has
 * been read. The clients share the machine's cores with the app and its database, so they use the cheapest client
 * Node has: about a third of the CPU per request of fetch(), which the figures would otherwise count against the app.
 */
export function keepAliveClient(base: string, headers: Record<string, string>, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const { hostname, port, pathname } = new URL(base);
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      http
        .get({ host: hostname, port, path: `${pathname}${path}`, headers, agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        })
        .on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}

/** Latencies in milliseconds and the count of failed calls of `clients` loops, each with one call in flight. */
export async function runClients(
  clients: number,
  seconds: number,
  call: (client: number, i: number) => Promise<boolean>,
): Promise<{ latencies: number[]; errors: number; seconds: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const begun = performance.now();
        const ok = await call(client, i).catch(() => false);
        latencies.push(performance.now() - begun);
        if (!ok) errors += 1;
      }
    }),
  );
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

/** A quantile of some timings. */
export function quantile(times: number[], q: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
