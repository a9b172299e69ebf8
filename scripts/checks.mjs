// The first part of `npm test`, side by side, one on each core: ESLint (`npm run lint:code`, the longest) on one; on
// the other the build of the browser app when its sources changed (which the journeys serve), the type check and
// Prettier's check of the formatting (`npm run typecheck`, `npm run lint:format`). Each check keeps a cache under
// node_modules/.cache, so a second run reads only what changed. Each command's output is printed whole when it ends,
// and the run fails if any of them failed.
import { spawn } from 'node:child_process';

const checks = [
  { name: 'lint', command: 'npm run --silent lint:code' },
  {
    name: 'build, types and format',
    command: 'node scripts/build-if-stale.mjs && npm run --silent typecheck && npm run --silent lint:format',
  },
];

const results = await Promise.all(
  checks.map(
    ({ name, command }) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stdout.write(`[${name}] ${command}\n${output}[${name}] ${code === 0 ? 'passed' : `failed (${code})`} in ${seconds} s\n`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
