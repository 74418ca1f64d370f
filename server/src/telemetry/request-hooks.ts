import { context, propagation, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { redactedUrl } from '../common/redacted-url.js';
import { type RequestContext, runInRequestContext } from './request-context.js';
import { activeTracing, tracer, tracingEnabled } from './tracing.js';

const REQUEST_ID_HEADER = 'x-request-id';

interface Traced {
  requestContext: RequestContext;
  span?: Span;
}

const TRACED = Symbol('traced');
type TracedRequest = FastifyRequest & { [TRACED]?: Traced };

/**
 * Per request: its id goes back in the X-Request-Id header, and the rest of the request runs in
 * its RequestContext (so every log line carries the id: telemetry/context-logger.ts) and, when
 * tracing is on, inside a SERVER span named by the route's template ("GET
 * /api/v1/scholarships/:id"), a child of the caller's traceparent if it sent one.
 *
 * The context is entered twice: in onRequest, and again in preHandler, because Fastify reads a
 * body on the request stream's events, which run outside the context onRequest entered.
 */
export function registerRequestHooks(fastify: FastifyInstance): void {
  const tracing = tracingEnabled();

  fastify.addHook('onRequest', (request: TracedRequest, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    const traced: Traced = { requestContext: { requestId: request.id } };
    request[TRACED] = traced;
    if (!tracing) return runInRequestContext(traced.requestContext, done);
    const route = request.routeOptions.url;
    const parent = propagation.extract(context.active(), request.headers);
    const span = tracer().startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          ...(route ? { 'http.route': route } : {}),
          ...urlAttributes(request.url),
          'request.id': request.id,
        },
      },
      parent,
    );
    traced.span = span;
    context.with(trace.setSpan(parent, span), () => runInRequestContext(traced.requestContext, done));
  });

  fastify.addHook('preHandler', (request: TracedRequest, _reply, done) => {
    const traced = request[TRACED];
    if (!traced) return done();
    if (!traced.span) return runInRequestContext(traced.requestContext, done);
    context.with(trace.setSpan(context.active(), traced.span), () => runInRequestContext(traced.requestContext, done));
  });

  if (!tracing) return;

  fastify.addHook('onResponse', (request: TracedRequest, reply, done) => {
    const traced = request[TRACED];
    const span = traced?.span;
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (traced.requestContext.userId) span.setAttribute('enduser.id', traced.requestContext.userId);
      // Server spans are errors for 5xx only: a 4xx is the caller's mistake, answered as designed.
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
  // A client that goes away before the answer: the span ends here, as onResponse will not run.
  fastify.addHook('onRequestAbort', (request: TracedRequest, done) => {
    const span = request[TRACED]?.span;
    span?.setAttribute('http.request.aborted', true);
    span?.end();
    done();
  });
  fastify.addHook('onError', (request: TracedRequest, _reply, error, done) => {
    request[TRACED]?.span?.recordException(error);
    done();
  });
  fastify.addHook('onClose', async () => {
    await activeTracing()?.flush();
  });
}

/** The path, and the query without the values of secret parameters (a chat's id: common/redacted-url.ts). */
function urlAttributes(url: string): Record<string, string> {
  const redacted = redactedUrl(url);
  const start = redacted.indexOf('?');
  return start < 0 ? { 'url.path': redacted } : { 'url.path': redacted.slice(0, start), 'url.query': redacted.slice(start + 1) };
}
