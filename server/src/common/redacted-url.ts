/**
 * Query parameters whose value is a capability: whoever has it may act with it, so no log may
 * keep it. `id` is a chat's id, which alone continues the chat (docs/chat.md, "Sessions");
 * `code` and `state` are the social sign-in's authorisation code and its check (docs/chat.md,
 * "Social sign-in").
 */
const SECRET_QUERY_PARAMETERS = new Set(['id', 'code', 'state']);

export const REDACTED = '[redacted]';

function nameOf(pair: string): string {
  const name = pair.split('=')[0].replace(/\+/g, ' ');
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * A request URL as logs may keep it: the value of every secret query parameter replaced by
 * `[redacted]`, whatever its letter case or percent-encoding of the name; the rest as it came.
 */
export function redactedUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const end = url.indexOf('#', start);
  const query = url.slice(start + 1, end < 0 ? undefined : end);
  const redacted = query
    .split('&')
    .map((pair) => (SECRET_QUERY_PARAMETERS.has(nameOf(pair).toLowerCase()) ? `${pair.split('=')[0]}=${REDACTED}` : pair))
    .join('&');
  return `${url.slice(0, start + 1)}${redacted}${end < 0 ? '' : url.slice(end)}`;
}
