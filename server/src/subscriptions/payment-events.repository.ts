import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import { kyselyFor, kyselyOf } from '../database/kysely.js';

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
    const rows = await kyselyFor(manager)
      .insertInto('payment_events')
      .values({
        gateway: event.gateway,
        event_id: event.eventId,
        type: event.type,
        occurred_at: event.occurredAt,
        payload: JSON.stringify(event.payload),
        processed_at: outcome.processed ? sql<Date>`now()` : null,
        attempts: 1,
        last_error: outcome.processed ? null : outcome.error,
      })
      .onConflict((oc) => oc.columns(['gateway', 'event_id']).doNothing())
      .returning('event_id')
      .execute();
    return rows.length > 0;
  }

  async payload(gateway: string, eventId: string): Promise<{ payload: unknown; processed: boolean } | null> {
    const row = await kyselyOf(this.db)
      .selectFrom('payment_events')
      .select((eb) => ['payload', eb('processed_at', 'is not', null).$castTo<boolean>().as('processed')])
      .where('gateway', '=', gateway)
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    return row ?? null;
  }

  async markProcessed(gateway: string, eventId: string, error: string | null): Promise<void> {
    await kyselyOf(this.db)
      .updateTable('payment_events')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        last_error: error,
        processed_at: error === null ? sql<Date>`now()` : null,
      }))
      .where('gateway', '=', gateway)
      .where('event_id', '=', eventId)
      .execute();
  }

  /** Events still waiting to be applied, received over a minute ago (their retry job may have been lost). */
  async waiting(limit: number): Promise<{ gateway: string; eventId: string }[]> {
    return kyselyOf(this.db)
      .selectFrom('payment_events')
      .select(['gateway', 'event_id as eventId'])
      .where('processed_at', 'is', null)
      .where('received_at', '<', sql<Date>`now() - interval '1 minute'`)
      .where('attempts', '<', 20)
      .orderBy('received_at')
      .limit(limit)
      .execute();
  }

  recent(limit: number, onlyFailed: boolean): Promise<StoredEvent[]> {
    let query = kyselyOf(this.db)
      .selectFrom('payment_events')
      .select([
        'gateway',
        'event_id as eventId',
        'type',
        'occurred_at as occurredAt',
        'received_at as receivedAt',
        'processed_at as processedAt',
        'attempts',
        'last_error as lastError',
      ]);
    if (onlyFailed) query = query.where('processed_at', 'is', null);
    return query.orderBy('received_at', 'desc').limit(limit).execute();
  }

  /**
   * The events about some subscriptions (a person's, for the console), newest first, with the
   * provider's status each reported. Found through the stored payload: read for one person at a
   * time, so no index serves it.
   */
  aboutSubscriptions(gatewaySubscriptionIds: readonly string[], limit: number): Promise<(StoredEvent & { subscriptionId: string; reportedStatus: string | null; cancelAtPeriodEnd: boolean | null })[]> {
    if (!gatewaySubscriptionIds.length) return Promise.resolve([]);
    return kyselyOf(this.db)
      .selectFrom('payment_events')
      .select([
        'gateway',
        'event_id as eventId',
        'type',
        'occurred_at as occurredAt',
        'received_at as receivedAt',
        'processed_at as processedAt',
        'attempts',
        'last_error as lastError',
        sql<string>`payload->'subscription'->>'id'`.as('subscriptionId'),
        sql<string | null>`payload->'subscription'->>'status'`.as('reportedStatus'),
        sql<boolean | null>`(payload->'subscription'->>'cancelAtPeriodEnd')::boolean`.as('cancelAtPeriodEnd'),
      ])
      .where(sql<string>`payload->'subscription'->>'id'`, 'in', [...gatewaySubscriptionIds])
      .orderBy('occurred_at', 'desc')
      .orderBy('received_at', 'desc')
      .limit(limit)
      .execute();
  }
}
