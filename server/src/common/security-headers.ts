import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isSeedAddress } from './addresses.js';

/**
 * Helmet's security headers, computed once. Helmet's headers depend only on its options, yet the
 * Fastify plugin rebuilds the middleware (and re-parses the CSP) on every request, which cost more
 * than half the throughput of our cached form endpoints. Same headers, computed at start.
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, response, () => undefined);
  return headers;
}

/**
 * JSON API responses are never rendered as documents, so they carry the short set the OWASP REST
 * Security Cheat Sheet recommends (a CSP that forbids everything, no framing, no sniffing, HSTS)
 * instead of the page policy: fewer bytes on the hottest responses, same protection.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

const API_PREFIX = '/api/v1/';
/** Under the API prefix but a page a person reads: the sandbox provider's hosted checkout (docs/payments.md). */
const PAGES_UNDER_API = '/api/v1/sandbox-checkout/';

const isApi = (url: string) => (url.startsWith(API_PREFIX) && !url.startsWith(PAGES_UNDER_API)) || isSeedAddress(url);

/** Pages, assets and Swagger UI get helmet's full set; `/api/v1/` JSON (and the original addresses under `/api/`) gets the API set. */
export function addSecurityHeaders(fastify: FastifyInstance, pageOptions: HelmetOptions): void {
  const pageHeaders = computeSecurityHeaders(pageOptions);
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApi(request.url) ? API_HEADERS : pageHeaders);
    done();
  });
}
