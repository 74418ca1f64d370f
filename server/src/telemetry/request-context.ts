import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * What every log line written on behalf of one request (or of a job it queued) carries: the
 * request id, and the signed-in person once the auth guard knows them (docs/operations.md,
 * "Traces and logs"). One mutable record per request, shared by every asynchronous step of it.
 */
export interface RequestContext {
  requestId: string;
  userId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The context of the request (or job) this code runs for; undefined outside one (start-up, cron jobs). */
export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Runs `fn` (and everything it starts) as part of `context`. */
export function runInRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** Records who the current request acts for, once the auth guard has resolved them. */
export function noteUser(userId: string): void {
  const context = storage.getStore();
  if (context) context.userId = userId;
}

/**
 * An incoming X-Request-Id is kept when it is 1-128 characters of letters, digits, `.`, `_` and
 * `-`: enough for UUIDs and the ids of common proxies, and nothing that could forge a log line
 * or a header. Anything else is replaced by a fresh id.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}
