import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, freePort } from './db/embedded.js';
import { TEMPLATE, withDatabase } from './test/globalSetup.js';
import { appEnv, compiledServer, startServerProcess, type ServerProcess } from './test/serverProcess.js';

let server: ServerProcess | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('is built by the build script, starts with plain Node in production and answers', { timeout: 60_000 }, async () => {
    await promisify(execFile)(process.execPath, ['scripts/build-server.mjs']);
    const adminUrl = inject('adminUrl');
    const name = `compiled_${randomUUID().replaceAll('-', '')}`;
    await createDatabase(adminUrl, name, TEMPLATE);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'compiled-start-'));
    const port = await freePort();
    server = await startServerProcess(
      appEnv(port, dataDir, { NODE_ENV: 'production', DATABASE_URL: withDatabase(adminUrl, name) }),
      [],
      compiledServer,
    );

    const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('x-request-id')).toBeTruthy();
    // The translations and the migrations are in the bundle: it started on a migrated database (the migrator refuses one
    // that has applied a migration it does not know) and answers in Swedish.
    const refused = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ data: { email: 'nobody@example.se', password: 'not-this-one' } }),
    });
    expect(refused.status).toBe(422);
    expect((await refused.json()).message).toBe('Uppgifterna stämmer inte med våra register.');
    for (const line of server.output().trim().split('\n')) expect(() => JSON.parse(line), line).not.toThrow();
  });
});
