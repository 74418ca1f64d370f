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
  memberEmail: string | null;
}

/** What the payment events list keeps (docs/console.md, "Payment events page"): the filters combine. */
export interface EventsFilter {
  limit: number;
  onlyFailed: boolean;
  type?: string;
  /** The member's account e-mail, any letter case. */
  email?: string;
  /** Received at or after. */
  from?: Date;
  /** Received before. */
  to?: Date;
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

  /**
   * The events received, newest first, each with the e-mail of the member whose subscription it
   * reports (the subscription the payload names, of the same gateway), when there is one.
   */
  recent(filter: EventsFilter): Promise<StoredEvent[]> {
    let query = kyselyOf(this.db)
      .selectFrom('payment_events as e')
      .leftJoin('subscriptions as s', (join) =>
        join.onRef('s.gateway', '=', 'e.gateway').on('s.gateway_subscription_id', '=', sql<string>`e.payload -> 'subscription' ->> 'id'`),
      )
      .leftJoin('users as u', 'u.id', 's.user_id')
      .select([
        'e.gateway',
        'e.event_id as eventId',
        'e.type',
        'e.occurred_at as occurredAt',
        'e.received_at as receivedAt',
        'e.processed_at as processedAt',
        'e.attempts',
        'e.last_error as lastError',
        'u.email as memberEmail',
      ]);
    if (filter.onlyFailed) query = query.where('e.processed_at', 'is', null);
    if (filter.type) query = query.where('e.type', '=', filter.type);
    if (filter.email) {
      const email = filter.email;
      query = query.where((eb) => eb(eb.fn('lower', ['u.email']), '=', eb.fn('lower', [eb.val(email)])));
    }
    if (filter.from) query = query.where('e.received_at', '>=', filter.from);
    if (filter.to) query = query.where('e.received_at', '<', filter.to);
    return query.orderBy('e.received_at', 'desc').limit(filter.limit).execute();
  }

  /**
   * The events about some subscriptions (a person's, for the console), newest first, with the
   * provider's status each reported. Found through the stored payload: read for one person at a
   * time, so no index serves it.
   */
  aboutSubscriptions(gatewaySubscriptionIds: readonly string[], limit: number): Promise<(Omit<StoredEvent, 'memberEmail'> & { subscriptionId: string; reportedStatus: string | null; cancelAtPeriodEnd: boolean | null })[]> {
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
