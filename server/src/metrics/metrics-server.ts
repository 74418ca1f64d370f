import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messageOf } from '../common/error-message.js';
import { Metrics } from './metrics.js';

/**
 * The Prometheus endpoint (docs/operations.md, "Metrics"): a plain Node HTTP server on a port of
 * its own (METRICS_PORT, on METRICS_HOST), apart from the API's Fastify instance. So the API's
 * rate limits, security headers and request log never see scrapes, a scrape is never counted in
 * the request histogram, and the port can stay on loopback or a private network while the API is
 * public. Only `GET /metrics` is served.
 */
@Injectable()
export class MetricsServer implements OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server?: Server;

  constructor(private readonly metrics: Metrics) {}

  /** Starts listening; resolves with the port (the one the system chose when `port` is 0). */
  async listen(port: number, host: string): Promise<number> {
    const server = createServer((request, response) => void this.answer(request, response));
    // A scraper that stops mid-request must not hold a socket for ever.
    server.requestTimeout = 10_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    return (server.address() as AddressInfo).port;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics') return send(response, 404, 'text/plain; charset=utf-8', 'Not found: the metrics are at /metrics\n');
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(response, 405, 'text/plain; charset=utf-8', 'Only GET\n');
    try {
      send(response, 200, this.metrics.registry.contentType, await this.metrics.registry.metrics());
    } catch (error) {
      this.logger.warn(`metrics scrape failed: ${messageOf(error)}`);
      send(response, 500, 'text/plain; charset=utf-8', 'metrics unavailable\n');
    }
  }
}

function send(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
  response.end(response.req.method === 'HEAD' ? undefined : body);
}
