import type { Logger } from '@nestjs/common';
import pg from 'pg';
import type { DatabaseLocation } from './database.module.js';

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 10_000;

/**
 * LISTENs to one PostgreSQL notification channel on a connection of its own, reconnecting with
 * backoff when it breaks. While the connection is down notifications can be missed, so
 * `onConnected` runs on every (re)connect: a listener catches up there (drops a cache, queues a
 * job). `onNotification` runs for each notification, with its payload.
 */
export class NotificationListener {
  private client?: pg.Client;
  private stopped = false;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer?: NodeJS.Timeout;

  constructor(
    private readonly location: DatabaseLocation,
    private readonly channel: string,
    private readonly logger: Logger,
    private readonly handlers: { onNotification: (payload: string) => void; onConnected: () => void; onLost?: () => void },
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: await this.location.resolve(), connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      this.logger.warn(`cannot listen on ${this.channel} yet: ${(error as Error).message}`);
      await client.end().catch(() => undefined);
      this.retryLater();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    // Listeners only once connected, so a failed attempt schedules exactly one retry.
    client.on('notification', (message) => this.handlers.onNotification(message.payload ?? ''));
    client.once('error', () => this.lost(client));
    client.once('end', () => this.lost(client));
    this.client = client;
    this.retryMs = FIRST_RETRY_MS;
    this.handlers.onConnected();
  }

  /** The listening connection broke: notifications may be missed from now on. */
  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.handlers.onLost?.();
    client.removeAllListeners();
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    this.retryLater();
  }

  private retryLater(): void {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
  }
}
