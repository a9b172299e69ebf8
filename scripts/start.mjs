// `npm start`: first the browser app, built when its sources changed. Then with NODE_ENV=production the compiled
// server of `npm run build` (dist/server/main.js), in this process, so that no TypeScript is compiled on the start;
// one that is missing or older than its sources is compiled first (in about a second), saying so. In development the
// TypeScript sources, through tsx.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import './build-if-stale.mjs';
import { buildServer, serverEntry } from './build-server.mjs';
import { newest } from './newest.mjs';

const root = path.resolve(import.meta.dirname, '..');

if (process.env.NODE_ENV === 'production') {
  const built = existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : 0;
  const sources = ['server', 'resources', 'locales', 'package-lock.json', 'scripts/build-server.mjs'];
  if (Math.max(...sources.map((source) => newest(path.join(root, source)))) > built) {
    const msg = built
      ? '[start] The compiled server is older than its sources: compiling it again (npm run build does it ahead of the start)'
      : '[start] The server is not compiled yet: compiling it (npm run build does it ahead of the start)';
    // A JSON line (a warning, in pino's shape), as everything a production server prints.
    console.log(JSON.stringify({ level: 40, time: Date.now(), msg }));
    await buildServer();
  }
  // Stack traces name the TypeScript sources' lines.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(serverEntry).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(root, 'server', 'main.ts')).href);
}
