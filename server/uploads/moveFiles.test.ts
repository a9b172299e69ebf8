import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../test/s3Server.js';
import { moveFiles } from './moveFiles.js';
import { localStorage, uploadsDir, type FileStorage } from './storage.js';

// Moving the uploaded files of a server's folder to an object store: every file verified, a second run copies only
// what is missing or differs, and the command says what it did.

let s3: Awaited<ReturnType<typeof startS3Server>>;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A data directory of its own whose uploads folder holds `files` (and a temporary file, never moved). */
async function folderWith(files: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'move-files-'));
  dirs.push(dataDir);
  const local = localStorage(dataDir);
  for (const [key, content] of Object.entries(files)) await local.write(key, Readable.from([content]), 'application/pdf');
  await writeFile(path.join(uploadsDir(dataDir), '.upload-half'), 'half');
  return { dataDir, local };
}
async function contents(storage: FileStorage) {
  const found: Record<string, string> = {};
  for await (const { key } of storage.list()) found[key] = await text((await storage.read(key))!.body);
  return found;
}

describe('moving the files to an object store', () => {
  it('copies each file once, verified; a second run leaves what is there and recopies what differs', async () => {
    const files = { 'a-1': '%PDF-1.4 första', 'b-2': '%PDF-1.4 andra', 'c-3': '%PDF-1.4 tredje' };
    const { local } = await folderWith(files);
    const target = s3.storage('move/one');
    // An earlier run got one file across, and a copy of another was cut short by something else (same size, other bytes).
    await target.write('a-1', Readable.from([files['a-1']]), 'application/pdf');
    await target.write('b-2', Readable.from(['%PDF-1.4 xxxxx']), 'application/pdf');

    const seen: string[] = [];
    const first = await moveFiles(local, target, (_, key) => seen.push(key));
    expect(first).toEqual({ copied: 2, alreadyThere: 1, failed: [], bytes: Buffer.byteLength(files['b-2'] + files['c-3']) });
    expect(seen.sort()).toEqual(['a-1', 'b-2', 'c-3']);
    expect(await contents(target)).toEqual(files);
    // The originals stay until the operator removes them.
    expect(await contents(local)).toEqual(files);

    expect(await moveFiles(local, target)).toEqual({ copied: 0, alreadyThere: 3, failed: [], bytes: 0 });
  });

  it('reports each file it could not copy, and copies the rest when run again', async () => {
    const { local } = await folderWith({ 'd-4': '%PDF-1.4 fjärde' });
    const away = await moveFiles(local, s3.storage('move/two', 'http://127.0.0.1:9'));
    expect(away).toMatchObject({ copied: 0, alreadyThere: 0, failed: [{ key: 'd-4', reason: expect.any(String) }] });
    expect(await moveFiles(local, s3.storage('move/two'))).toMatchObject({ copied: 1, failed: [] });
  });

  it('is `npm run files:migrate`, with the servers’ settings, and says what it did', { timeout: 60_000 }, async () => {
    const { dataDir } = await folderWith({ 'e-5': '%PDF-1.4 femte', 'f-6': '%PDF-1.4 sjätte' });
    const run = (env: Record<string, string>) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/moveFilesCli.ts'], {
        env: { ...process.env, ...s3.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
      });
    const settings = { FILE_STORAGE: `s3://${s3.bucket}/move/three`, AWS_S3_FORCE_PATH_STYLE: 'true' };
    expect((await run(settings)).stdout).toContain('Done: 2 copied (0.0 MB) and verified, 0 already there, 0 failed.');
    expect((await run(settings)).stdout).toContain('Done: 0 copied (0.0 MB) and verified, 2 already there, 0 failed.');
    expect(await contents(s3.storage('move/three'))).toEqual({ 'e-5': '%PDF-1.4 femte', 'f-6': '%PDF-1.4 sjätte' });
    await expect(run({})).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Set FILE_STORAGE=s3://bucket/prefix') });
  });
});
