// Builds the browser app when any of its sources is newer than the last build, so `npm start` always serves
// current code without rebuilding on every start.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', 'client', '.built');
const inputs = ['src', 'locales', 'resources', 'public', 'index.html', 'admin.html', 'vite.config.ts', 'package-lock.json'];

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((latest, name) => Math.max(latest, newest(path.join(target, name))), stat.mtimeMs);
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...inputs.map((input) => newest(path.join(root, input))));
if (changed > built || process.argv.includes('--force')) {
  console.log('[start] Building the browser app …');
  // The app build: both pages, each its own build (see vite.config.ts).
  const { createBuilder } = await import('vite');
  await (await createBuilder({ root, logLevel: 'warn' }, null)).buildApp();
  writeFileSync(stamp, new Date().toISOString());
}
