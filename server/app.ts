import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import './types.js';
import type { Config } from './config.js';
import type { Db } from './db/connect.js';
import type { Mailer } from './mail/outbox.js';
import { registerAccess } from './plugins/access.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerI18n } from './plugins/i18n.js';
import { registerSecurity } from './plugins/security.js';
import applicantApplicationRoutes from './routes/applicantApplications.js';
import applicantAuthRoutes from './routes/applicantAuth.js';
import applicationFileRoutes from './routes/applicationFiles.js';
import applicationRoutes from './routes/applications.js';
import authRoutes from './routes/auth.js';
import clientRoutes from './routes/client.js';
import dashboardRoutes from './routes/dashboard.js';
import decisionRoutes from './routes/decisions.js';
import devMailboxRoutes from './routes/devMailbox.js';
import meRoutes from './routes/me.js';
import faqOrderRoutes from './routes/faqOrder.js';
import investigationRoutes from './routes/investigations.js';
import periodRoutes from './routes/periods.js';
import portalRoutes from './routes/portal.js';
import protocolRoutes from './routes/protocol.js';
import staffApplicationFormRoutes from './routes/staffApplicationForm.js';
import statisticsRoutes from './routes/statistics.js';
import resourceRoutes from './resources/routes.js';

export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
}

/** The whole HTTP application, without listening: main.ts listens, tests use app.inject. */
export async function buildApp({ config, db, mailer }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // Strict bodies: unknown fields are an error rather than silently dropped; every field error at once.
    ajv: { customOptions: { removeAdditional: false, allErrors: true, coerceTypes: 'array' } },
    bodyLimit: 1024 * 1024,
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('mailer', mailer);

  const docsPrefix = `${config.apiPrefix}/docs`;
  registerI18n(app);
  registerErrorHandling(app);
  await registerSecurity(app);
  await app.register(cookie);
  registerAccess(app, [docsPrefix]);

  await app.register(swagger, {
    openapi: {
      info: { title: `${config.productName} API`, version: config.apiPrefix.replace(/.*\/v/, '') },
      servers: [{ url: config.apiPrefix }],
    },
    // Paths in the document are relative to the server URL above.
    transform: ({ schema, url }) => ({ schema, url: url.startsWith(config.apiPrefix) ? url.slice(config.apiPrefix.length) : url }),
  });
  await app.register(swaggerUi, { routePrefix: docsPrefix, staticCSP: true });

  await app.register(
    async (api) => {
      await api.register(protocolRoutes);
      await api.register(authRoutes);
      await api.register(applicantAuthRoutes);
      await api.register(meRoutes);
      await api.register(dashboardRoutes);
      await api.register(faqOrderRoutes);
      await api.register(resourceRoutes);
      await api.register(periodRoutes);
      await api.register(portalRoutes);
      await api.register(applicationFileRoutes);
      await api.register(applicantApplicationRoutes);
      await api.register(investigationRoutes);
      await api.register(decisionRoutes);
      await api.register(applicationRoutes);
      await api.register(staffApplicationFormRoutes);
      await api.register(statisticsRoutes);
    },
    { prefix: config.apiPrefix },
  );
  if (!config.production) await app.register(devMailboxRoutes);
  await app.register(clientRoutes);
  return app;
}
