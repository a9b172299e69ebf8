import { stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { namesIn, newestBackup, walDir } from './backupFolder.js';

/** Older than this, the last base backup or archived WAL is a warning: a nightly job and a minute's archiving have failed. */
const STALE_MS = 2 * 24 * 60 * 60 * 1000;

export type BackupWarning = 'archiving_fails' | 'base_backup_old' | 'wal_old';

export interface BackupStatus {
  last_base_backup_at: string | null;
  last_archived_wal_at: string | null;
  /** What needs looking at, the worst first; null when all is well. */
  warning: BackupWarning | null;
}

/**
 * Where the embedded database's backups stand: the last finished base backup, the last WAL segment archived (as
 * PostgreSQL counts it, or, after a crash reset its counts, the newest segment in the archive), and whether archiving
 * fails now (its last failure is newer than its last success).
 */
export async function backupStatus(db: Db, backupDir: string, now: Date): Promise<BackupStatus> {
  const { rows } = await sql<{ last_archived_time: Date | null; last_failed_time: Date | null }>`
    SELECT last_archived_time, last_failed_time FROM pg_stat_archiver`.execute(db);
  const archiver = rows[0];
  // A backup folder that cannot be read (a mount gone) has, as far as anyone can tell, no backups.
  const lastWal = archiver?.last_archived_time ?? (await newestArchivedSegment(backupDir).catch(() => null));
  const lastBase = (await newestBackup(backupDir).catch(() => null))?.finished_at ?? null;
  const failing = !!archiver?.last_failed_time && (!lastWal || archiver.last_failed_time > lastWal);
  const stale = (at: Date | string | null) => !at || now.getTime() - new Date(at).getTime() > STALE_MS;
  return {
    last_base_backup_at: lastBase,
    last_archived_wal_at: lastWal?.toISOString() ?? null,
    warning: failing ? 'archiving_fails' : stale(lastBase) ? 'base_backup_old' : stale(lastWal) ? 'wal_old' : null,
  };
}

async function newestArchivedSegment(backupDir: string): Promise<Date | null> {
  const newest = (await namesIn(walDir(backupDir)))
    .filter((name) => /^[0-9A-F]{24}$/.test(name))
    .sort((a, b) => a.slice(8).localeCompare(b.slice(8)))
    .at(-1);
  return newest ? (await stat(path.join(walDir(backupDir), newest))).mtime : null;
}
