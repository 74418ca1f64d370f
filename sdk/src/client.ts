/**
 * `createClient({ baseUrl, apiKey })`: every operation of docs/openapi.json by its operationId
 * (`sdk.listApplicants({ id })`), typed from the generated schema, plus the path-based openapi-fetch
 * client as `sdk.http` for anything else. Every request carries `Authorization: Bearer <apiKey>` and
 * goes through the retrying fetch (src/retry.ts), which adds and reuses Idempotency-Keys.
 */
import createFetchClient, { type Client, type FetchResponse } from 'openapi-fetch';
import { CALL_OPTION_NAMES } from './call-options.js';
import { ScholarMatchError } from './errors.js';
import { OPERATIONS } from './generated/operations.js';
import type { operations, paths } from './generated/schema.js';
import { IDEMPOTENCY_HEADER, retryingFetch, type RetryOptions } from './retry.js';

export interface ClientOptions extends RetryOptions {
  /** Where the server is, e.g. `http://localhost:3000` (without `/api/v1`). */
  baseUrl: string;
  /** An API key (`smk_live_…`) or a session's access token: both go in `Authorization: Bearer`. */
  apiKey?: string;
  /** Headers added to every request. */
  headers?: Record<string, string>;
  /** A fetch of your own (a proxy agent, a test's fault injection); default `globalThis.fetch`. */
  fetch?: (request: Request) => Promise<Response>;
}

export type OperationName = keyof typeof OPERATIONS;

type Defined<T> = Exclude<T, undefined>;
/**
 * One kind of an operation's parameters (`path`, `query`), or nothing when it has none
 * (openapi-typescript writes `query?: never`; a kind is optional only when all its keys are).
 */
type ParametersIn<N extends OperationName, Where extends string> = operations[N] extends { parameters: infer P }
  ? Where extends keyof P
    ? [Defined<P[Where]>] extends [never]
      ? unknown
      : Defined<P[Where]>
    : unknown
  : unknown;
type JsonBody<N extends OperationName> = operations[N] extends { requestBody: { content: { 'application/json': infer B } } }
  ? { body: B }
  : operations[N] extends { requestBody?: { content: { 'application/json': infer B } } }
    ? { body?: B }
    : unknown;

/** What every named call also takes. */
export interface CallOptions {
  /** Your own key for an idempotent POST (default: a new UUID per call, kept across its retries). */
  idempotencyKey?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A named call's one argument: its path and query parameters side by side, its JSON `body`, and the options. */
export type CallArguments<N extends OperationName> = ParametersIn<N, 'path'> & ParametersIn<N, 'query'> & JsonBody<N> & CallOptions;
/** What a named call resolves with: the success body (the server's `{ statusCode, message?, data }` envelope). */
export type CallResult<N extends OperationName> = NonNullable<FetchResponse<operations[N], object, `${string}/${string}`>['data']>;

type NamedCall<N extends OperationName> = {} extends CallArguments<N>
  ? (args?: CallArguments<N>) => Promise<CallResult<N>>
  : (args: CallArguments<N>) => Promise<CallResult<N>>;

export type ScholarMatchClient = { [N in OperationName]: NamedCall<N> } & {
  /** The path-based client (`sdk.http.GET('/api/v1/…', { params })`), answering `{ data, error, response }`. */
  http: Client<paths>;
};

export function createClient(options: ClientOptions): ScholarMatchClient {
  const http = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { ...options.headers, ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}) },
    fetch: retryingFetch(options.fetch ?? ((request) => globalThis.fetch(request)), options),
  });
  const named = Object.fromEntries(
    Object.keys(OPERATIONS).map((name) => [name, (args?: Record<string, unknown>) => callByName(http, name as OperationName, args ?? {})]),
  );
  return { ...named, http } as ScholarMatchClient;
}

/** One named call: its arguments split into path and query parameters, sent, and its answer's body or a ScholarMatchError. */
async function callByName(http: Client<paths>, name: OperationName, args: Record<string, unknown>): Promise<unknown> {
  const operation = OPERATIONS[name];
  const pathNames = new Set([...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]));
  const path: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (CALL_OPTION_NAMES.has(key)) continue;
    (pathNames.has(key) ? path : query)[key] = value;
  }
  const headers = { ...(args.headers as Record<string, string> | undefined) };
  if (typeof args.idempotencyKey === 'string') headers[IDEMPOTENCY_HEADER] = args.idempotencyKey;
  // The typed surface is CallArguments; here the operation is only known at run time.
  const untyped = http as unknown as { request: (method: string, url: string, init: object) => Promise<{ data?: unknown; error?: unknown; response: Response }> };
  const { data, error, response } = await untyped.request(operation.method, operation.path, {
    params: { path, query },
    body: args.body,
    headers,
    signal: args.signal as AbortSignal | undefined,
  });
  // openapi-fetch has read an error's body already: JSON when it was, else its text.
  if (!response.ok) throw new ScholarMatchError(response.status, error);
  return data;
}
