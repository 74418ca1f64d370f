import { context, type Link, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { currentRequestContext, runInRequestContext } from './request-context.js';
import { tracer } from './tracing.js';

/**
 * A job queued while a request runs keeps where it came from in its data under this key: the
 * request's id and user (its log lines carry them too) and, when tracing is on, the W3C trace
 * context of the request's span, which the job's span links to (docs/operations.md, "Traces and logs").
 */
export const ORIGIN_KEY = '_origin';

interface Origin {
  requestId?: string;
  userId?: string;
  traceparent?: string;
  tracestate?: string;
}

/** The job's data with the current request's origin added (the data as it was outside a request and span). */
export function withOrigin<T extends object>(data: T): T {
  const request = currentRequestContext();
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  if (!request && !carrier.traceparent) return data;
  const origin: Origin = {
    ...(request ? { requestId: request.requestId } : {}),
    ...(request?.userId ? { userId: request.userId } : {}),
    ...(carrier.traceparent ? { traceparent: carrier.traceparent } : {}),
    ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}),
  };
  return { ...data, [ORIGIN_KEY]: origin };
}

/**
 * Runs a job's handler on its data without the origin, inside a CONSUMER span (a new trace, linked
 * to the span of the request that queued it) and, if a request queued it, in that request's
 * context, so the job's log lines carry its request id.
 */
export async function runWithOrigin<T extends object>(queue: string, jobId: string, stored: T, handler: (data: T) => Promise<void>): Promise<void> {
  const { [ORIGIN_KEY]: carried, ...data } = stored as T & { [ORIGIN_KEY]?: Origin };
  const origin = typeof carried === 'object' && carried !== null ? carried : undefined;
  const links: Link[] = [];
  if (origin?.traceparent) {
    const linked = trace.getSpanContext(propagation.extract(context.active(), { traceparent: origin.traceparent, tracestate: origin.tracestate }));
    if (linked) links.push({ context: linked });
  }
  const run = () =>
    tracer().startActiveSpan(
      `job ${queue}`,
      {
        kind: SpanKind.CONSUMER,
        root: true,
        links,
        attributes: { 'messaging.system': 'pg-boss', 'messaging.destination.name': queue, 'messaging.message.id': jobId, ...(origin?.requestId ? { 'request.id': origin.requestId } : {}) },
      },
      async (span) => {
        try {
          await handler(data as T);
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR });
          if (error instanceof Error) span.recordException(error);
          throw error;
        } finally {
          span.end();
        }
      },
    );
  return origin?.requestId ? runInRequestContext({ requestId: origin.requestId, userId: origin.userId }, run) : run();
}
