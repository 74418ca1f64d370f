import { type BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';

/**
 * On SIGTERM, Nest closes the database (an application-shutdown hook) before the HTTP server, so
 * requests still in flight would fail with "Driver not Connected". This closes the HTTP server
 * first: no new requests are taken and the ones in flight finish while the database is still
 * open. Nest's own close of the server afterwards finds it closed.
 */
@Injectable()
export class DrainHttpOnShutdown implements BeforeApplicationShutdown {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  async beforeApplicationShutdown(): Promise<void> {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    const closed = fastify.close();
    // Kept-alive connections with nothing in flight would hold the close for the keep-alive
    // timeout (72 s): close them now, and each one as its last request finishes.
    const sweep = setInterval(() => fastify.server.closeIdleConnections(), 50);
    fastify.server.closeIdleConnections();
    try {
      await closed;
    } finally {
      clearInterval(sweep);
    }
  }
}
