/**
 * Time from `npm start` to the first answered request (GET /api/v1/health), on a fresh data directory (database
 * created, migrated and seeded with the demo) and on an existing one. The browser app is built beforehand, as
 * `npm start` does only when sources changed. Usage: npm run bench:startup [-- --runs 3]
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAndTime, stop } from './serve.js';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const port = 3980;
execSync('node scripts/build-if-stale.mjs', { stdio: 'inherit' });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fresh: number[] = [];
const existing: number[] = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-startup-'));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'error' };
  let run = await startAndTime(['npm', 'start', '--silent'], env, port);
  fresh.push(run.ms);
  await stop(run.child);
  // Stopped cleanly means the embedded PostgreSQL stopped too.
  if (existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))) throw new Error('the database server was left running');
  run = await startAndTime(['npm', 'start', '--silent'], env, port);
  existing.push(run.ms);
  await stop(run.child);
  rmSync(dataDir, { recursive: true, force: true });
}
const show = (values: number[]) => `median ${Math.round(median(values))} ms (runs: ${values.map((v) => Math.round(v)).join(', ')})`;
console.log(`npm start -> first answered request, fresh data directory:    ${show(fresh)}`);
console.log(`npm start -> first answered request, existing data directory: ${show(existing)}`);
