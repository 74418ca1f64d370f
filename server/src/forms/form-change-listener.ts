import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { DatabaseLocation } from '../database/database.module.js';
import { FormsService } from './forms.service.js';

const CHANNEL = 'form_definitions_changed';
const MAX_RETRY_MS = 10_000;

/**
 * Keeps compiled forms fresh: listens to PostgreSQL's `form_definitions_changed` notification
 * (sent by a trigger on every change to fields or forms) and drops the compiled forms. Every
 * server instance listens, so N replicas stay consistent with no shared cache. While the
 * connection is down, notifications could be missed, so each (re)connect drops the cache too.
 */
@Injectable()
export class FormChangeListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(FormChangeListener.name);
  private client?: pg.Client;
  private stopped = false;
  private retryMs = 500;
  private retryTimer?: NodeJS.Timeout;

  constructor(
    private readonly location: DatabaseLocation,
    private readonly forms: FormsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: await this.location.resolve(), connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      this.logger.warn(`cannot listen for form changes yet: ${(error as Error).message}`);
      await client.end().catch(() => undefined);
      this.retryLater();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    // Listeners only once connected, so a failed attempt schedules exactly one retry.
    client.on('notification', () => this.forms.invalidate());
    client.once('error', () => this.lost(client));
    client.once('end', () => this.lost(client));
    this.client = client;
    this.retryMs = 500;
    this.forms.invalidate();
  }

  /** The listening connection broke: notifications may be missed from now on. */
  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.forms.invalidate();
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
