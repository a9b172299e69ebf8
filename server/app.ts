import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import './types.js';
import { loadAuthKeys } from './auth/secrets.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/connect.js';
import type { Jobs } from './jobs/queue.js';
import type { Mailer } from './mail/outbox.js';
import { backupStatus as readBackupStatus } from './backups/status.js';
import type { BackupStatus } from './metrics/backupGauges.js';
import { registerMetrics } from './metrics/registerMetrics.js';
import { registerAccess } from './plugins/access.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerI18n } from './plugins/i18n.js';
import { registerJsonBody } from './plugins/jsonBody.js';
import { createLogger, registerRequestIdHeader, requestId, requestLogger } from './plugins/logging.js';
import { ajvSettings, schemaController } from './plugins/schemaValidators.js';
import { registerSecurity } from './plugins/security.js';
import { registerTextRule } from './plugins/textRule.js';
import { apiRoutes, siteRoutes } from './routes/index.js';
import type { FileStorage } from './uploads/storage.js';

export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  jobs: Jobs;
  clock: Clock;
  storage: FileStorage;
  /** The process's logger (main.ts's, which its start and its jobs write to as well); else one at the settings' level. */
  log?: FastifyBaseLogger;
  /** The backups' state for the metrics; without it, the embedded database's backups in BACKUP_DIR when there are any. */
  backupStatus?: BackupStatus;
}

/** The whole HTTP application, without listening: main.ts listens, tests use app.inject. */
export async function buildApp({ config, db, mailer, jobs, clock, storage, backupStatus, log }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // One JSON line per event, each of a request carrying its id (reqId), which the answer names in X-Request-Id.
    loggerInstance: log ?? createLogger(config.logLevel),
    requestIdHeader: false,
    genReqId: requestId,
    childLoggerFactory: requestLogger,
    // Strict schemas, and a JSON body's fields of their own types: no "100" for 100 (server/plugins/schemaValidators.ts).
    ajv: ajvSettings,
    schemaController,
    bodyLimit: 1024 * 1024,
    // Behind the proxies of TRUST_PROXY, request.ip is the client X-Forwarded-For names; without it, the connection's.
    trustProxy: config.trustProxy,
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('mailer', mailer);
  app.decorate('jobs', jobs);
  app.decorate('clock', clock);
  app.decorate('storage', storage);
  app.decorate('authKeys', loadAuthKeys(config));

  const docsPrefix = `${config.apiPrefix}/docs`;
  registerRequestIdHeader(app);
  registerI18n(app);
  registerErrorHandling(app);
  registerJsonBody(app);
  await registerSecurity(app);
  await app.register(cookie);
  registerAccess(app, [docsPrefix]);
  registerTextRule(app);
  registerMetrics(app, { backupStatus: backupStatus ?? (config.backupDir ? backupTimes(db, config.backupDir) : undefined) });

  await app.register(swagger, {
    openapi: {
      info: { title: `${config.productName} API`, version: config.apiPrefix.replace(/.*\/v/, '') },
      servers: [{ url: config.apiPrefix }],
    },
    // Paths in the document are relative to the server URL above.
    transform: ({ schema, url }) => ({ schema, url: url.startsWith(config.apiPrefix) ? url.slice(config.apiPrefix.length) : url }),
  });
  await app.register(swaggerUi, { routePrefix: docsPrefix, staticCSP: true });

  await app.register(apiRoutes, { prefix: config.apiPrefix });
  await siteRoutes(app, config);
  return app;
}

/** The backups' times as the metrics read them. */
function backupTimes(db: Db, backupDir: string): BackupStatus {
  const date = (at: string | null) => (at ? new Date(at) : null);
  return async () => {
    const status = await readBackupStatus(db, backupDir, new Date());
    return { lastBaseBackupAt: date(status.last_base_backup_at), lastArchivedWalAt: date(status.last_archived_wal_at) };
  };
}
