import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { watchBackups, type BackupStatus } from './backupGauges.js';
import { metricsRoute } from './metricsRoute.js';
import { watchOutbox } from './outboxGauges.js';
import { watchPool } from './poolGauges.js';
import { processMetrics } from './processMetrics.js';
import { watchQueues } from './queueGauges.js';
import { timeRequests } from './requestMetrics.js';

export interface MetricsOptions {
  /** The backups' state, from whoever takes them; without it the backup gauges are left out. */
  backupStatus?: BackupStatus;
}

/**
 * The app's metrics in Prometheus's text format: its requests, job queues, outbox, database pool and backups beside
 * the process's own. `app.metrics` is the registry, which GET /metrics and METRICS_PORT's listener both serve.
 */
export function registerMetrics(app: FastifyInstance, { backupStatus }: MetricsOptions = {}) {
  const own = new Registry();
  timeRequests(app, own);
  watchQueues(app.db, own);
  watchOutbox(app.db, own);
  watchPool(app.db, own);
  if (backupStatus) watchBackups(backupStatus, own);
  const registry = Registry.merge([processMetrics(), own]);
  app.decorate('metrics', registry);
  metricsRoute(app, registry);
}
