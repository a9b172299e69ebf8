import { withAdvisoryLock } from '../db/advisoryLock.js';
import type { Db } from '../db/connect.js';
import { takeBaseBackup, type BackupSources } from './baseBackup.js';
import { removeOldBackups } from './keep.js';

/**
 * A base backup, then the removal of what the window of `keepDays` no longer needs: the nightly job and `npm run
 * db:backup`. One at a time on the database, so that one's removal never takes the WAL that another, still being
 * taken, needs.
 */
export function backupAndKeep(db: Db, sources: BackupSources, keepDays: number, now: () => Date = () => new Date()) {
  return withAdvisoryLock(db, 'base-backup', async () => {
    const manifest = await takeBaseBackup(db, sources, now);
    const removed = await removeOldBackups(sources.backupDir, keepDays, now());
    return { manifest, removed };
  });
}
