import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

/** From a few milliseconds (a cached enumeration) to half a minute (a large export). */
const BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Every answer of the app, timed: the histogram's `_count` is the number of requests by route and status. */
export function timeRequests(app: FastifyInstance, registry: Registry) {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: BUCKETS_SECONDS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's template (`/api/v1/applications/:uuid`), never the URL: no id or personal data in a label, and a
    // series per route rather than per address. A request no route matched has none.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
  });
}
