import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedTarget } from './webhook-target.js';

/** What one POST gave: the answer's status (none when no answer came), the start of its body, the time taken, what went wrong. */
export interface PostOutcome {
  status: number | null;
  responseExcerpt: string | null;
  durationMs: number;
  error: string | null;
}

/** Kept of an answer's body for the log; more is read (up to the cap) and dropped. */
const EXCERPT_CHARS = 1024;
/** Past this many bytes of an answer the connection is closed: a receiver cannot make us read without end. */
const BODY_CAP_BYTES = 64 * 1024;

// Connections are reused between deliveries to one host: each was opened to an address checked then.
const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets: 32 }), 'https:': new https.Agent({ keepAlive: true, maxSockets: 32 }) };

/**
 * POSTs one delivery to the checked address (docs/webhooks.md, "Where endpoints may point"): the
 * connection goes to `target.address` whatever the host resolves to now, TLS still verifies the
 * certificate against the URL's host, no redirect is followed (a 3xx is a failed delivery), the
 * whole exchange has `timeoutMs`, and at most 64 KiB of the answer is read.
 */
export function postWebhook(target: CheckedTarget, body: string, headers: Record<string, string>, timeoutMs: number): Promise<PostOutcome> {
  const started = performance.now();
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const transport = target.url.protocol === 'https:' ? https : http;
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (status: number | null, excerpt: string | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, responseExcerpt: excerpt, durationMs: Math.round(performance.now() - started), error });
    };
    const request = transport.request(target.url, {
      method: 'POST',
      agent: agents[target.url.protocol as 'http:' | 'https:'],
      lookup: pinned,
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    });
    const timer = setTimeout(() => {
      finish(null, null, `No complete answer within ${timeoutMs} ms.`);
      request.destroy();
    }, timeoutMs);
    request.on('error', (error) => finish(null, null, `Could not deliver: ${error.message}`));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read <= EXCERPT_CHARS * 4) chunks.push(chunk);
        if (read > BODY_CAP_BYTES) response.destroy();
      });
      const done = () => {
        const status = response.statusCode ?? null;
        const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS) || null;
        finish(status, excerpt, failureOf(status, response.headers.location));
      };
      response.on('end', done);
      response.on('close', done);
    });
    request.end(body);
  });
}

function failureOf(status: number | null, location: string | undefined): string | null {
  if (status !== null && status >= 200 && status < 300) return null;
  if (status !== null && status >= 300 && status < 400) return `Redirects are not followed${location ? ` (to ${location.slice(0, 200)})` : ''}: give the endpoint's final address.`;
  return `The endpoint answered ${status}.`;
}
