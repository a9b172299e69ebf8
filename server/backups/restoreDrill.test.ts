import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { stockholmWallTime } from '../clock.js';
import { connect, type Db } from '../db/connect.js';
import { freePorts, procStat, startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded.js';
import { seedDemo } from '../demo/demo.js';
import { completeDraft } from '../test/completeDraft.js';
import { multipart, pdf } from '../test/multipart.js';
import { appEnv, startServerProcess, type ServerProcess } from '../test/serverProcess.js';

// The restore drill: the app as `npm start` runs it, on its embedded PostgreSQL with the backups on another disk (here
// another folder). Applications are sent in with files before and after a base backup, the app and its PostgreSQL are
// killed (kill -9), the data directory is wiped, and the backups restore it: everything acknowledged before the last
// archived WAL segment is back with its files, and a restore to a moment in the middle has exactly what came before it.

const run = promisify(execFile);
const dirs: string[] = [];
let server: ServerProcess | undefined;
let db: Db | undefined;
let postgres: EmbeddedPostgres | undefined;
afterAll(async () => {
  await db?.destroy();
  await server?.stop('SIGKILL');
  await postgres?.stop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const folder = async (name: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), `${name}-`));
  dirs.push(dir);
  return dir;
};
/** Runs one of the backup commands as npm runs it, with the app's settings. */
const command = (file: string, env: Record<string, string>, args: string[] = []) =>
  run(process.execPath, ['--import', 'tsx', `server/backups/${file}`, ...args], { env: { ...process.env, ...env } });
const databaseUrl = (dataDir: string, port: number) =>
  `postgres://postgres:${encodeURIComponent(readFileSync(path.join(dataDir, 'postgres.secret'), 'utf8').trim())}@127.0.0.1:${port}/app`;
/** The Stockholm clock's reading of a moment, as --until takes it. */
const stockholmReading = (at: Date) => new Date(stockholmWallTime(at)).toISOString().replace('T', ' ').replace('Z', '');

interface Sent {
  uuid: string;
  cookie: string;
  fileUuid: string;
  content: Buffer;
}

describe('a restore drill', () => {
  it('brings back every acknowledged write with its files, or those before a moment in the middle', { timeout: 120_000 }, async () => {
    const [dataDir, backupDir] = [await folder('drill-data'), await folder('drill-backups')];
    const [port, dbPort] = await freePorts(2);
    const env = appEnv(port, dataDir, { EMBEDDED_DB_PORT: String(dbPort), BACKUP_DIR: backupDir });
    server = await startServerProcess(env);
    db = connect(databaseUrl(dataDir, dbPort), () => {});
    await seedDemo(db);
    const base = `http://127.0.0.1:${port}/api/v1`;

    let count = 0;
    /** An applicant's application sent in with a file of its own, as the portal does it. */
    const sendIn = async (): Promise<Sent> => {
      count += 1;
      const { cookie, uuid } = await completeDraft(base, db!, `drill${count}@test.se`);
      const headers = { 'x-requested-with': 'XMLHttpRequest', cookie };
      const content = pdf(count * 100);
      const body = multipart([{ name: 'file', filename: `budget-${count}.pdf`, content, type: 'application/pdf' }]);
      const upload = await fetch(`${base}/portal/applications/${uuid}/files`, {
        method: 'POST',
        headers: { ...headers, ...body.headers },
        body: body.payload,
      });
      expect(upload.status).toBe(201);
      const fileUuid = ((await upload.json()) as { data: { uuid: string } }).data.uuid;
      const submitted = await fetch(`${base}/portal/applications/${uuid}/submit`, { method: 'POST', headers });
      expect(submitted.status).toBe(200);
      return { uuid, cookie, fileUuid, content };
    };

    const before = [await sendIn(), await sendIn()];
    await command('backupCli.ts', env);
    const after = [await sendIn(), await sendIn()];
    // A moment between two writes, whole milliseconds clear of both.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const middle = new Date();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const late = [await sendIn(), await sendIn()];

    // Close the WAL segment rather than wait for archive_timeout, and wait until it is archived.
    const { rows } = await sql<{ name: string }>`SELECT pg_walfile_name(pg_switch_wal()) AS name`.execute(db);
    await expect
      .poll(
        async () =>
          (await sql<{ wal: string | null }>`SELECT last_archived_wal AS wal FROM pg_stat_archiver`.execute(db!)).rows[0].wal ?? '',
        {
          timeout: 20_000,
        },
      )
      .toSatisfy((wal: string) => wal >= rows[0].name);

    // A restore into the data directory of the running app is refused, and changes nothing.
    const refused = await command('restoreCli.ts', env, ['--backup', backupDir]).then(
      () => null,
      (error: { stderr: string; code: number }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('stop the app first');
    expect((await fetch(`${base}/health`)).status).toBe(200);
    expect((await readdir(dataDir)).filter((name) => name.includes('before-restore'))).toEqual([]);

    // The machine's disk is lost: the app and its PostgreSQL die at once, and the data directory is gone.
    await db.destroy();
    db = undefined;
    const postmaster = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    await server.stop('SIGKILL');
    process.kill(postmaster, 'SIGKILL');
    await expect.poll(() => isGone(postmaster), { timeout: 10_000 }).toBe(true);
    await rm(dataDir, { recursive: true, force: true });

    await command('restoreCli.ts', env, ['--backup', backupDir]);
    server = await startServerProcess(env);
    db = connect(databaseUrl(dataDir, dbPort), () => {});
    for (const sent of [...before, ...after, ...late]) {
      const application = await db.selectFrom('applications').select('status').where('uuid', '=', sent.uuid).executeTakeFirstOrThrow();
      expect(application.status).not.toBe(10);
      // The applicant's session is back too, and their file with its bytes.
      const download = await fetch(`${base}/portal/applications/${sent.uuid}/files/${sent.fileUuid}`, {
        headers: { 'x-requested-with': 'XMLHttpRequest', cookie: sent.cookie },
      });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(sent.content)).toBe(true);
    }
    await db.destroy();
    db = undefined;
    await server.stop('SIGTERM');

    // The same backups, to the moment in the middle, into another data directory.
    const middleDir = await folder('drill-middle');
    await command('restoreCli.ts', { ...env, DATA_DIR: middleDir }, ['--backup', backupDir, '--until', stockholmReading(middle)]);
    postgres = await startEmbeddedPostgres({ dataDir: middleDir });
    db = connect(postgres.url, () => {});
    // The drill's own applications (the demo's are there too): those sent in before the moment, and no other.
    const restored = await db
      .selectFrom('applications')
      .select('uuid')
      .where('status', '!=', 10)
      .where(
        'uuid',
        'in',
        [...before, ...after, ...late].map((s) => s.uuid),
      )
      .execute();
    expect(restored.map((r) => r.uuid).sort()).toEqual([...before, ...after].map((s) => s.uuid).sort());
    for (const sent of [...before, ...after])
      expect((await readFile(path.join(middleDir, 'uploads', sent.fileUuid))).equals(sent.content)).toBe(true);
    for (const sent of late) await expect(readFile(path.join(middleDir, 'uploads', sent.fileUuid))).rejects.toThrow();
  });
});

/** Whether the process has ended (gone, or a zombie its parent has not reaped). */
function isGone(pid: number) {
  const state = procStat(pid)?.[0];
  return state === undefined || state === 'Z';
}
