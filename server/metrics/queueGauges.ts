import { sql } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/connect.js';
import { jobQueues } from '../jobs/queue.js';
import { whileReachable } from './whileReachable.js';

/** pg-boss's states as the gauge names them: a job to retry waits as a new one does. */
const jobStates = { created: 'waiting', retry: 'waiting', active: 'active', failed: 'failed' } as const;

/** The jobs of each queue by state, counted in pg-boss's table (which keeps finished jobs only until it archives them). */
export function watchQueues(db: Db, registry: Registry) {
  new Gauge({
    name: 'job_queue_jobs',
    help: 'Jobs of each queue: waiting (new or to retry), active, failed (until pg-boss archives them)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      await whileReachable(
        async () => {
          const { rows } = await sql<{ name: string; state: keyof typeof jobStates; count: number }>`
            SELECT name, state, count(*) AS count FROM pgboss.job
            WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY name, state`.execute(db);
          this.reset();
          // Every queue and state has a series, at 0 when it holds no job.
          for (const queue of Object.keys(jobQueues)) {
            for (const state of Object.values(jobStates)) this.set({ queue, state }, 0);
          }
          for (const row of rows) this.inc({ queue: row.name, state: jobStates[row.state] }, row.count);
        },
        () => this.reset(),
      );
    },
  });
}
