import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether the client already holds this version (If-None-Match lists the ETag, or is '*'). */
export function clientHasVersion(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * Sends a pre-serialised JSON body with its ETag, or 304 when the client's copy is current.
 * `no-cache` makes browsers revalidate every time, since admins can change a form at any moment.
 */
export function sendVersionedJson(request: FastifyRequest, reply: FastifyReply, etag: string, body: Buffer): void {
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (clientHasVersion(request, etag)) {
    reply.status(304).send();
    return;
  }
  reply.type('application/json; charset=utf-8').send(body);
}
