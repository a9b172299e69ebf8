import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { isEmailAddress } from '../resources/validators.js';
import './types.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/connect.js';
import type { Jobs } from './jobs/queue.js';
import type { Mailer } from './mail/outbox.js';
import { registerAccess } from './plugins/access.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerI18n } from './plugins/i18n.js';
import { registerJsonBody } from './plugins/jsonBody.js';
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
}

/** The whole HTTP application, without listening: main.ts listens, tests use app.inject. */
export async function buildApp({ config, db, mailer, jobs, clock, storage }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // Strict bodies: unknown fields are an error rather than silently dropped; every field error at once. `binary` is
    // how the API document names a multipart body's file (OpenAPI); the handler reads and checks the file itself.
    ajv: {
      customOptions: { removeAdditional: false, allErrors: true, coerceTypes: 'array', formats: { binary: true } },
      // After ajv-formats, whose ASCII-only `email` refused addresses the forms accept ('test.åsa@example.se'): the
      // schemas' `format: 'email'` is the one rule of resources/validators.ts.
      onCreate: (ajv) => ajv.addFormat('email', { type: 'string', validate: isEmailAddress }),
    },
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

  const docsPrefix = `${config.apiPrefix}/docs`;
  registerI18n(app);
  registerErrorHandling(app);
  registerJsonBody(app);
  await registerSecurity(app);
  await app.register(cookie);
  registerAccess(app, [docsPrefix]);
  registerTextRule(app);

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
