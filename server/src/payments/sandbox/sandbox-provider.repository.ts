import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
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

const SUBSCRIPTION_COLUMNS = `id, customer_id AS "customerId", status, cancel_at_period_end AS "cancelAtPeriodEnd",
  trial_end AS "trialEnd", current_period_end AS "currentPeriodEnd", canceled_at AS "canceledAt",
  next_attempt_at AS "nextAttemptAt", failed_renewals AS "failedRenewals", amount_cents AS "amountCents",
  interval_months AS "intervalMonths", card_last4 AS "cardLast4", metadata, version`;

const CHANGE_COLUMNS: Record<keyof SubscriptionChange, string> = {
  status: 'status',
  cancelAtPeriodEnd: 'cancel_at_period_end',
  trialEnd: 'trial_end',
  currentPeriodEnd: 'current_period_end',
  canceledAt: 'canceled_at',
  nextAttemptAt: 'next_attempt_at',
  failedRenewals: 'failed_renewals',
};

/** The sandbox provider's own tables: what a real provider keeps on its side. */
@Injectable()
export class SandboxProviderRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async clockOffsetMs(): Promise<number> {
    const [row] = (await this.db.query(`SELECT offset_ms::float8 AS "offsetMs" FROM sandbox_clock`)) as { offsetMs: number }[];
    return row?.offsetMs ?? 0;
  }

  async advanceClock(ms: number): Promise<number> {
    const [[row]] = (await this.db.query(`UPDATE sandbox_clock SET offset_ms = offset_ms + $1 RETURNING offset_ms::float8 AS "offsetMs"`, [ms])) as [
      { offsetMs: number }[],
      number,
    ];
    return row.offsetMs;
  }

  async insertSession(id: string, request: CheckoutRequest): Promise<void> {
    await this.db.query(`INSERT INTO sandbox_checkout_sessions (id, request) VALUES ($1, $2)`, [id, JSON.stringify(request)]);
  }

  async findSession(id: string, manager: EntityManager | DataSource = this.db, lock = false): Promise<SandboxSessionRow | null> {
    const [row] = (await manager.query(
      `SELECT id, request, status, subscription_id AS "subscriptionId", failed_attempts AS "failedAttempts"
         FROM sandbox_checkout_sessions WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
      [id],
    )) as SandboxSessionRow[];
    return row ?? null;
  }

  async countFailedAttempt(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`UPDATE sandbox_checkout_sessions SET failed_attempts = failed_attempts + 1 WHERE id = $1`, [id]);
  }

  async completeSession(manager: EntityManager, id: string, subscriptionId: string): Promise<void> {
    await manager.query(`UPDATE sandbox_checkout_sessions SET status = 'complete', subscription_id = $2 WHERE id = $1`, [id, subscriptionId]);
  }

  async insertSubscription(manager: EntityManager, row: Omit<SandboxSubscriptionRow, 'version' | 'canceledAt' | 'nextAttemptAt' | 'failedRenewals'>): Promise<SandboxSubscriptionRow> {
    const [inserted] = (await manager.query(
      `INSERT INTO sandbox_subscriptions (id, customer_id, status, cancel_at_period_end, trial_end, current_period_end, amount_cents, interval_months, card_last4, metadata)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${SUBSCRIPTION_COLUMNS}`,
      [row.id, row.customerId, row.status, row.cancelAtPeriodEnd, row.trialEnd, row.currentPeriodEnd, row.amountCents, row.intervalMonths, row.cardLast4, JSON.stringify(row.metadata)],
    )) as SandboxSubscriptionRow[];
    return inserted;
  }

  async findSubscription(id: string, manager: EntityManager | DataSource = this.db, lock = false): Promise<SandboxSubscriptionRow | null> {
    const [row] = (await manager.query(`SELECT ${SUBSCRIPTION_COLUMNS} FROM sandbox_subscriptions WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`, [id])) as SandboxSubscriptionRow[];
    return row ?? null;
  }

  /** Applies a change and counts it as a new version (the order webhooks are judged by). */
  async updateSubscription(manager: EntityManager, id: string, change: SubscriptionChange): Promise<SandboxSubscriptionRow> {
    const entries = Object.entries(change) as [keyof SubscriptionChange, unknown][];
    const sets = entries.map(([key], index) => `${CHANGE_COLUMNS[key]} = $${index + 2}`);
    const [[row]] = (await manager.query(
      `UPDATE sandbox_subscriptions SET ${[...sets, 'version = version + 1'].join(', ')} WHERE id = $1 RETURNING ${SUBSCRIPTION_COLUMNS}`,
      [id, ...entries.map(([, value]) => value)],
    )) as [SandboxSubscriptionRow[], number];
    return row;
  }

  /** One subscription whose trial, period or retry is due at `now`, locked; others skip it. */
  async lockNextDue(manager: EntityManager, now: Date): Promise<SandboxSubscriptionRow | null> {
    const [row] = (await manager.query(
      `SELECT ${SUBSCRIPTION_COLUMNS} FROM sandbox_subscriptions
        WHERE (status IN ('trialing', 'active') AND current_period_end <= $1)
           OR (status = 'past_due' AND next_attempt_at <= $1)
        ORDER BY current_period_end LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [now],
    )) as SandboxSubscriptionRow[];
    return row ?? null;
  }

  async insertEvent(manager: EntityManager, id: string, type: string, body: string): Promise<void> {
    await manager.query(`INSERT INTO sandbox_events (id, type, body) VALUES ($1, $2, $3)`, [id, type, body]);
  }

  /** The event's body, unless it was delivered already. */
  async undeliveredEvent(id: string): Promise<{ body: string } | null> {
    const [row] = (await this.db.query(`SELECT body FROM sandbox_events WHERE id = $1 AND delivered_at IS NULL`, [id])) as { body: string }[];
    return row ?? null;
  }

  /** Events not delivered half a minute after they were made (their delivery job may have been lost). */
  async overdueEvents(limit: number): Promise<string[]> {
    const rows = (await this.db.query(
      `SELECT id FROM sandbox_events WHERE delivered_at IS NULL AND created_at < now() - interval '30 seconds' AND attempts < 50 ORDER BY created_at LIMIT $1`,
      [limit],
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }

  async markDelivery(id: string, error: string | null): Promise<void> {
    await this.db.query(
      `UPDATE sandbox_events SET attempts = attempts + 1, last_error = $2, delivered_at = CASE WHEN $2::text IS NULL THEN now() END WHERE id = $1`,
      [id, error],
    );
  }
}
