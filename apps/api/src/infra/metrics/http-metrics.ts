import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Every answered request into husly_http_request_duration_seconds, labelled with its route's template
 * (`/api/dwellings/:id`, the page renderer's wildcard), never the URL itself: a label per URL would
 * grow without bound. A request no route matched counts as `unmatched`.
 */
export function registerHttpMetrics(fastify: FastifyInstance, metrics: Metrics): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.http.observe(
      { method: METHODS.has(request.method) ? request.method : 'OTHER', route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
