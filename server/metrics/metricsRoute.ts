import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { notFound, unauthenticated } from '../errors.js';

/**
 * GET /metrics on the app's port, for a scraper holding METRICS_TOKEN. Without the setting it answers 404 (rather
 * than the portal's page): the metrics are then on METRICS_PORT, or nowhere. Not a route of the API document.
 */
export function metricsRoute(app: FastifyInstance, registry: Registry) {
  const { metricsToken } = app.config;
  // Anonymous to the access plugin, which knows sessions only: the handler checks the scraper's token itself.
  app.get('/metrics', { config: { access: 'anonymous' }, schema: { hide: true } }, async (request, reply) => {
    if (!metricsToken) throw notFound();
    if (!bearerIs(request.headers.authorization, metricsToken)) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw unauthenticated();
    }
    const text = await registry.metrics();
    return reply.type(registry.contentType).header('Cache-Control', 'no-store').send(text);
  });
}

/** Compared as hashes of one length in constant time: the time taken tells nothing of how much of the token was right. */
function bearerIs(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1] ?? '';
  const hash = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(hash(given), hash(token));
}
