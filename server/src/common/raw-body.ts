import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './error-body.js';

/** Routes whose handlers need the exact bytes of a JSON body: payment webhooks, whose signature covers them. */
const RAW_JSON_PREFIX = '/api/v1/payments/webhooks/';
/** The only route that takes an HTML form post: the sandbox checkout page's Pay button. */
const FORM_POST_PATTERN = /^\/api\/v1\/sandbox-checkout\/[^/?]+\/pay(\?|$)/;

const RAW = Symbol('rawBody');
type WithRaw = FastifyRequest & { [RAW]?: string };

/**
 * JSON is parsed by Fastify's own (prototype-poisoning-safe) parser as before, except on the
 * webhook routes, whose text is kept as it came for the signature check and parsed after it. URL-encoded bodies are read only on the sandbox's form post and
 * refused with 415 everywhere else, as before.
 */
export function registerBodyParsers(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // A webhook is read by its provider's adapter, after its signature over these bytes is checked.
    if (request.url.startsWith(RAW_JSON_PREFIX)) {
      (request as WithRaw)[RAW] = body as string;
      done(null, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (request, body, done) => {
    if (!FORM_POST_PATTERN.test(request.url)) {
      done(new ApiError(415, 'This content type is not supported; send JSON (application/json).', { errorCode: 'UNSUPPORTED_MEDIA_TYPE' }), undefined);
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** The exact JSON text of a webhook route's request ('' when there was no body). */
export function rawBodyOf(request: FastifyRequest): string {
  return (request as WithRaw)[RAW] ?? '';
}
