import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, copyFile, cp, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { fromStockholmWallTime, stockholmWallTime } from '../clock.js';
import { freePort, lastLines, locateCluster, runningPostmaster } from '../db/embedded.js';
import { writeArchiveSettings } from '../db/walArchive.js';
import { uploadsDir } from '../uploads/storage.js';
import { filesDir, finishedBackups, namesIn, type BaseBackup } from './backupFolder.js';

export interface RestoreOptions {
  /** DATA_DIR: its cluster (and local uploads) are rebuilt. */
  dataDir: string;
  backupDir: string;
  /** Restore to this moment; null: to the last archived WAL. */
  until: Date | null;
  /** Whether the uploaded files are the local folder's (without FILE_STORAGE), and so put back too. */
  localFiles: boolean;
  log: (message: string) => void;
}

/**
 * "YYYY-MM-DD HH:MM[:SS[.fff]]" on the Stockholm clock, as people read the time, as a moment; null when it is not one
 * (a day that does not exist, an hour the clocks skipped).
 */
export function parseStockholmTime(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0));
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, Math.round(Number(match[7] ?? 0) * 1000));
  const moment = fromStockholmWallTime(wall);
  const back = new Date(wall);
  // The reading must be one: no 2026-02-30, and no 02:30 on the night the clocks skip that hour.
  const real =
    back.getUTCMonth() === month - 1 && back.getUTCDate() === day && back.getUTCHours() === hour && back.getUTCMinutes() === minute;
  return real && stockholmWallTime(moment) === wall ? moment : null;
}

/**
 * Builds DATA_DIR's database as it was at `until` (or at the end of the archive): the newest base backup finished by
 * then, with PostgreSQL replaying the archived WAL up to that moment and then starting a timeline of its own; then the
 * uploaded files of that moment. What was there before is moved aside (`….before-restore-<time>`), never deleted. A
 * cluster that a running server uses is refused.
 */
export async function restoreBackup({ dataDir, backupDir, until, localFiles, log }: RestoreOptions): Promise<BaseBackup> {
  const { pgdata, secretFile, runAs, exec } = await locateCluster(dataDir, log);
  const running = runningPostmaster(pgdata);
  if (running !== null) throw new Error(`The database in ${pgdata} is in use (PostgreSQL pid ${running}): stop the app first.`);
  const backup = (await finishedBackups(backupDir)).filter((b) => !until || Date.parse(b.finished_at) <= until.getTime()).at(-1);
  if (!backup) {
    throw new Error(
      until ? `No base backup in ${backupDir} finished before ${until.toISOString()}` : `No finished base backup in ${backupDir}`,
    );
  }
  log(`Restoring from the base backup of ${backup.finished_at} and the WAL archived since${until ? `, up to ${until.toISOString()}` : ''}`);

  const aside = `.before-restore-${new Date().toISOString().replace(/[-:]|\.\d+/g, '')}`;
  const moved: string[] = [];
  for (const file of [pgdata, secretFile, ...(localFiles ? [uploadsDir(dataDir)] : [])]) {
    if (!existsSync(file)) continue;
    await rename(file, `${file}${aside}`);
    moved.push(`${file}${aside}`);
  }
  if (moved.length) log(`Moved aside: ${moved.join(', ')}`);

  await cp(path.join(backup.dir, 'data'), pgdata, { recursive: true, verbatimSymlinks: true });
  await chmod(pgdata, 0o700);
  await copyFile(path.join(backup.dir, 'postgres.secret'), secretFile);
  await chmod(secretFile, 0o600);
  await writeArchiveSettings(pgdata, backupDir, { backupDir, until });
  await writeFile(path.join(pgdata, 'recovery.signal'), '');
  if (runAs) spawnSync('chown', ['-R', `${runAs.uid}:${runAs.gid}`, pgdata]);

  const serverLog = path.join(pgdata, 'server.log');
  const failed = (why: string) =>
    new Error(
      `PostgreSQL could not recover from the backup: ${lastLines(serverLog) || why}` +
        (until ? '\nIf the archive ends before that time, restore without --until to get everything it holds.' : ''),
    );
  const port = await freePort();
  try {
    await exec('pg_ctl', ['start', '-D', pgdata, '-w', '-t', '86400', '-l', serverLog, '-o', `-p ${port} -c hot_standby=off`]);
  } catch (error) {
    throw failed(String(error));
  }
  await untilRecovered(
    `postgres://postgres:${encodeURIComponent((await readFile(secretFile, 'utf8')).trim())}@127.0.0.1:${port}/postgres`,
    () => {
      if (runningPostmaster(pgdata) === null) throw failed('it stopped');
    },
  );
  await exec('pg_ctl', ['stop', '-D', pgdata, '-m', 'fast', '-w']);
  await writeArchiveSettings(pgdata, backupDir);
  log('The database is restored');

  if (localFiles) log(`Put back ${await restoreFiles(backupDir, backup, until, uploadsDir(dataDir))} uploaded files`);
  return backup;
}

/**
 * Waits until PostgreSQL has replayed the WAL and begun its new timeline (pg_ctl's wait may end before). Until then it
 * takes no connections, or (should it allow them) answers that it is still in recovery; `check` throws if it died.
 */
async function untilRecovered(url: string, check: () => void) {
  for (;;) {
    check();
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ recovering: boolean }>('SELECT pg_is_in_recovery() AS recovering');
      if (!rows[0].recovering) return;
    } catch {
      // Not yet taking connections.
    } finally {
      await client.end().catch(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * The archived uploads of the restored moment: those the base backup lists and those kept after it began, up to
 * `until`. A file removed between the backup and `until` comes back too, named by no row.
 */
async function restoreFiles(backupDir: string, backup: BaseBackup, until: Date | null, to: string): Promise<number> {
  await mkdir(to, { recursive: true });
  const listed = new Set(backup.files);
  const started = Date.parse(backup.started_at);
  let count = 0;
  for (const name of await namesIn(filesDir(backupDir))) {
    if (name.endsWith('.tmp')) continue;
    const from = path.join(filesDir(backupDir), name);
    const { mtimeMs } = await stat(from);
    if ((listed.has(name) || mtimeMs >= started) && (!until || mtimeMs <= until.getTime())) {
      await copyFile(from, path.join(to, name));
      count += 1;
    }
  }
  return count;
}
