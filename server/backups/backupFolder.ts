import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { walDir } from '../db/walArchive.js';

/**
 * What BACKUP_DIR holds: `wal/` the archived WAL segments (written by PostgreSQL's archive command), `base/<time>/` a
 * base backup each (the cluster's files as `data/`, its password file, and `manifest.json`, written last: a backup
 * without it is unfinished and never used), and `files/` every uploaded file, copied as it is kept.
 */
export const baseDir = (backupDir: string) => path.join(backupDir, 'base');
export const filesDir = (backupDir: string) => path.join(backupDir, 'files');
export { walDir };

export const MANIFEST = 'manifest.json';

export interface Manifest {
  started_at: string;
  finished_at: string;
  /** The first WAL segment a restore from this backup needs, and where the backup's WAL starts and stops. */
  start_wal: string;
  start_lsn: string;
  stop_lsn: string;
  /** Bytes of the cluster's files copied. */
  data_bytes: number;
  /** The uploaded files there were when it finished (kept in `files/`), and their bytes. */
  files: string[];
  file_bytes: number;
}

export interface BaseBackup extends Manifest {
  /** Its folder. */
  dir: string;
}

/** The names in a folder; none when it does not exist (yet). */
export async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** A base backup's manifest; null while it is unfinished (or was cut short). */
async function finished(dir: string): Promise<BaseBackup | null> {
  try {
    return { ...(JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest), dir };
  } catch {
    return null;
  }
}

/** The finished base backups, oldest first. */
export async function finishedBackups(backupDir: string): Promise<BaseBackup[]> {
  const backups = await Promise.all((await namesIn(baseDir(backupDir))).map((name) => finished(path.join(baseDir(backupDir), name))));
  return backups.filter((backup) => backup !== null).sort((a, b) => a.finished_at.localeCompare(b.finished_at));
}

/** The newest finished base backup, reading no more manifests than needed (the folders are named by their start). */
export async function newestBackup(backupDir: string): Promise<BaseBackup | null> {
  for (const name of (await namesIn(baseDir(backupDir))).sort().reverse()) {
    const backup = await finished(path.join(baseDir(backupDir), name));
    if (backup) return backup;
  }
  return null;
}

/**
 * A temporary name beside `to`, this writer's own: an upload's copy and a base backup's may copy one file at once, and
 * neither may rename the other's half-written copy.
 */
const tempName = (to: string) => `${to}.${randomUUID()}.tmp`;

/** Copies a file under a temporary name, synced to disk, then renamed: the target name never holds part of it. */
export async function durableCopy(from: string, to: string): Promise<void> {
  const temp = tempName(to);
  try {
    await copyFile(from, temp);
    await syncAndRename(temp, to);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Writes `text` as durableCopy copies. */
export async function durableWrite(to: string, text: string): Promise<void> {
  const temp = tempName(to);
  await mkdir(path.dirname(to), { recursive: true });
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(text);
  } finally {
    await handle.close();
  }
  await syncAndRename(temp, to);
}

async function syncAndRename(temp: string, to: string) {
  const handle = await open(temp, 'r+');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await rename(temp, to);
}
