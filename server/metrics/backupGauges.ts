import type { Registry } from 'prom-client';
import { gaugesOfOneRead } from './gaugesOfOneRead.js';

/** When the last good base backup was taken and the last WAL segment archived; null for never. */
export interface BackupTimes {
  lastBaseBackupAt: Date | null;
  lastArchivedWalAt: Date | null;
}

/** Reads the backups' state at scrape time; given to the app by whoever takes the backups (the embedded database's). */
export type BackupStatus = () => Promise<BackupTimes>;

/** Seconds since `at`; +Inf for never, so that an alert on the age fires for a backup never taken too. */
const ageOf = (at: Date | null) => (at ? Math.max(0, (Date.now() - at.getTime()) / 1000) : Infinity);

/** The backups' ages. */
export function watchBackups(status: BackupStatus, registry: Registry) {
  gaugesOfOneRead(registry, status, [
    {
      name: 'backup_last_base_backup_age_seconds',
      help: 'Age of the last good base backup of the embedded database',
      value: (times) => ageOf(times.lastBaseBackupAt),
    },
    {
      name: 'backup_last_archived_wal_age_seconds',
      help: 'Age of the last WAL segment the embedded database archived',
      value: (times) => ageOf(times.lastArchivedWalAt),
    },
  ]);
}
