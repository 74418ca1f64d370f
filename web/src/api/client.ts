import createClient from 'openapi-fetch';
import { authMiddleware } from '../session/auth-middleware';
import { fetchWithTimeout } from './request-timeout';
import type { paths } from '@scholarmatch/sdk/schema';

/**
 * The typed API client. Paths and bodies come from `schema.d.ts`, generated from the server's
 * OpenAPI document, so a renamed route or field breaks the build instead of the page.
 * Same-origin: Vite proxies `/api` in development and the server serves the app in production.
 * Every call carries the signed-in person's access token (session/auth-middleware.ts) and is given
 * up after the original 120 s with a RequestTimeoutError (api/request-timeout.ts).
 */
export const api = createClient<paths>({ baseUrl: globalThis.location?.origin ?? '', fetch: fetchWithTimeout });
api.use(authMiddleware);
