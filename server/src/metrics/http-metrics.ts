import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics.js';

/** The methods a route can have; anything else (WebDAV verbs and the like) is counted as one value. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const STATUS_CLASSES = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

/**
 * Times every response by its route template (Fastify's `routeOptions.url`, e.g.
 * `/api/v1/scholarships/:id`), never its path: ids and unknown addresses cannot add series. A
 * request no route matched (the not-found handler) is `route="unmatched"`. One hook, run after
 * the response is sent, that reads Fastify's own clock (`elapsedTime`): no timer of its own.
 */
export function registerHttpMetrics(fastify: FastifyInstance, metrics: Metrics): void {
  const histogram = metrics.httpDuration;
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const status = reply.statusCode;
    histogram.observe(
      {
        method: METHODS.has(request.method) ? request.method : 'OTHER',
        route: routeOf(request),
        status_class: STATUS_CLASSES[Math.floor(status / 100)] ?? '5xx',
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/**
 * The template of the route that answered. Fastify's not-found handler has no URL of its own; the
 * static files' wildcard and the SPA fallback are one template each.
 */
function routeOf(request: FastifyRequest): string {
  const url = request.routeOptions.url;
  return url === undefined || request.is404 ? 'unmatched' : url;
}
