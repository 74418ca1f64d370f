import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql, type Updateable } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import type { SandboxSubscriptions } from '../../database/database-types.js';
import { kyselyFor, kyselyIn, kyselyOf, type Runs } from '../../database/kysely.js';
import type { CheckoutRequest } from '../payment-gateway.js';

export interface SandboxSessionRow {
  id: string;
  request: CheckoutRequest;
  status: 'open' | 'complete' | 'expired';
  subscriptionId: string | null;
  failedAttempts: number;
}

export interface SandboxSubscriptionRow {
  id: string;
  customerId: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  currentPeriodEnd: Date;
  canceledAt: Date | null;
  nextAttemptAt: Date | null;
  failedRenewals: number;
  amountCents: number;
  intervalMonths: number;
  cardLast4: string;
  metadata: Record<string, string>;
  version: number;
}

export type SubscriptionChange = Partial<
  Pick<SandboxSubscriptionRow, 'status' | 'cancelAtPeriodEnd' | 'trialEnd' | 'currentPeriodEnd' | 'canceledAt' | 'nextAttemptAt' | 'failedRenewals'>
>;

/**
 * A subscription's columns under the names SandboxSubscriptionRow gives them. Rows read with them
 * are typed with `$castTo`: jsonb reads as JsonValue, which an interface (the checkout request, the
 * metadata) cannot narrow, and the JSON is what this repository wrote.
 */
const SUBSCRIPTION_COLUMNS = [
  'id',
  'customer_id as customerId',
  'status',
  'cancel_at_period_end as cancelAtPeriodEnd',
  'trial_end as trialEnd',
  'current_period_end as currentPeriodEnd',
  'canceled_at as canceledAt',
  'next_attempt_at as nextAttemptAt',
  'failed_renewals as failedRenewals',
  'amount_cents as amountCents',
  'interval_months as intervalMonths',
  'card_last4 as cardLast4',
  'metadata',
  'version',
] as const;

const CHANGE_COLUMNS = {
  status: 'status',
  cancelAtPeriodEnd: 'cancel_at_period_end',
  trialEnd: 'trial_end',
  currentPeriodEnd: 'current_period_end',
  canceledAt: 'canceled_at',
  nextAttemptAt: 'next_attempt_at',
  failedRenewals: 'failed_renewals',
} as const satisfies Record<keyof SubscriptionChange, keyof SandboxSubscriptions>;

/** The row a change writes, under the table's column names. */
function changedColumns(change: SubscriptionChange): Updateable<SandboxSubscriptions> {
  const columns: Updateable<SandboxSubscriptions> = {};
  for (const [key, value] of Object.entries(change) as [keyof SubscriptionChange, never][]) columns[CHANGE_COLUMNS[key]] = value;
  return columns;
}

/** The clock's offset as a number (the column is a bigint, which reads as a string). */
const OFFSET_MS = sql<number>`offset_ms::float8`.as('offsetMs');

/** The sandbox provider's own tables: what a real provider keeps on its side. */
@Injectable()
export class SandboxProviderRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async clockOffsetMs(): Promise<number> {
    const row = await kyselyOf(this.db).selectFrom('sandbox_clock').select(OFFSET_MS).executeTakeFirst();
    return row?.offsetMs ?? 0;
  }

  async advanceClock(ms: number): Promise<number> {
    const row = await kyselyOf(this.db)
      .updateTable('sandbox_clock')
      .set({ offset_ms: sql<string>`offset_ms + ${ms}` })
      .returning(OFFSET_MS)
      .executeTakeFirstOrThrow();
    return row.offsetMs;
  }

  async insertSession(id: string, request: CheckoutRequest): Promise<void> {
    await kyselyOf(this.db).insertInto('sandbox_checkout_sessions').values({ id, request: JSON.stringify(request) }).execute();
  }

  async findSession(id: string, manager: Runs = this.db, lock = false): Promise<SandboxSessionRow | null> {
    const row = await kyselyFor(manager)
      .selectFrom('sandbox_checkout_sessions')
      .select(['id', 'request', 'status', 'subscription_id as subscriptionId', 'failed_attempts as failedAttempts'])
      .where('id', '=', id)
      .$if(lock, (query) => query.forUpdate())
      .$castTo<SandboxSessionRow>()
      .executeTakeFirst();
    return row ?? null;
  }

  async countFailedAttempt(manager: EntityManager, id: string): Promise<void> {
    await kyselyIn(manager)
      .updateTable('sandbox_checkout_sessions')
      .set({ failed_attempts: sql<number>`failed_attempts + 1` })
      .where('id', '=', id)
      .execute();
  }

  async completeSession(manager: EntityManager, id: string, subscriptionId: string): Promise<void> {
    await kyselyIn(manager).updateTable('sandbox_checkout_sessions').set({ status: 'complete', subscription_id: subscriptionId }).where('id', '=', id).execute();
  }

  async insertSubscription(manager: EntityManager, row: Omit<SandboxSubscriptionRow, 'version' | 'canceledAt' | 'nextAttemptAt' | 'failedRenewals'>): Promise<SandboxSubscriptionRow> {
    return kyselyIn(manager)
      .insertInto('sandbox_subscriptions')
      .values({
        id: row.id,
        customer_id: row.customerId,
        status: row.status,
        cancel_at_period_end: row.cancelAtPeriodEnd,
        trial_end: row.trialEnd,
        current_period_end: row.currentPeriodEnd,
        amount_cents: row.amountCents,
        interval_months: row.intervalMonths,
        card_last4: row.cardLast4,
        metadata: JSON.stringify(row.metadata),
      })
      .returning(SUBSCRIPTION_COLUMNS)
      .$castTo<SandboxSubscriptionRow>()
      .executeTakeFirstOrThrow();
  }

  async findSubscription(id: string, manager: Runs = this.db, lock = false): Promise<SandboxSubscriptionRow | null> {
    const row = await kyselyFor(manager)
      .selectFrom('sandbox_subscriptions')
      .select(SUBSCRIPTION_COLUMNS)
      .where('id', '=', id)
      .$if(lock, (query) => query.forUpdate())
      .$castTo<SandboxSubscriptionRow>()
      .executeTakeFirst();
    return row ?? null;
  }

  /** Applies a change and counts it as a new version (the order webhooks are judged by). */
  async updateSubscription(manager: EntityManager, id: string, change: SubscriptionChange): Promise<SandboxSubscriptionRow> {
    return kyselyIn(manager)
      .updateTable('sandbox_subscriptions')
      .set({ ...changedColumns(change), version: sql<number>`version + 1` })
      .where('id', '=', id)
      .returning(SUBSCRIPTION_COLUMNS)
      .$castTo<SandboxSubscriptionRow>()
      .executeTakeFirstOrThrow();
  }

  /** One subscription whose trial, period or retry is due at `now`, locked; others skip it. */
  async lockNextDue(manager: EntityManager, now: Date): Promise<SandboxSubscriptionRow | null> {
    const row = await kyselyIn(manager)
      .selectFrom('sandbox_subscriptions')
      .select(SUBSCRIPTION_COLUMNS)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', 'in', ['trialing', 'active']), eb('current_period_end', '<=', now)]),
          eb.and([eb('status', '=', 'past_due'), eb('next_attempt_at', '<=', now)]),
        ]),
      )
      .orderBy('current_period_end')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .$castTo<SandboxSubscriptionRow>()
      .executeTakeFirst();
    return row ?? null;
  }

  async insertEvent(manager: EntityManager, id: string, type: string, body: string): Promise<void> {
    await kyselyIn(manager).insertInto('sandbox_events').values({ id, type, body }).execute();
  }

  /** The event's body, unless it was delivered already. */
  async undeliveredEvent(id: string): Promise<{ body: string } | null> {
    const row = await kyselyOf(this.db).selectFrom('sandbox_events').select('body').where('id', '=', id).where('delivered_at', 'is', null).executeTakeFirst();
    return row ?? null;
  }

  /** Events not delivered half a minute after they were made (their delivery job may have been lost). */
  async overdueEvents(limit: number): Promise<string[]> {
    const rows = await kyselyOf(this.db)
      .selectFrom('sandbox_events')
      .select('id')
      .where('delivered_at', 'is', null)
      .where('created_at', '<', sql<Date>`now() - interval '30 seconds'`)
      .where('attempts', '<', 50)
      .orderBy('created_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  async markDelivery(id: string, error: string | null): Promise<void> {
    await kyselyOf(this.db)
      .updateTable('sandbox_events')
      .set({
        attempts: sql<number>`attempts + 1`,
        last_error: error,
        delivered_at: sql<Date | null>`CASE WHEN ${error}::text IS NULL THEN now() END`,
      })
      .where('id', '=', id)
      .execute();
  }
}
