import { copyFile, lstat, mkdir, readdir, readlink, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { baseDir, durableWrite, MANIFEST, type Manifest } from './backupFolder.js';
import { archiveAllUploads } from './fileArchive.js';

export interface BackupSources {
  /** The embedded cluster's folder and its password file. */
  pgdata: string;
  secretFile: string;
  /** DATA_DIR, whose uploads/ are the local files. */
  dataDir: string;
  backupDir: string;
}

/** What a base backup leaves out: files PostgreSQL rebuilds or that belong to the running server only. */
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'server.log',
  'current_logfiles',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'pg_internal.init',
]);
/** Folders copied empty: the WAL (replayed from the archive instead) and what the running server keeps for itself. */
const EMPTIED_FOLDERS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);

/**
 * Takes a base backup of the running embedded cluster through PostgreSQL's low-level API, so no other program is
 * needed: between pg_backup_start and pg_backup_stop, on one connection, the cluster's files are copied as they are
 * (a file changing meanwhile is made right by replaying the WAL archived from the start on); the label pg_backup_stop
 * answers is written into the copy, which makes it a backup to recover from rather than a crashed cluster. The
 * uploaded files are listed with it (and any the archive lacks copied), the password file copied, and the manifest
 * written last. Answers the manifest.
 */
export async function takeBaseBackup(db: Db, sources: BackupSources, now: () => Date = () => new Date()): Promise<Manifest> {
  const startedAt = now();
  // Named by its start to the millisecond, and made only if new: two backups at once (the night's and one asked for)
  // never write into one folder.
  const dir = path.join(baseDir(sources.backupDir), startedAt.toISOString().replace(/[-:.]/g, ''));
  await mkdir(baseDir(sources.backupDir), { recursive: true, mode: 0o700 });
  await mkdir(dir, { mode: 0o700 });
  await mkdir(path.join(dir, 'data'), { mode: 0o700 });
  try {
    const manifest = await db.connection().execute(async (connection) => {
      const { rows } = await sql<{ archive_mode: string }>`SELECT current_setting('archive_mode') AS archive_mode`.execute(connection);
      if (rows[0].archive_mode === 'off')
        throw new Error('The WAL is not archived (see the start-up warning), so no base backup can be taken');
      await sql`SELECT pg_backup_start(${`app ${startedAt.toISOString()}`}, true)`.execute(connection);
      let dataBytes: number;
      let stop: { lsn: string; labelfile: string; spcmapfile: string };
      try {
        dataBytes = await copyCluster(sources.pgdata, path.join(dir, 'data'));
      } finally {
        // Waits until the backup's last WAL segment is archived (PostgreSQL switches to a new one for it), but not
        // forever when archiving fails.
        await sql`SET statement_timeout = '1h'`.execute(connection);
        stop = (
          await sql<{ lsn: string; labelfile: string; spcmapfile: string }>`
            SELECT lsn::text, labelfile, spcmapfile FROM pg_backup_stop(true)`.execute(connection)
        ).rows[0];
        await sql`RESET statement_timeout`.execute(connection);
      }
      await durableWrite(path.join(dir, 'data', 'backup_label'), stop.labelfile);
      if (stop.spcmapfile) await durableWrite(path.join(dir, 'data', 'tablespace_map'), stop.spcmapfile);
      const start = /START WAL LOCATION: (\S+) \(file ([0-9A-F]{24})\)/.exec(stop.labelfile);
      if (!start) throw new Error(`The backup label has no start: ${stop.labelfile}`);
      await copyFile(sources.secretFile, path.join(dir, 'postgres.secret'));
      const uploads = await archiveAllUploads(sources.dataDir, sources.backupDir);
      return {
        started_at: startedAt.toISOString(),
        finished_at: now().toISOString(),
        start_wal: start[2],
        start_lsn: start[1],
        stop_lsn: stop.lsn,
        data_bytes: dataBytes,
        files: uploads.files,
        file_bytes: uploads.bytes,
      } satisfies Manifest;
    });
    await durableWrite(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
    return manifest;
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Copies the cluster's files (as the backup API allows: while it runs); answers their bytes. */
async function copyCluster(from: string, to: string): Promise<number> {
  let bytes = 0;
  const copyFolder = async (source: string, target: string, top: boolean) => {
    for (const entry of await readdir(source, { withFileTypes: true })) {
      const name = entry.name;
      if (SKIPPED_FILES.has(name) || name.startsWith('pgsql_tmp') || (top && name.endsWith('.tmp'))) continue;
      const [sourcePath, targetPath] = [path.join(source, name), path.join(target, name)];
      try {
        if (entry.isDirectory()) {
          await mkdir(targetPath, { mode: 0o700 });
          if (!(top && EMPTIED_FOLDERS.has(name))) await copyFolder(sourcePath, targetPath, false);
        } else if (entry.isSymbolicLink()) {
          await symlink(await readlink(sourcePath), targetPath);
        } else if (entry.isFile()) {
          await copyFile(sourcePath, targetPath);
          bytes += (await lstat(targetPath)).size;
        }
      } catch (error) {
        // A file the server removed while it was copied (a dropped table, a finished temporary file) is no loss.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  };
  await copyFolder(from, to, true);
  await mkdir(path.join(to, 'pg_wal', 'archive_status'), { recursive: true, mode: 0o700 });
  return bytes;
}
