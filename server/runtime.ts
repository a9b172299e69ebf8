import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/connect.js';
import { startScheduledWork } from './scheduledWork.js';
import { startJobs, type Jobs, type JobsOptions } from './jobs/queue.js';
import { createMailer, type Mailer } from './mail/outbox.js';
import { openFileStorage } from './backups/openFileStorage.js';
import type { FileStorage } from './uploads/storage.js';

/** What the app runs beside its HTTP routes: the time, the job queue, the mail and where files are kept. */
export interface Runtime {
  clock: Clock;
  jobs: Jobs;
  mailer: Mailer;
  storage: FileStorage;
  stop(): Promise<void>;
}

export interface RuntimeOptions extends Pick<JobsOptions, 'pollingIntervalSeconds' | 'supervise'> {
  db: Db;
  config: Config;
  log: { info(msg: string): void; warn(obj: unknown, msg?: string): void };
  clock?: Clock;
  /** Whether this process takes jobs from the queue (the seeding command only queues). */
  work?: boolean;
  /** Where files are kept, when the caller has opened it already; else the settings' own. */
  storage?: FileStorage;
  /** The embedded database's cluster, which the nightly base backup copies; none with DATABASE_URL. */
  cluster?: { pgdata: string; secretFile: string } | null;
}

export async function startRuntime({
  db,
  config,
  log,
  clock = systemClock,
  work = true,
  storage: given,
  cluster,
  ...jobOptions
}: RuntimeOptions): Promise<Runtime> {
  const jobs = await startJobs({ db, log, ...jobOptions });
  const mailer = createMailer({ db, jobs, smtpUrl: config.smtpUrl, from: config.mailFrom, productName: config.productName, log });
  const storage = given ?? (await openFileStorage(config));
  const backup = cluster && config.backupDir ? { ...cluster, dataDir: config.dataDir, backupDir: config.backupDir } : null;
  if (work) await startScheduledWork({ db, jobs, mailer, config, clock, storage, backup });
  return {
    clock,
    jobs,
    mailer,
    storage,
    async stop() {
      await jobs.stop();
      await mailer.stop();
    },
  };
}
