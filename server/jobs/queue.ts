import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import { withAdvisoryLock } from '../db/advisoryLock.js';
import type { Db } from '../db/connect.js';

/**
 * The work that runs later or again: each a pg-boss queue in the app's own PostgreSQL (schema `pgboss`), so jobs
 * survive a restart, failed ones retry with backoff, and one job runs once however many app processes take work.
 */
export const jobQueues = {
  /** One mail of the outbox by SMTP; retried after 1, 2, 4 … minutes, eight times in all. */
  'mail-delivery': { retryLimit: 8, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
  /** Reminds every follow-up that is due (the reminder is claimed row by row, so a run twice sends nothing twice). */
  'followup-reminders': { retryLimit: 10, retryDelay: 10, retryBackoff: true, expireInSeconds: 30 },
  /** Reminds grants 30 days before their deadline and lapses what was not asked for after it (claimed row by row). */
  'payout-deadlines': { retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  /**
   * A staff password link asked for by address: looked up and mailed here, so the request answers at once and the
   * same way whether the address is known or not (its time tells nothing either).
   */
  'password-reset-request': { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
  /** Deletes expired sessions, login and password links, old login attempts, and built downloads whose time is up. */
  'expiry-sweep': { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 },
  /** Builds an applicant's large download of their data and mails them when it is ready. */
  'data-export': { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 1800 },
  /** Runs the retention rules: deletes and anonymises what they have reached, in batches (each batch commits). */
  retention: { retryLimit: 5, retryDelay: 300, retryBackoff: true, expireInSeconds: 3600 },
  /** Mails each staff user who asked for it what needs them today (each user claimed with their mail, so none twice). */
  'daily-summary': { retryLimit: 5, retryDelay: 120, retryBackoff: true, expireInSeconds: 1800 },
  /** Takes the embedded database's nightly base backup, then removes the backups older than BACKUP_KEEP_DAYS need. */
  'base-backup': { retryLimit: 3, retryDelay: 600, retryBackoff: true, expireInSeconds: 6 * 3600 },
  /**
   * Compares the descriptions of applications sent in with their periods' others (server/signals/descriptions.ts):
   * queued by each send-in, and swept hourly for any a lost job left waiting. A run compares every description
   * waiting, so one job waiting is enough ('short': a send-in while one waits queues none). With a job for each
   * send-in, a deadline queued them faster than the worker takes them (one a turn): they piled up, and the worker
   * ran without pause, on runs that found nothing left to compare.
   */
  'signal-descriptions': { policy: 'short', retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 600 },
} satisfies Record<string, Omit<PgBoss.Queue, 'name'>>;

export type JobName = keyof typeof jobQueues;

export interface SendOptions {
  /** Not before this time. */
  startAfter?: Date;
  /** The caller's transaction: the job is stored with the change that caused it, or not at all. */
  via?: Db;
}

export interface Jobs {
  /** Answers the job's id. */
  send(name: JobName, data?: object, options?: SendOptions): Promise<string | null>;
  /** Runs `handler` for each job of the queue, in this process; a throw fails the job, which then retries. */
  work<T extends object>(name: JobName, handler: (data: T) => Promise<unknown>): Promise<void>;
  /** Repeats a job by a cron expression (Europe/Stockholm); one schedule per queue across every process. */
  schedule(name: JobName, cron: string): Promise<void>;
  /** Looks for jobs of the queue now rather than at the next poll, as after a transaction that sent one commits. */
  wake(name: JobName): void;
  stop(): Promise<void>;
}

export interface JobsOptions {
  db: Db;
  log: { warn(obj: unknown, msg?: string): void };
  /** Seconds between looks for new jobs (pg-boss's default is 2). */
  pollingIntervalSeconds?: number;
  /** Expiring jobs of dead processes and running cron schedules; off in the API tests, which run jobs themselves. */
  supervise?: boolean;
}

/** pg-boss speaks to PostgreSQL through this: the app's pool, or the caller's transaction. */
function executor(db: Db, track: <T>(work: Promise<T>) => Promise<T> = (work) => work): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = await track(db.executeQuery(CompiledQuery.raw(text, values ?? [])));
      return { rows: result.rows };
    },
  };
}

/** Starts the queue (creating or updating its schema) on the app's database. */
export async function startJobs({ db, log, pollingIntervalSeconds = 2, supervise = true }: JobsOptions): Promise<Jobs> {
  // What is under way: handlers, and the queue's own statements (it marks a job done or failed without awaiting that).
  // Stopping waits for all of it, so the pool is never closed under a statement.
  const pending = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    pending.add(work);
    work.then(
      () => pending.delete(work),
      () => pending.delete(work),
    );
    return work;
  };
  // Maintenance (which also retries the jobs of a process that died mid-way) every 30 s rather than pg-boss's 2 min.
  const boss = new PgBoss({
    db: executor(db, track),
    supervise,
    schedule: supervise,
    pollingIntervalSeconds,
    maintenanceIntervalSeconds: 30,
  });
  // Without a listener an 'error' event would end the process; a database that is away for a while is no reason to.
  boss.on('error', (error) => log.warn({ err: error }, 'job queue error'));
  // Processes starting together set the queue up one after the other: two creating the same queue deadlock.
  await withAdvisoryLock(db, 'job-queue-setup', async () => {
    await boss.start();
    for (const [name, options] of Object.entries(jobQueues)) {
      // Kept in step with the rules above, for a database whose queues an earlier version made.
      if (await boss.getQueue(name)) await boss.updateQueue(name, { name, ...options });
      else await boss.createQueue(name, { name, ...options });
    }
  });
  const workers = new Map<JobName, string[]>();

  return {
    async send(name, data = {}, { startAfter, via } = {}) {
      return boss.send(name, data, { ...jobQueues[name], startAfter, ...(via ? { db: executor(via) } : {}) });
    },
    async work<T extends object>(name: JobName, handler: (data: T) => Promise<unknown>) {
      const id = await boss.work<T>(name, { pollingIntervalSeconds }, ([job]) => track(handler(job.data)));
      workers.set(name, [...(workers.get(name) ?? []), id]);
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron, {}, { tz: 'Europe/Stockholm' });
    },
    wake(name) {
      for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
    },
    async stop() {
      // Jobs under way get a few seconds to finish; one cut short is run again (it expires and retries).
      await boss.stop({ graceful: true, timeout: 5000, close: false });
      // A handler that finished lets the queue mark its job on the next turn: wait for that too.
      const deadline = Date.now() + 10_000;
      while (pending.size && Date.now() < deadline) {
        await Promise.race([Promise.allSettled([...pending]), new Promise((resolve) => setTimeout(resolve, 1000))]);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
