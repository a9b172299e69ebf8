// Proves the suite green every time: the journeys several runs in a row, each journey repeated within a run (so it
// also meets what its own earlier run left on the same server), then the whole `npm test` from fresh clones of this
// checkout's HEAD, each in another Vitest order. Prints every run's result and time, and fails if any run failed.
//
//   npm run test:repeat                        5 journey runs, 3 fresh-clone runs
//   npm run test:repeat -- --journeys 2 --clones 0
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    journeys: { type: 'string', default: '5' },
    'repeat-each': { type: 'string', default: '2' },
    clones: { type: 'string', default: '3' },
  },
});
const root = path.resolve(import.meta.dirname, '..');
const runs = [];

function run(label, command, cwd, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${label}: ${command}`);
  const result = spawnSync(command, { cwd, shell: true, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = Math.round((Date.now() - started) / 1000);
  runs.push({ label, passed: result.status === 0, seconds });
  console.log(`=== ${label}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
  return result.status === 0;
}

for (let i = 1; i <= Number(values.journeys); i++) {
  run(`journeys ${i}`, `npx playwright test --project=journeys --repeat-each=${values['repeat-each']}`, root);
}

for (let i = 1; i <= Number(values.clones); i++) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fresh-clone-'));
  const seed = String(Math.floor(Math.random() * 2 ** 31));
  try {
    if (!run(`clone ${i}`, `git clone --quiet "${root}" "${dir}"`, root)) continue;
    run(`fresh clone ${i} (VITEST_SEED=${seed})`, 'npm ci --no-audit --no-fund && npm test', dir, {
      VITEST_SEED: seed,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log('\nrun | result | seconds');
for (const { label, passed, seconds } of runs) console.log(`${label} | ${passed ? 'passed' : 'FAILED'} | ${seconds}`);
process.exit(runs.every((r) => r.passed) ? 0 : 1);
