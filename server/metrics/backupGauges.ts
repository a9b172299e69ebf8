import { Gauge, type Registry } from 'prom-client';
import { oneReadPerScrape } from './oneReadPerScrape.js';
import { whileReachable } from './whileReachable.js';

/** When the last good base backup was taken and the last WAL segment archived; null for never. */
export interface BackupTimes {
  lastBaseBackupAt: Date | null;
  lastArchivedWalAt: Date | null;
}

/** Reads the backups' state at scrape time; given to the app by whoever takes the backups (the embedded database's). */
export type BackupStatus = () => Promise<BackupTimes>;

/** The backups' ages: +Inf while there is none yet, so an alert on the age fires for a backup never taken too. */
export function watchBackups(status: BackupStatus, registry: Registry) {
  const read = oneReadPerScrape(status);
  const age = (name: string, help: string, time: (times: BackupTimes) => Date | null) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        await whileReachable(
          async () => {
            const at = time(await read());
            this.set(at ? Math.max(0, (Date.now() - at.getTime()) / 1000) : Infinity);
          },
          () => this.set(NaN),
        );
      },
    });
  age('backup_last_base_backup_age_seconds', 'Age of the last good base backup of the embedded database', (t) => t.lastBaseBackupAt);
  age('backup_last_archived_wal_age_seconds', 'Age of the last WAL segment the embedded database archived', (t) => t.lastArchivedWalAt);
}
