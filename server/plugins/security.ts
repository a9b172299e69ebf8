import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Security headers, and the CSRF rule: a state change needs X-Requested-With and our own Origin. */
export async function registerSecurity(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: app.config.production ? [] : null,
      },
    },
    strictTransportSecurity: app.config.production,
    crossOriginEmbedderPolicy: false,
  });

  // Answers of the API carry personal data (or say who is signed in): no browser or proxy keeps them, unless a route
  // set its own rule for public data (the enumerations).
  const apiPrefix = `${app.config.apiPrefix}/`;
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(apiPrefix) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });

  const ownOrigin = new URL(app.config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') throw new AppError(403, 'errors.csrf');
    const origin = request.headers.origin;
    // Our origin is the configured PUBLIC_URL's, never what the request's own Host header claims.
    if (origin && origin !== ownOrigin) {
      throw new AppError(403, 'errors.csrf');
    }
  });
}
