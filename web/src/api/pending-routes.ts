import type { Client } from 'openapi-fetch';
import { api } from './client';
import type { components } from './schema';

type JsonContent<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } };

/**
 * One operation of a route the server is adding in issue 6, in the shape openapi-typescript
 * generates, so the calls read the same before and after `npm run api-types`.
 * Replace with the generated paths once the server's OpenAPI has them.
 */
export type PendingOperation<Data, Path = never, Body = never, Query = never> = {
  parameters: { query?: Query; header?: never; cookie?: never } & ([Path] extends [never] ? { path?: never } : { path: Path });
  responses: {
    200: JsonContent<{ statusCode: number; message?: string; data: Data }>;
    default: JsonContent<components['schemas']['ErrorBodyDto']>;
  };
} & ([Body] extends [never] ? { requestBody?: never } : { requestBody: { content: { 'application/json': Body } } });

/**
 * The app's one client (the same object, with its auth middleware and test spies), typed for
 * routes that are not in schema.d.ts yet.
 */
export function pendingClient<Paths extends {}>(): Client<Paths> {
  return api as unknown as Client<Paths>;
}
