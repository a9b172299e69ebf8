import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('creates a UTF8 database on a port of its own, keeps data across restarts, and recovers from a hard kill', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'embedded-test-'));
    dirs.push(dataDir);
    const messages: string[] = [];
    const first = await startEmbeddedPostgres({ dataDir, log: (m) => messages.push(m) });
    expect(new URL(first.url).port).not.toBe('5432');
    expect(await query(first.url, 'show server_encoding')).toEqual([{ server_encoding: 'UTF8' }]);
    await query(first.url, "create table kept (name text); insert into kept values ('Åsa Öberg')");

    // The app dies without stopping its server (kill -9): the server is left running on the data directory.
    const second = await startEmbeddedPostgres({ dataDir, log: (m) => messages.push(m) });
    expect(messages.some((m) => m.includes('that an earlier run left behind'))).toBe(true);
    expect(await query(second.url, 'select name from kept')).toEqual([{ name: 'Åsa Öberg' }]);
    await second.stop();

    // A lock file whose process is gone (machine crash) is no obstacle either.
    await writeFile(path.join(dataDir, 'postgres', 'postmaster.pid'), '999999\n');
    const third = await startEmbeddedPostgres({ dataDir });
    expect(await query(third.url, 'select count(*)::int as n from kept')).toEqual([{ n: 1 }]);
    await third.stop();
  });

  it('explains what to do when the data directory holds something else', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'embedded-test-'));
    dirs.push(dataDir);
    await mkdir(path.join(dataDir, 'postgres'));
    await writeFile(path.join(dataDir, 'postgres', 'notes.txt'), 'not a database');
    await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(/is not empty but holds no database/);
  });
});
