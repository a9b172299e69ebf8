// Builds the browser app when any of its sources is newer than the last build, so `npm start` always serves
// current code without rebuilding on every start.
import { existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { newest } from './newest.mjs';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', 'client', '.built');
const inputs = ['src', 'locales', 'resources', 'public', 'index.html', 'admin.html', 'vite.config.ts', 'package-lock.json'];

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...inputs.map((input) => newest(path.join(root, input))));
if (changed > built || process.argv.includes('--force')) {
  console.log('[start] Building the browser app …');
  // The app build: both pages, each its own build (see vite.config.ts).
  const { createBuilder } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  await (await createBuilder({ root, logLevel: 'warn' }, null)).buildApp();
  // Vite sets NODE_ENV=production for its build; `npm start` goes on in this process, as the caller set it.
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  writeFileSync(stamp, new Date().toISOString());
}
