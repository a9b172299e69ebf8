// Compiles the server into one ES module, dist/server/main.js, which `NODE_ENV=production npm start` runs with plain
// Node: no TypeScript compiled on each start. The packages stay in node_modules (imported as they are); the sources,
// locales and migrations (imported by migrate.ts, not read from disk) are bundled.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const serverEntry = path.join(root, 'dist', 'server', 'main.js');

export async function buildServer() {
  // Loaded here, so that a start which only needs the entry's name does not load the compiler.
  const { build, stop } = await import('esbuild');
  await build({
    entryPoints: [path.join(root, 'server', 'main.ts')],
    outfile: serverEntry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // Its compiler is a process of its own, which would otherwise stay beside a server that compiled on its start.
  await stop();
}

if (process.argv[1] === import.meta.filename) await buildServer();
