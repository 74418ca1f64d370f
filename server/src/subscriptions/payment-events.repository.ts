import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface StoredEvent {
  gateway: string;
  eventId: string;
  type: string;
  occurredAt: Date;
  receivedAt: Date;
  processedAt: Date | null;
  attempts: number;
  lastError: string | null;
}

/** Every webhook event received, verified: the audit trail and the idempotency key (gateway, event id). */
@Injectable()
export class PaymentEventsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Stores the event, as applied (`processed`) or waiting for a retry; false when this event id
   * was received before. In the transaction of its effect when one is given.
   */
  async insert(
    event: { gateway: string; eventId: string; type: string; occurredAt: Date; payload: unknown },
    outcome: { processed: true } | { processed: false; error: string },
    manager: EntityManager | DataSource = this.db,
  ): Promise<boolean> {
    const rows = (await manager.query(
      `INSERT INTO payment_events (gateway, event_id, type, occurred_at, payload, processed_at, attempts, last_error)
       VALUES ($1, $2, $3, $4, $5, CASE WHEN $6 THEN now() END, 1, $7)
       ON CONFLICT (gateway, event_id) DO NOTHING RETURNING event_id`,
      [event.gateway, event.eventId, event.type, event.occurredAt, JSON.stringify(event.payload), outcome.processed, outcome.processed ? null : outcome.error],
    )) as unknown[];
    return rows.length > 0;
  }

  async payload(gateway: string, eventId: string): Promise<{ payload: unknown; processed: boolean } | null> {
    const [row] = (await this.db.query(`SELECT payload, processed_at IS NOT NULL AS processed FROM payment_events WHERE gateway = $1 AND event_id = $2`, [
      gateway,
      eventId,
    ])) as { payload: unknown; processed: boolean }[];
    return row ?? null;
  }

  async markProcessed(gateway: string, eventId: string, error: string | null): Promise<void> {
    await this.db.query(
      `UPDATE payment_events SET attempts = attempts + 1, last_error = $3, processed_at = CASE WHEN $3::text IS NULL THEN now() END
        WHERE gateway = $1 AND event_id = $2`,
      [gateway, eventId, error],
    );
  }

  /** Events still waiting to be applied, received over a minute ago (their retry job may have been lost). */
  async waiting(limit: number): Promise<{ gateway: string; eventId: string }[]> {
    return this.db.query(
      `SELECT gateway, event_id AS "eventId" FROM payment_events
        WHERE processed_at IS NULL AND received_at < now() - interval '1 minute' AND attempts < 20 ORDER BY received_at LIMIT $1`,
      [limit],
    );
  }

  recent(limit: number, onlyFailed: boolean): Promise<StoredEvent[]> {
    return this.db.query(
      `SELECT gateway, event_id AS "eventId", type, occurred_at AS "occurredAt", received_at AS "receivedAt",
              processed_at AS "processedAt", attempts, last_error AS "lastError"
         FROM payment_events ${onlyFailed ? 'WHERE processed_at IS NULL' : ''} ORDER BY received_at DESC LIMIT $1`,
      [limit],
    );
  }
}
