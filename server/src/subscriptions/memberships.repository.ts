import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import { kyselyIn, kyselyOf } from '../database/kysely.js';
import {
  CLAIM_TRIAL_CARD,
  CLAIM_TRIAL_REMINDERS,
  CURRENT_MEMBERSHIP,
  HAS_ACCESS,
  HAS_OTHER_RENEWING,
  LOCK_OWNER,
  MEMBERSHIP,
  MEMBERSHIPS_OF,
  RECORD_FREE_TRIAL,
  REFRESH_USER_FLAG,
  UPSERT_MEMBERSHIP,
  type MembershipRow,
  type OpenCheckout,
  type TrialReminder,
} from './memberships-statements.js';

export type { MembershipRow, OpenCheckout } from './memberships-statements.js';

/** The gateway name of memberships an admin grants at no price (docs/payments.md, "Complimentary memberships"). */
export const COMPLIMENTARY_GATEWAY = 'complimentary';

/** What a provider's report stores: a membership's own columns and the report's version. */
export type MembershipSnapshot = Omit<MembershipRow, 'id' | 'title' | 'monthlyAmountCents' | 'description' | 'grantsAccess'> & { version: number };

/** What a report did to the stored membership, and the receipt it calls for (docs/inbox.md). */
export interface UpsertOutcome {
  change: 'created' | 'updated' | 'stale';
  receipt: 'trial-started' | 'payment' | null;
  /** The state the membership entered with this report (new, or another than before); null when it stayed. */
  entered: string | null;
}

/** A new trial, or a paid period: a first active report, or one that moves an active period on. */
function receiptOf(s: MembershipSnapshot, before: { created: boolean; previousStatus: string | null; previousPeriodEnd: Date | null }): UpsertOutcome['receipt'] {
  if (before.created) return s.status === 'trialing' ? 'trial-started' : s.status === 'active' ? 'payment' : null;
  if (s.status !== 'active' || !s.currentPeriodEnd) return null;
  const periodMoved = !before.previousPeriodEnd || before.previousPeriodEnd.getTime() < new Date(s.currentPeriodEnd).getTime();
  return before.previousStatus !== 'active' || periodMoved ? 'payment' : null;
}

/** Each applicant's memberships as the payment provider last reported them, their checkouts, and the users' membership flag. */
@Injectable()
export class MembershipsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The membership to show: one that grants access if any, else the newest. */
  async current(userId: string): Promise<MembershipRow | null> {
    const [row] = await CURRENT_MEMBERSHIP.rows(this.db, [userId]);
    return row ?? null;
  }

  /** Every membership of the person, newest first. */
  historyOf(userId: string): Promise<(MembershipRow & { createdAt: Date; updatedAt: Date })[]> {
    return MEMBERSHIPS_OF.rows(this.db, [userId]);
  }

  /** The membership shown, read in the caller's transaction (after `lockUser`). */
  async currentIn(manager: EntityManager, userId: string): Promise<MembershipRow | null> {
    const [row] = await CURRENT_MEMBERSHIP.rows(manager, [userId]);
    return row ?? null;
  }

  /** Locks a person's row (membership changes of one person happen one at a time); their role, or null when no one has this id. */
  async lockUser(manager: EntityManager, userId: string): Promise<{ role: string } | null> {
    const row = await kyselyIn(manager).selectFrom('users').select('role').where('id', '=', userId).forUpdate().executeTakeFirst();
    return row ?? null;
  }

  /**
   * A complimentary membership (docs/payments.md, "Complimentary memberships"): a row of its own
   * gateway, `canceled` (it never renews) with its period ending at `endsAt`, at no price. The
   * access rule and the expiry job treat it as any cancelled membership.
   */
  async insertComplimentary(manager: EntityManager, grant: { userId: string; planId: string; endsAt: Date; gatewaySubscriptionId: string }): Promise<string> {
    const row = await kyselyIn(manager)
      .insertInto('subscriptions')
      .values({
        user_id: grant.userId,
        plan_id: grant.planId,
        gateway: COMPLIMENTARY_GATEWAY,
        gateway_subscription_id: grant.gatewaySubscriptionId,
        monthly_amount_cents: 0,
        status: 'canceled',
        current_period_end: grant.endsAt,
        canceled_at: sql<Date>`now()`,
        gateway_version: '0',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async find(id: string): Promise<MembershipRow | null> {
    const [row] = await MEMBERSHIP.rows(this.db, [id]);
    return row ?? null;
  }

  async hasAccess(userId: string): Promise<boolean> {
    const [row] = await HAS_ACCESS.rows(this.db, [userId]);
    return row.access;
  }

  /** The provider's customer id from an earlier subscription, so a second checkout reuses the customer. */
  async customerIdOf(userId: string, gateway: string): Promise<string | null> {
    const row = await kyselyOf(this.db)
      .selectFrom('subscriptions')
      .select('gateway_customer_id as id')
      .where('user_id', '=', userId)
      .where('gateway', '=', gateway)
      .where('gateway_customer_id', 'is not', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /**
   * The applicant a report is about, locked (membership changes of one applicant happen one at a
   * time): the owner of the subscription if the server knows it, else the one its metadata names.
   * Null when neither is an applicant of this server, or no plan is known.
   */
  async lockOwner(manager: EntityManager, gateway: string, gatewaySubscriptionId: string, named: { userId: string | null; planId: string | null }): Promise<{ userId: string; planId: string } | null> {
    const [row] = await LOCK_OWNER.rows(manager, [gateway, gatewaySubscriptionId, named.userId, named.planId]);
    return row?.planId ? { userId: row.userId, planId: row.planId } : null;
  }

  /**
   * Stores a provider's report unless a newer one is stored already (order safety: webhooks may
   * arrive late or shuffled). Returns whether the row was created, updated, or left as it was.
   */
  async upsert(manager: EntityManager, s: MembershipSnapshot): Promise<UpsertOutcome> {
    const rows = await UPSERT_MEMBERSHIP.rows(manager, [
      s.userId,
      s.planId,
      s.gateway,
      s.gatewaySubscriptionId,
      s.gatewayCustomerId,
      s.status,
      s.trialEndsAt,
      s.currentPeriodEnd,
      s.canceledAt,
      s.version,
    ]);
    if (!rows.length) return { change: 'stale', receipt: null, entered: null };
    const [row] = rows;
    const entered = row.created || row.previousStatus !== s.status ? s.status : null;
    return { change: row.created ? 'created' : 'updated', receipt: receiptOf(s, row), entered };
  }

  /** The person's free trial, when they have had one (docs/payments.md, "One free trial"). */
  async freeTrialOf(userId: string): Promise<{ usedAt: Date } | null> {
    const row = await kyselyOf(this.db).selectFrom('free_trials').select('used_at as usedAt').where('user_id', '=', userId).executeTakeFirst();
    return row ?? null;
  }

  /**
   * Records that a subscription with a trial gave its owner their free trial, unless an earlier one
   * did; returns the subscription that did (this one, or the earlier). The owner is locked by the
   * caller (lockOwner), so two reports of one person never race here.
   */
  async recordFreeTrial(manager: EntityManager, userId: string, gateway: string, gatewaySubscriptionId: string): Promise<{ gateway: string; gatewaySubscriptionId: string }> {
    const [row] = await RECORD_FREE_TRIAL.rows(manager, [userId, gateway, gatewaySubscriptionId]);
    return row;
  }

  /**
   * Records the card that paid for a subscription's trial, unless a trial was paid with it before;
   * true when this subscription is the card's first trial (or the same one reported again).
   */
  async claimTrialCard(gateway: string, fingerprint: string, userId: string, gatewaySubscriptionId: string): Promise<boolean> {
    const [row] = await CLAIM_TRIAL_CARD.rows(this.db, [gateway, fingerprint, userId, gatewaySubscriptionId]);
    // No row: another trial claimed the card at the same moment (committed after this statement's snapshot).
    return row?.gatewaySubscriptionId === gatewaySubscriptionId;
  }

  /** Whether the applicant has another subscription that is running and renewing (a second checkout paid in another tab). */
  async hasOtherRenewing(manager: EntityManager, userId: string, gateway: string, gatewaySubscriptionId: string): Promise<boolean> {
    const [row] = await HAS_OTHER_RENEWING.rows(manager, [userId, gateway, gatewaySubscriptionId]);
    return row.other;
  }

  /**
   * An admin sets an applicant's flag (docs/payments.md): the applicant's row is locked and its
   * flag before returned, null when no applicant has this id.
   */
  async setFlagByAdmin(manager: EntityManager, applicantId: string, active: boolean): Promise<{ before: boolean } | null> {
    const db = kyselyIn(manager);
    const row = await db.selectFrom('users').select('is_active_subscription').where('id', '=', applicantId).where('role', '=', 'applicant').forUpdate().executeTakeFirst();
    if (!row) return null;
    await db.updateTable('users').set({ is_active_subscription: active }).where('id', '=', applicantId).execute();
    return { before: row.is_active_subscription };
  }

  /** The users' flag follows their memberships (the gate's SQL reads it). */
  async refreshUserFlag(manager: EntityManager | DataSource, userId: string): Promise<void> {
    await REFRESH_USER_FLAG.rows(manager, [userId]);
  }

  /**
   * Cancelled memberships whose period has ended become expired, and their owners' flags follow.
   * The owners are locked first, as every membership change does (users, then subscriptions), so
   * a report being applied for the same applicant at that moment is waited for and counted.
   */
  async expireEnded(limit: number): Promise<string[]> {
    return this.db.transaction(async (manager) => {
      const db = kyselyIn(manager);
      const ended = sql<boolean>`status = 'canceled' AND current_period_end <= now()`;
      const due = await db.selectFrom('subscriptions').select('user_id as userId').distinct().where(ended).limit(limit).execute();
      const userIds = due.map((row) => row.userId);
      if (!userIds.length) return [];
      await sql`SELECT id FROM users WHERE id = ANY(${userIds}) ORDER BY id FOR UPDATE`.execute(db);
      await sql`UPDATE subscriptions SET status = 'expired', updated_at = now() WHERE user_id = ANY(${userIds}) AND ${ended}`.execute(db);
      for (const userId of userIds) await this.refreshUserFlag(manager, userId);
      return userIds;
    });
  }

  /**
   * Claims trials ending before `before` whose reminder is not sent yet (at most `limit`), marking
   * them sent; a reminder that then fails to send is released with `releaseTrialReminder`.
   */
  claimTrialReminders(now: Date, before: Date, limit: number): Promise<TrialReminder[]> {
    return CLAIM_TRIAL_REMINDERS.rows(this.db, [before, limit, now]);
  }

  async releaseTrialReminder(id: string): Promise<void> {
    await kyselyOf(this.db).updateTable('subscriptions').set({ trial_reminder_sent_at: null }).where('id', '=', id).execute();
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
    await kyselyOf(this.db)
      .insertInto('checkout_sessions')
      .values({
        user_id: checkout.userId,
        plan_id: checkout.planId,
        gateway: checkout.gateway,
        gateway_session_id: checkout.gatewaySessionId,
        link_id: checkout.linkId ?? null,
        source_id: checkout.sourceId ?? null,
        user_agent: checkout.userAgent ?? null,
        ip_address: checkout.ipAddress ?? null,
        country_code: checkout.countryCode,
      })
      .execute();
  }

  /** The applicant's checkouts of the last day that have not been seen to end (the success page's server-side check). */
  openCheckouts(userId: string): Promise<OpenCheckout[]> {
    return kyselyOf(this.db)
      .selectFrom('checkout_sessions')
      .select(['gateway', 'gateway_session_id as gatewaySessionId'])
      .where('user_id', '=', userId)
      .where('status', '=', 'open')
      .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
      .orderBy('created_at', 'desc')
      .limit(3)
      .execute();
  }

  /** The affiliate link and source of the applicant's latest checkout for a plan (for the sale's conversion). */
  async attributionOf(userId: string, planId: string): Promise<{ linkId: string | null; sourceId: string | null }> {
    const row = await kyselyOf(this.db)
      .selectFrom('checkout_sessions')
      .select(['link_id as linkId', 'source_id as sourceId'])
      .where('user_id', '=', userId)
      .where('plan_id', '=', planId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ?? { linkId: null, sourceId: null };
  }

  async closeCheckout(gateway: string, gatewaySessionId: string, status: 'complete' | 'expired'): Promise<void> {
    await kyselyOf(this.db).updateTable('checkout_sessions').set({ status }).where('gateway', '=', gateway).where('gateway_session_id', '=', gatewaySessionId).execute();
  }
}
