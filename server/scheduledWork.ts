import { remindDueFollowups } from './applications/followupRequests.js';
import type { BackupSources } from './backups/baseBackup.js';
import { backupAndKeep } from './backups/backupRun.js';
import { newestBackup } from './backups/backupFolder.js';
import { sweepExpired } from './auth/expiry.js';
import { sendRequestedPasswordLink } from './auth/passwordLinks.js';
import { buildExport, sweepExpiredExports } from './dataProtection/dataExport.js';
import { runRetention } from './dataProtection/retentionRun.js';
import { runPayoutDeadlines } from './payouts/deadline.js';
import { compareWaitingDescriptions } from './signals/descriptions.js';
import { sendDailySummaries } from './work/dailySummary.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/connect.js';
import type { Mailer } from './mail/outbox.js';
import type { Jobs } from './jobs/queue.js';
import type { FileStorage } from './uploads/storage.js';

export interface ScheduledWorkDeps {
  db: Db;
  jobs: Jobs;
  mailer: Mailer;
  config: Config;
  clock: Clock;
  storage: FileStorage;
  /** The embedded database's cluster and BACKUP_DIR, for the nightly base backup; null with DATABASE_URL. */
  backup?: BackupSources | null;
}

/**
 * What this process does from the queue: delivers mails, mails the password links asked for, sends the follow-up
 * reminders that are due, reminds and lapses grants at their payout deadline, mails staff who asked for it what needs them each morning, builds applicants' large downloads of their data, runs the retention rules every night, and
 * sweeps what has expired; with the embedded database, takes a base backup every night (and at once when there is
 * none). The schedules are kept by the queue once for every process; the first sweep of reminders runs at start, so one
 * missed while no process ran (or cut short by a crash) goes out now rather than at the next round.
 */
export async function startScheduledWork({ db, jobs, mailer, config, clock, storage, backup }: ScheduledWorkDeps): Promise<void> {
  await jobs.work<{ mailId: number }>('mail-delivery', ({ mailId }) => mailer.deliver(mailId));
  await jobs.work('followup-reminders', () => remindDueFollowups(db, { mailer, config, jobs }, clock.now()));
  await jobs.work('expiry-sweep', async () => {
    await sweepExpired(db, clock.now());
    await sweepExpiredExports(db, storage, clock.now());
  });
  await jobs.work<{ uuid: string }>('data-export', ({ uuid }) =>
    buildExport(db, { storage, mailer, publicUrl: config.publicUrl }, uuid, clock.now()),
  );
  await jobs.work('retention', () => runRetention(db, storage, clock.now()));
  await jobs.work('payout-deadlines', () => runPayoutDeadlines(db, { mailer, config }, clock.now()));
  await jobs.work('signal-descriptions', () => compareWaitingDescriptions(db));
  await jobs.work('daily-summary', () => sendDailySummaries(db, { mailer, publicUrl: config.publicUrl }, clock.now()));
  await jobs.work<{ email: string }>('password-reset-request', ({ email }) =>
    sendRequestedPasswordLink(db, mailer, email, { publicUrl: config.publicUrl, minutes: config.passwordResetMinutes }),
  );
  await jobs.schedule('followup-reminders', '*/5 * * * *');
  await jobs.schedule('expiry-sweep', '17 * * * *');
  // The retention rules once a day, at night in Stockholm.
  await jobs.schedule('retention', '40 3 * * *');
  // What needs each staff user who asked for it, in the morning in Stockholm.
  await jobs.schedule('daily-summary', '0 7 * * *');
  // The payout deadlines' reminders and lapses once a day, just after midnight in Stockholm, when a deadline's day ends.
  await jobs.schedule('payout-deadlines', '5 0 * * *');
  // The descriptions a lost job left waiting: each send-in queues its own comparison, this sweeps what is left.
  await jobs.schedule('signal-descriptions', '23 * * * *');
  if (backup) {
    await jobs.work('base-backup', () => backupAndKeep(db, backup, config.backupKeepDays, () => clock.now()));
    // Before the retention run, so that the night's backup holds what the run then removes for the window's days.
    await jobs.schedule('base-backup', '10 2 * * *');
    // A new installation (or one whose backups were moved) is not left without one until the night.
    if (!(await newestBackup(backup.backupDir))) await jobs.send('base-backup');
  }
  await jobs.send('followup-reminders');
}
