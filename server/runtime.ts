import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/connect.js';
import { startScheduledWork } from './jobs/scheduledWork.js';
import { startJobs, type Jobs, type JobsOptions } from './jobs/queue.js';
import { createMailer, type Mailer } from './mail/outbox.js';

/** What the app runs beside its HTTP routes: the time, the job queue and the mail. */
export interface Runtime {
  clock: Clock;
  jobs: Jobs;
  mailer: Mailer;
  stop(): Promise<void>;
}

export interface RuntimeOptions extends Pick<JobsOptions, 'pollingIntervalSeconds' | 'supervise'> {
  db: Db;
  config: Config;
  log: { info(msg: string): void; warn(obj: unknown, msg?: string): void };
  clock?: Clock;
  /** Whether this process takes jobs from the queue (the seeding command only queues). */
  work?: boolean;
}

export async function startRuntime({ db, config, log, clock = systemClock, work = true, ...jobOptions }: RuntimeOptions): Promise<Runtime> {
  const jobs = await startJobs({ db, log, ...jobOptions });
  const mailer = createMailer({ db, jobs, smtpUrl: config.smtpUrl, from: config.mailFrom, productName: config.productName, log });
  if (work) await startScheduledWork({ db, jobs, mailer, config, clock });
  return {
    clock,
    jobs,
    mailer,
    async stop() {
      await jobs.stop();
      await mailer.stop();
    },
  };
}
