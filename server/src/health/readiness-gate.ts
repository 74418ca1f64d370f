import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { ErrorBodyDto } from '../common/error-body.js';
import type { AppConfig } from '../config/app-config.js';
import { servesApi } from '../config/process-role.js';
import type { Readiness } from './readiness.js';

/** The routes every process answers, ready or not: the health routes, and the metrics a scraper reads. */
const ALWAYS_ANSWERED = /^\/(?:api\/v1\/health(?:\/|\?|$)|metrics(?:\/|\?|$)|api\/v1\/metrics(?:\/|\?|$))/;

/** Says which 503 this is: the balancer may send the request to another replica (deploy/nginx/scholarmatch.conf). */
export const NOT_READY_HEADER = 'x-not-ready';

/**
 * Turns requests away, before any work, from a process that should not serve them
 * (docs/operations.md, "Readiness" and "Process roles"):
 * - a `worker` process serves no API: 503 to everything but the routes above;
 * - a process that is not ready (its last readiness probe failed) answers 503 at once, without
 *   touching the database, so a balancer without health checks of its own (Debian's nginx) passes
 *   the request to another replica instead of letting it wait for a database that is not there.
 * A ready process pays one boolean test per request.
 */
export function registerReadinessGate(fastify: FastifyInstance, readiness: Readiness, config: AppConfig): void {
  if (!servesApi(config)) {
    fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      if (ALWAYS_ANSWERED.test(request.url)) return done();
      refuse(reply, 'This process runs background jobs only (PROCESS_ROLE=worker): it serves no API.', 'WORKER_ONLY');
    });
    return;
  }
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (readiness.ready || ALWAYS_ANSWERED.test(request.url)) return done();
    const problems = readiness.current.problems;
    refuse(reply, `This server is not ready: ${problems.map((problem) => problem.message).join(' ')} Please try again in a moment.`, 'NOT_READY');
  });
}

function refuse(reply: FastifyReply, description: string, errorCode: string): void {
  const body: ErrorBodyDto = { statusCode: 503, error: 'Service Unavailable', message: 'Service Unavailable', description, errorCode };
  void reply.code(503).header(NOT_READY_HEADER, '1').header('retry-after', '1').send(body);
}
