/**
 * The fetch every call goes through: it gives each idempotent POST an Idempotency-Key (docs/api.md,
 * "Idempotent requests") unless the caller set one, and retries a request that is safe to repeat
 * (a GET or HEAD, or the POST of an operation that takes a key) after a network failure, a 5xx or a 409
 * IDEMPOTENCY_KEY_IN_USE, with the same key, a few times with a growing pause (sdk/README.md, "Retries").
 * A retried POST with its key cannot make a second record: the server replays the first answer.
 */
import { OPERATIONS } from './generated/operations.js';

export interface RetryOptions {
  /** Retries after the first attempt (default 2, so at most 3 requests). 0 turns retries off. */
  maxRetries?: number;
  /** The first pause; each next one doubles, up to 2 s, with jitter (default 300 ms). */
  retryDelayMs?: number;
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const MAX_DELAY_MS = 2000;

/** Route templates of the operations the server declares the Idempotency-Key on, as patterns of a URL's path. */
const IDEMPOTENT_ROUTES = Object.values(OPERATIONS)
  .filter((operation) => operation.idempotent)
  .map((operation) => ({
    method: operation.method.toUpperCase(),
    pattern: new RegExp(`${operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));

export function isIdempotentRoute(method: string, url: string): boolean {
  const pathname = new URL(url).pathname;
  return IDEMPOTENT_ROUTES.some((route) => route.method === method && route.pattern.test(pathname));
}

export function retryingFetch(fetchImpl: (request: Request) => Promise<Response>, options: RetryOptions = {}) {
  const maxRetries = options.maxRetries ?? 2;
  const firstDelay = options.retryDelayMs ?? 300;
  return async (input: Request): Promise<Response> => {
    const idempotent = isIdempotentRoute(input.method, input.url);
    const request = idempotent ? withIdempotencyKey(input) : input;
    // A key on an operation the server does not declare it for is ignored there: such a POST is sent once.
    const repeatable = ['GET', 'HEAD'].includes(request.method) || idempotent;
    for (let attempt = 0; ; attempt++) {
      const last = !repeatable || attempt >= maxRetries;
      // A clone per attempt: the original's body stays unread for the next one.
      const outcome = await fetchImpl(last ? request : request.clone()).then(
        (response) => ({ response }),
        (error: unknown) => ({ error }),
      );
      if ('error' in outcome) {
        if (last || request.signal.aborted) throw outcome.error;
      } else if (last || !(await worthRetrying(outcome.response))) {
        return outcome.response;
      } else {
        // Frees the connection; not awaited: a cancel may wait on a clone's reader.
        outcome.response.body?.cancel().catch(() => undefined);
      }
      await pause(firstDelay, attempt);
    }
  };
}

/** Adds a fresh key to an idempotent operation's POST that has none, so its retries can carry it. */
function withIdempotencyKey(request: Request): Request {
  if (request.headers.has(IDEMPOTENCY_HEADER)) return request;
  const headers = new Headers(request.headers);
  headers.set(IDEMPOTENCY_HEADER, crypto.randomUUID());
  return new Request(request, { headers });
}

/** A 5xx, or a 409 saying the first request with this key is still running. */
async function worthRetrying(response: Response): Promise<boolean> {
  if (response.status >= 500) return true;
  if (response.status !== 409) return false;
  const body = (await response.clone().json().catch(() => undefined)) as { errorCode?: string } | undefined;
  return body?.errorCode === 'IDEMPOTENCY_KEY_IN_USE';
}

function pause(firstDelay: number, attempt: number): Promise<void> {
  const delay = Math.min(MAX_DELAY_MS, firstDelay * 2 ** attempt) * (0.5 + Math.random() / 2);
  return new Promise((resolve) => setTimeout(resolve, delay));
}
