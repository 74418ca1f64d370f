import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MEMBERSHIP_STATES, MEMBERSHIP_STATES_WITH_ACCESS, type MembershipState } from '@scholarmatch/schemas';
import type { DataSource, EntityManager } from 'typeorm';

/** Unlocks the members' features: a state with access, or 'canceled' until its period ends (membershipGrantsAccess). */
const GRANTS_ACCESS = `(s.status = ANY('{${MEMBERSHIP_STATES_WITH_ACCESS.join(',')}}') OR (s.status = 'canceled' AND s.current_period_end > now()))`;

/** Which of two reports with the same version is the later state: a subscription moves along MEMBERSHIP_STATES. */
const STATE_RANK = (column: string) => `array_position('{${MEMBERSHIP_STATES.join(',')}}'::text[], ${column})`;

export interface MembershipRow {
  id: string;
  userId: string;
  planId: string;
  gateway: string;
  gatewaySubscriptionId: string;
  gatewayCustomerId: string | null;
  status: MembershipState;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  canceledAt: Date | null;
  title: string;
  monthlyAmountCents: number;
  description: string;
  /** Unlocks the members' features now (the users' flag is true when any of an applicant's rows does). */
  grantsAccess: boolean;
}

/** What a provider's report stores: a membership's own columns and the report's version. */
export type MembershipSnapshot = Omit<MembershipRow, 'id' | 'title' | 'monthlyAmountCents' | 'description' | 'grantsAccess'> & { version: number };

/** What a report did to the stored membership, and the receipt it calls for (docs/inbox.md). */
export interface UpsertOutcome {
  change: 'created' | 'updated' | 'stale';
  receipt: 'trial-started' | 'payment' | null;
}

/** A new trial, or a paid period: a first active report, or one that moves an active period on. */
function receiptOf(s: MembershipSnapshot, before: { created: boolean; previousStatus: string | null; previousPeriodEnd: Date | null }): UpsertOutcome['receipt'] {
  if (before.created) return s.status === 'trialing' ? 'trial-started' : s.status === 'active' ? 'payment' : null;
  if (s.status !== 'active' || !s.currentPeriodEnd) return null;
  const periodMoved = !before.previousPeriodEnd || before.previousPeriodEnd.getTime() < new Date(s.currentPeriodEnd).getTime();
  return before.previousStatus !== 'active' || periodMoved ? 'payment' : null;
}

export interface OpenCheckout {
  gateway: string;
  gatewaySessionId: string;
}

const MEMBERSHIP_COLUMNS = `s.id, s.user_id AS "userId", s.plan_id AS "planId", s.gateway,
  s.gateway_subscription_id AS "gatewaySubscriptionId", s.gateway_customer_id AS "gatewayCustomerId", s.status,
  s.trial_ends_at AS "trialEndsAt", s.current_period_end AS "currentPeriodEnd", s.canceled_at AS "canceledAt",
  p.title, s.monthly_amount_cents AS "monthlyAmountCents", p.description, ${GRANTS_ACCESS} AS "grantsAccess"`;

/** Each applicant's memberships as the payment provider last reported them, their checkouts, and the users' membership flag. */
@Injectable()
export class MembershipsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The membership to show: one that grants access if any, else the newest. */
  async current(userId: string): Promise<MembershipRow | null> {
    const [row] = (await this.db.query(
      `SELECT ${MEMBERSHIP_COLUMNS} FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id
        WHERE s.user_id = $1 ORDER BY ${GRANTS_ACCESS} DESC, (s.status <> 'canceled') DESC, s.created_at DESC LIMIT 1`,
      [userId],
    )) as MembershipRow[];
    return row ?? null;
  }

  async find(id: string): Promise<MembershipRow | null> {
    const [row] = (await this.db.query(`SELECT ${MEMBERSHIP_COLUMNS} FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id WHERE s.id = $1`, [id])) as MembershipRow[];
    return row ?? null;
  }

  async hasAccess(userId: string): Promise<boolean> {
    const [row] = (await this.db.query(`SELECT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = $1 AND ${GRANTS_ACCESS}) AS access`, [userId])) as { access: boolean }[];
    return row.access;
  }

  /** The provider's customer id from an earlier subscription, so a second checkout reuses the customer. */
  async customerIdOf(userId: string, gateway: string): Promise<string | null> {
    const [row] = (await this.db.query(
      `SELECT gateway_customer_id AS id FROM subscriptions WHERE user_id = $1 AND gateway = $2 AND gateway_customer_id IS NOT NULL ORDER BY created_at DESC LIMIT 1`,
      [userId, gateway],
    )) as { id: string }[];
    return row?.id ?? null;
  }

  /**
   * The applicant a report is about, locked (membership changes of one applicant happen one at a
   * time): the owner of the subscription if the server knows it, else the one its metadata names.
   * Null when neither is an applicant of this server, or no plan is known.
   */
  async lockOwner(manager: EntityManager, gateway: string, gatewaySubscriptionId: string, named: { userId: string | null; planId: string | null }): Promise<{ userId: string; planId: string } | null> {
    const [row] = (await manager.query(
      `WITH known AS (SELECT user_id, plan_id FROM subscriptions WHERE gateway = $1 AND gateway_subscription_id = $2)
       SELECT u.id AS "userId", coalesce((SELECT plan_id FROM known), $4::uuid) AS "planId"
         FROM users u WHERE u.id = coalesce((SELECT user_id FROM known), $3::uuid) FOR UPDATE OF u`,
      [gateway, gatewaySubscriptionId, named.userId, named.planId],
    )) as { userId: string; planId: string | null }[];
    return row?.planId ? { userId: row.userId, planId: row.planId } : null;
  }

  /**
   * Stores a provider's report unless a newer one is stored already (order safety: webhooks may
   * arrive late or shuffled). Returns whether the row was created, updated, or left as it was.
   */
  async upsert(manager: EntityManager, s: MembershipSnapshot): Promise<UpsertOutcome> {
    // `before` reads the row as it was before this statement: a period paid is one the report moves on.
    const rows = (await manager.query(
      `WITH before AS (SELECT status, current_period_end FROM subscriptions WHERE gateway = $3 AND gateway_subscription_id = $4)
       INSERT INTO subscriptions (user_id, plan_id, monthly_amount_cents, gateway, gateway_subscription_id, gateway_customer_id, status, trial_ends_at, current_period_end, canceled_at, gateway_version)
       SELECT $1, $2, p.monthly_amount_cents, $3, $4, $5, $6, $7, $8, $9, $10 FROM subscription_plans p WHERE p.id = $2
       ON CONFLICT (gateway, gateway_subscription_id) DO UPDATE SET
         status = EXCLUDED.status, gateway_customer_id = coalesce(EXCLUDED.gateway_customer_id, subscriptions.gateway_customer_id),
         trial_ends_at = EXCLUDED.trial_ends_at, current_period_end = EXCLUDED.current_period_end,
         canceled_at = EXCLUDED.canceled_at, gateway_version = EXCLUDED.gateway_version, updated_at = now()
       -- Newer version wins; two reports of the same version (Stripe's are whole seconds) go to the later state.
       WHERE (subscriptions.gateway_version, ${STATE_RANK('subscriptions.status')}) < (EXCLUDED.gateway_version, ${STATE_RANK('EXCLUDED.status')})
       RETURNING (xmax = 0) AS created, (SELECT status FROM before) AS "previousStatus", (SELECT current_period_end FROM before) AS "previousPeriodEnd"`,
      [s.userId, s.planId, s.gateway, s.gatewaySubscriptionId, s.gatewayCustomerId, s.status, s.trialEndsAt, s.currentPeriodEnd, s.canceledAt, s.version],
    )) as { created: boolean; previousStatus: string | null; previousPeriodEnd: Date | null }[];
    if (!rows.length) return { change: 'stale', receipt: null };
    const [row] = rows;
    return { change: row.created ? 'created' : 'updated', receipt: receiptOf(s, row) };
  }

  /** The person's free trial, when they have had one (docs/payments.md, "One free trial"). */
  async freeTrialOf(userId: string): Promise<{ usedAt: Date } | null> {
    const [row] = (await this.db.query(`SELECT used_at AS "usedAt" FROM free_trials WHERE user_id = $1`, [userId])) as { usedAt: Date }[];
    return row ?? null;
  }

  /**
   * Records that a subscription with a trial gave its owner their free trial, unless an earlier one
   * did; returns the subscription that did (this one, or the earlier). The owner is locked by the
   * caller (lockOwner), so two reports of one person never race here.
   */
  async recordFreeTrial(manager: EntityManager, userId: string, gateway: string, gatewaySubscriptionId: string): Promise<{ gateway: string; gatewaySubscriptionId: string }> {
    const [row] = (await manager.query(
      `WITH recorded AS (
         INSERT INTO free_trials (user_id, used_at, gateway, gateway_subscription_id) VALUES ($1, now(), $2, $3)
         ON CONFLICT (user_id) DO NOTHING RETURNING gateway, gateway_subscription_id)
       SELECT gateway, gateway_subscription_id AS "gatewaySubscriptionId" FROM recorded
       UNION ALL SELECT gateway, gateway_subscription_id FROM free_trials WHERE user_id = $1
       LIMIT 1`,
      [userId, gateway, gatewaySubscriptionId],
    )) as { gateway: string; gatewaySubscriptionId: string }[];
    return row;
  }

  /**
   * Records the card that paid for a subscription's trial, unless a trial was paid with it before;
   * true when this subscription is the card's first trial (or the same one reported again).
   */
  async claimTrialCard(gateway: string, fingerprint: string, userId: string, gatewaySubscriptionId: string): Promise<boolean> {
    const [row] = (await this.db.query(
      `WITH claimed AS (
         INSERT INTO trial_card_fingerprints (gateway, fingerprint, user_id, gateway_subscription_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (gateway, fingerprint) DO NOTHING RETURNING gateway_subscription_id)
       SELECT gateway_subscription_id AS "gatewaySubscriptionId" FROM claimed
       UNION ALL SELECT gateway_subscription_id FROM trial_card_fingerprints WHERE gateway = $1 AND fingerprint = $2
       LIMIT 1`,
      [gateway, fingerprint, userId, gatewaySubscriptionId],
    )) as { gatewaySubscriptionId: string }[];
    // No row: another trial claimed the card at the same moment (committed after this statement's snapshot).
    return row?.gatewaySubscriptionId === gatewaySubscriptionId;
  }

  /** Whether the applicant has another subscription that is running and renewing (a second checkout paid in another tab). */
  async hasOtherRenewing(manager: EntityManager, userId: string, gateway: string, gatewaySubscriptionId: string): Promise<boolean> {
    const [row] = (await manager.query(
      `SELECT EXISTS (SELECT 1 FROM subscriptions WHERE user_id = $1 AND NOT (gateway = $2 AND gateway_subscription_id = $3)
                        AND status = ANY('{${MEMBERSHIP_STATES_WITH_ACCESS.join(',')}}')) AS other`,
      [userId, gateway, gatewaySubscriptionId],
    )) as { other: boolean }[];
    return row.other;
  }

  /** The users' flag follows their memberships (the gate's SQL reads it). */
  async refreshUserFlag(manager: EntityManager | DataSource, userId: string): Promise<void> {
    // Written only when it changes: most reports (renewals, a second event about the same change) leave it as it is.
    await manager.query(
      `UPDATE users SET is_active_subscription = access.granted
         FROM (SELECT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = $1 AND ${GRANTS_ACCESS}) AS granted) access
        WHERE users.id = $1 AND users.is_active_subscription IS DISTINCT FROM access.granted`,
      [userId],
    );
  }

  /**
   * Cancelled memberships whose period has ended become expired, and their owners' flags follow.
   * The owners are locked first, as every membership change does (users, then subscriptions), so
   * a report being applied for the same applicant at that moment is waited for and counted.
   */
  async expireEnded(limit: number): Promise<string[]> {
    return this.db.transaction(async (manager) => {
      const due = (await manager.query(
        `SELECT DISTINCT user_id AS "userId" FROM subscriptions WHERE status = 'canceled' AND current_period_end <= now() LIMIT $1`,
        [limit],
      )) as { userId: string }[];
      const userIds = due.map((row) => row.userId);
      if (!userIds.length) return [];
      await manager.query(`SELECT id FROM users WHERE id = ANY($1) ORDER BY id FOR UPDATE`, [userIds]);
      await manager.query(`UPDATE subscriptions SET status = 'expired', updated_at = now() WHERE user_id = ANY($1) AND status = 'canceled' AND current_period_end <= now()`, [userIds]);
      for (const userId of userIds) await this.refreshUserFlag(manager, userId);
      return userIds;
    });
  }

  /**
   * Claims trials ending before `before` whose reminder is not sent yet (at most `limit`), marking
   * them sent; a reminder that then fails to send is released with `releaseTrialReminder`.
   */
  claimTrialReminders(now: Date, before: Date, limit: number): Promise<{ id: string; email: string; firstName: string; trialEndsAt: Date; title: string }[]> {
    return this.db
      .query(
        `UPDATE subscriptions s SET trial_reminder_sent_at = now()
           FROM users u, subscription_plans p
          WHERE s.id IN (SELECT id FROM subscriptions WHERE status = 'trialing' AND trial_reminder_sent_at IS NULL AND trial_ends_at <= $1 AND trial_ends_at > $3
                          ORDER BY trial_ends_at LIMIT $2 FOR UPDATE SKIP LOCKED)
            AND u.id = s.user_id AND p.id = s.plan_id
          RETURNING s.id, u.email, u.first_name AS "firstName", s.trial_ends_at AS "trialEndsAt", p.title`,
        [before, limit, now],
      )
      .then(([rows]: [{ id: string; email: string; firstName: string; trialEndsAt: Date; title: string }[]]) => rows);
  }

  async releaseTrialReminder(id: string): Promise<void> {
    await this.db.query(`UPDATE subscriptions SET trial_reminder_sent_at = NULL WHERE id = $1`, [id]);
  }

  async insertCheckout(checkout: {
    userId: string;
    planId: string;
    gateway: string;
    gatewaySessionId: string;
    linkId?: string;
    sourceId?: string;
    userAgent?: string;
    ipAddress?: string;
    countryCode: string;
  }): Promise<void> {
    await this.db.query(
      `INSERT INTO checkout_sessions (user_id, plan_id, gateway, gateway_session_id, link_id, source_id, user_agent, ip_address, country_code)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [checkout.userId, checkout.planId, checkout.gateway, checkout.gatewaySessionId, checkout.linkId ?? null, checkout.sourceId ?? null, checkout.userAgent ?? null, checkout.ipAddress ?? null, checkout.countryCode],
    );
  }

  /** The applicant's checkouts of the last day that have not been seen to end (the success page's server-side check). */
  openCheckouts(userId: string): Promise<OpenCheckout[]> {
    return this.db.query(
      `SELECT gateway, gateway_session_id AS "gatewaySessionId" FROM checkout_sessions
        WHERE user_id = $1 AND status = 'open' AND created_at > now() - interval '1 day' ORDER BY created_at DESC LIMIT 3`,
      [userId],
    );
  }

  /** The affiliate link and source of the applicant's latest checkout for a plan (for the sale's conversion). */
  async attributionOf(userId: string, planId: string): Promise<{ linkId: string | null; sourceId: string | null }> {
    const [row] = (await this.db.query(
      `SELECT link_id AS "linkId", source_id AS "sourceId" FROM checkout_sessions WHERE user_id = $1 AND plan_id = $2 ORDER BY created_at DESC LIMIT 1`,
      [userId, planId],
    )) as { linkId: string | null; sourceId: string | null }[];
    return row ?? { linkId: null, sourceId: null };
  }

  async closeCheckout(gateway: string, gatewaySessionId: string, status: 'complete' | 'expired'): Promise<void> {
    await this.db.query(`UPDATE checkout_sessions SET status = $3 WHERE gateway = $1 AND gateway_session_id = $2`, [gateway, gatewaySessionId, status]);
  }
}
