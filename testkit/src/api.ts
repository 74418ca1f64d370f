/**
 * One way to call the API for the data builders, whatever carries the request: `fetch` to a
 * server process, or a spec's in-process `app.inject` (server/test/accounts-helpers.ts).
 */

/** What the builders read of an answer. `any`: each caller reads the fields it checks. */
export interface ApiAnswer {
  status: number;
  body: any;
}

export interface ApiCallOptions {
  body?: unknown;
  token?: string;
  /** The client address, where the transport can choose it (in-process calls). */
  ip?: string;
}

/** A JSON call to `path` under /api/v1. */
export type ApiCall = (method: string, path: string, options?: ApiCallOptions) => Promise<ApiAnswer>;

/** JSON calls to a server at `baseUrl` over HTTP. */
export function fetchApi(baseUrl: string): ApiCall {
  return async (method, path, options = {}) => {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: kept as text */
    }
    return { status: response.status, body };
  };
}

/** Calls and throws unless the answer has the `expected` status (a builder's step that must work). */
export async function expectStatus(call: ApiCall, expected: number, method: string, path: string, options?: ApiCallOptions): Promise<ApiAnswer> {
  const answer = await call(method, path, options);
  if (answer.status !== expected) {
    throw new Error(`${method} ${path}: expected ${expected}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer;
}
