/**
 * Time from `npm start` to the first answered request (GET /api/v1/health), on a fresh data directory (database
 * created, migrated and seeded with the demo) and on an existing one, with the server's own "Ready in" and the memory
 * of its Node processes once it answers. The browser app is built beforehand, as `npm start` does only when sources
 * changed. `--production` starts as NODE_ENV=production does (no demo; the compiled server of `npm run build`).
 * Usage: npm run bench:startup [-- --runs 3] [--production]
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { memoryOf, startAndTime, stop } from './serve.js';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const port = 3980;
const production = process.argv.includes('--production');
execSync(production ? 'node scripts/build-if-stale.mjs && node scripts/build-server.mjs' : 'node scripts/build-if-stale.mjs', {
  stdio: 'inherit',
});

interface Figures {
  wall: number[];
  ready: number[];
  serverMb: number[];
  allMb: number[];
}
const figures = (): Figures => ({ wall: [], ready: [], serverMb: [], allMb: [] });
const fresh = figures();
const existing = figures();

/** One `npm start` until it answers, its figures added to `into`, then stopped. */
async function measure(env: Record<string, string>, into: Figures) {
  const run = await startAndTime(['npm', 'start', '--silent'], env, port);
  into.wall.push(run.ms);
  into.ready.push(Number(/Ready in (\d+) ms/.exec(run.output())?.[1] ?? NaN));
  const memory = memoryOf(run.child);
  into.serverMb.push(memory.server);
  into.allMb.push(memory.all);
  await stop(run.child);
}

for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-startup-'));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'error', ...(production ? { NODE_ENV: 'production' } : {}) };
  await measure(env, fresh);
  // Stopped cleanly means the embedded PostgreSQL stopped too.
  if (existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))) throw new Error('the database server was left running');
  await measure(env, existing);
  rmSync(dataDir, { recursive: true, force: true });
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const show = (values: number[], unit: string) =>
  `median ${Math.round(median(values))} ${unit} (runs: ${values.map((v) => Math.round(v)).join(', ')})`;
const mode = production ? 'NODE_ENV=production npm start' : 'npm start';
for (const [label, of] of [
  ['fresh data directory', fresh],
  ['existing data directory', existing],
] as const) {
  console.log(`${mode}, ${label}:`);
  console.log(`  to the first answered request: ${show(of.wall, 'ms')}`);
  console.log(`  "Ready in":                    ${show(of.ready, 'ms')}`);
  console.log(`  memory (RSS) of the server:    ${show(of.serverMb, 'MB')}`);
  console.log(`  memory (RSS) of its Node processes (npm, launcher, server): ${show(of.allMb, 'MB')}`);
}
