import type { FieldError } from '@scholarmatch/schemas';
import { ApiError } from '../common/error-body.js';

/** At most this many sites per organisation: a CSP header stays short, and no sponsor has more. */
export const MAX_EMBED_ORIGINS = 20;
const MAX_ORIGIN_LENGTH = 200;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/**
 * What may stand in a `frame-ancestors` source: a scheme, a host of letters, digits, dots and
 * hyphens (or the IPv6 loopback), an optional port. Nothing else reaches the header, so no value
 * can add a directive (`;`), a second source (` `) or a wildcard.
 */
const SAFE_ORIGIN = /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[::1\])(?::\d{1,5})?$/;

export const ORIGIN_RULE =
  "Enter a site's address as scheme://host[:port], e.g. https://www.example.org: https, no path, query or wildcard (http only for localhost or 127.0.0.1 during development).";

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname);
}

/** One site's address as its origin (`https://www.example.org`), or undefined when it is not one the card may be framed by. */
export function embedOriginOf(value: string, loopbackAllowed: boolean): string | undefined {
  const text = value.trim();
  if (!text || text.length > MAX_ORIGIN_LENGTH || !/^https?:\/\//i.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash || text.endsWith('?') || text.endsWith('#')) return undefined;
  const loopback = isLoopbackHost(url.hostname);
  if (url.protocol === 'http:' && !(loopback && loopbackAllowed)) return undefined;
  if (!loopback && !url.hostname.includes('.')) return undefined;
  return SAFE_ORIGIN.test(url.origin) ? url.origin : undefined;
}

/**
 * The organisation's list as it will be stored: each entry an origin, in the order given, once.
 * Any entry that is not an origin is a 400 naming it at `origins.{index}`.
 */
export function embedOriginsOf(values: readonly string[], loopbackAllowed: boolean): string[] {
  if (values.length > MAX_EMBED_ORIGINS) {
    throw new ApiError(400, `List at most ${MAX_EMBED_ORIGINS} sites.`, { errorCode: 'TOO_MANY_ORIGINS', errors: [{ path: 'origins', message: `List at most ${MAX_EMBED_ORIGINS} sites.` }] });
  }
  const errors: FieldError[] = [];
  const origins = values.map((value, index) => {
    const origin = embedOriginOf(value, loopbackAllowed);
    if (!origin) errors.push({ path: `origins.${index}`, message: ORIGIN_RULE });
    return origin;
  });
  if (errors.length) {
    const first = String(values[Number(errors[0].path.split('.')[1])]).slice(0, 80);
    throw new ApiError(400, `"${first}" is not a site address the card can be shown on. ${ORIGIN_RULE}`, { errorCode: 'INVALID_ORIGIN', errors });
  }
  return [...new Set(origins as string[])];
}

/** The card's `frame-ancestors` sources: the organisation's origins, or 'none' when it lists none. */
export function frameAncestorsOf(origins: readonly string[]): string {
  const safe = origins.filter((origin) => SAFE_ORIGIN.test(origin));
  return safe.length ? safe.join(' ') : "'none'";
}
