import { RequestTimeoutError } from './api-error';

/**
 * How long the browser waits for any call to the API before giving up: the original request timeout
 * (as in the original product). The API client, the session's own calls, option searches,
 * validator modules and uploads (XMLHttpRequest's `timeout`) all use this one value.
 */
export const REQUEST_TIMEOUT_MS = 120_000;

/**
 * `fetch`, given up after REQUEST_TIMEOUT_MS with a RequestTimeoutError. The deadline covers the
 * whole exchange, the body's download included, so the timer is left to run out rather than
 * cleared when the headers arrive (aborting a finished exchange does nothing). The caller's own
 * signal (a newer search, a query TanStack cancels) still aborts it with the caller's reason.
 */
export async function fetchWithTimeout(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const callerSignal = init.signal ?? (input instanceof Request ? input.signal : undefined);
  const controller = new AbortController();
  const forward = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) forward();
  else callerSignal?.addEventListener('abort', forward, { once: true });
  setTimeout(() => controller.abort(new RequestTimeoutError()), REQUEST_TIMEOUT_MS);
  try {
    return await fetch(input, { ...init, signal: controller.signal });
  } catch (error) {
    // However the platform words an abort, the timeout is reported as ours.
    if (controller.signal.reason instanceof RequestTimeoutError) throw controller.signal.reason;
    throw error;
  }
}

/**
 * Gives up waiting for work that cannot be aborted (a dynamic `import()` of a validator module)
 * after REQUEST_TIMEOUT_MS, with a RequestTimeoutError.
 */
export function withinRequestTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RequestTimeoutError()), REQUEST_TIMEOUT_MS);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
