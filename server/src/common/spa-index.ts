import type { FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The built web app's index.html, served for client-side routes. */
export class SpaIndex {
  private readonly html: Buffer | undefined;

  constructor(webDist: string) {
    try {
      this.html = webDist ? readFileSync(path.join(webDist, 'index.html')) : undefined;
    } catch {
      this.html = undefined;
    }
  }

  get available(): boolean {
    return this.html !== undefined;
  }

  /** A page navigation to a path that is neither the API nor a file. */
  shouldServe(request: FastifyRequest): boolean {
    if (!this.html || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api' || path.extname(url)) return false;
    return true;
  }

  send(reply: FastifyReply): void {
    reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(this.html);
  }
}
