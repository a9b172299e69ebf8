import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * helmet's security headers, worked out once: they depend on the configuration alone (no directive is a function of
 * the request). Fastify's helmet plugin built helmet's middleware afresh on every request, parsing the content
 * security policy each time, a measurable part of a list page's CPU (bench/load.ts).
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = { setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = String(value)), removeHeader: () => {} };
  // helmet throws on a wrong option (it no longer passes the error on).
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** Security headers, and the CSRF rule: a state change needs X-Requested-With and our own Origin. */
export async function registerSecurity(app: FastifyInstance) {
  const headers = securityHeaders({
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
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
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
