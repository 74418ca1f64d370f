import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type MembershipState, planPriceString, TRIAL_DAYS } from '@scholarmatch/schemas';
import type { AuditActor } from '../audit/audit-entry.js';
import { AuditLog } from '../audit/audit-log.service.js';
import { ApiError } from '../common/error-body.js';
import { type GatewaySubscription, type GatewaySubscriptionStatus, GatewayUnavailable, PaymentGateway } from '../payments/payment-gateway.js';
import { AppConfig } from '../config/app-config.js';
import { productSender } from '../inbox/inbox-message.js';
import { InboxService } from '../inbox/inbox.service.js';
import { JobQueue } from '../jobs/job-queue.js';
import { ConversionTracker, SALE_NOTE } from '../tracking/conversion-tracker.js';
import { UsersRepository } from '../users/users.repository.js';
import { membershipReceipt } from './membership-receipts.js';
import { COMPLIMENTARY_GATEWAY, type MembershipRow, MembershipsRepository, type UpsertOutcome } from './memberships.repository.js';
import { PlansRepository } from './plans.repository.js';
import { Metrics } from '../metrics/metrics.js';

/** A provider's subscription status, as a membership state (docs/payments.md, "States"). */
const STATE_OF_STATUS: Record<GatewaySubscriptionStatus, MembershipState> = {
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  // Retries exhausted but not cancelled, paused after a trial, or never paid: no access.
  unpaid: 'expired',
  paused: 'expired',
  incomplete: 'expired',
  incomplete_expired: 'expired',
  canceled: 'expired',
};

/** A running subscription that will not renew is 'canceled' for the applicant: benefits until its period ends. */
export function membershipStateOf(subscription: Pick<GatewaySubscription, 'status' | 'cancelAtPeriodEnd'>): MembershipState {
  const state = STATE_OF_STATUS[subscription.status] ?? 'expired';
  return subscription.cancelAtPeriodEnd && state !== 'expired' ? 'canceled' : state;
}

/** The subscription record the plan pages read (the first element of `userWithSubscription`; docs/api.md). */
export interface SubscriptionRecord {
  is_active_subscription: boolean;
  subscribed_id: string;
  price: string;
  description: string;
  payment_gateway: string;
  status: MembershipState;
  title: string;
  next_billing_date: string | null;
  trial_ends_at: string | null;
}

export interface CheckoutInput {
  planId: string;
  linkId?: string;
  sourceId?: string;
  userAgent?: string;
  ipAddress?: string;
  countryCode: string;
}

const SECOND_SUBSCRIPTION_QUEUE = 'membership-cancel-second';
const TRIAL_CHECK_QUEUE = 'membership-trial-check';

/** Whether a person can still have the free trial, and when they had it (docs/payments.md, "One free trial"). */
export interface FreeTrialState {
  available: boolean;
  /** The free days a checkout opened now gives: TRIAL_DAYS, or 0 once the trial was used. */
  days: number;
  usedAt: string | null;
}

/**
 * A trial just started that needs a look after its report is stored: `repeated` when its owner
 * had their free trial through another subscription (a checkout opened before that one started);
 * otherwise its card is checked against the cards that paid for earlier trials.
 */
interface TrialCheck {
  gateway: string;
  subscriptionId: string;
  userId: string;
  repeated: boolean;
}

const COMPLIMENTARY_MAX_YEARS = 5;

/** The moment a complimentary membership ending on `endsOn` (UTC) is over: the next midnight; refused before today or past 5 years. */
function complimentaryEnd(endsOn: string): Date {
  const endsAt = new Date(`${endsOn}T00:00:00.000Z`);
  const today = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00.000Z');
  const latest = new Date(today);
  latest.setUTCFullYear(latest.getUTCFullYear() + COMPLIMENTARY_MAX_YEARS);
  if (Number.isNaN(endsAt.getTime()) || endsAt.toISOString().slice(0, 10) !== endsOn || endsAt < today || endsAt > latest) {
    throw new ApiError(400, `The end date must be a day from today up to ${COMPLIMENTARY_MAX_YEARS} years ahead.`, { errorCode: 'INVALID_END_DATE' });
  }
  endsAt.setUTCDate(endsAt.getUTCDate() + 1);
  return endsAt;
}

export type ApplyOutcome = 'applied' | 'duplicate' | 'unknown owner';

/** A report naming no applicant of this server (yet): its transaction is rolled back. */
class UnknownOwner extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOrNull = (value: string | undefined) => (value && UUID.test(value) ? value : null);

export const gatewayUnavailable = () =>
  new ApiError(502, 'The payment provider did not answer. Nothing was charged; please try again in a minute.', { errorCode: 'PAYMENT_PROVIDER_UNAVAILABLE' });

/**
 * Memberships: opening a checkout, storing what the provider reports (webhooks and the server's
 * own checks), the record the plan pages show, and cancelling. The provider is the source of
 * truth; the `subscriptions` table mirrors it and the users' flag follows.
 */
@Injectable()
export class MembershipsService implements OnModuleInit {
  private readonly logger = new Logger('Memberships');

  constructor(
    private readonly memberships: MembershipsRepository,
    private readonly plans: PlansRepository,
    private readonly users: UsersRepository,
    private readonly gateway: PaymentGateway,
    private readonly conversions: ConversionTracker,
    private readonly jobs: JobQueue,
    private readonly inbox: InboxService,
    private readonly config: AppConfig,
    private readonly audit: AuditLog,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ gateway: string; subscriptionId: string }>(SECOND_SUBSCRIPTION_QUEUE, (job) => this.cancelSecondSubscription(job.gateway, job.subscriptionId), {
      retryLimit: 8,
      retryDelaySeconds: 30,
    });
    this.jobs.register<TrialCheck>(TRIAL_CHECK_QUEUE, (job) => this.checkTrial(job), { retryLimit: 8, retryDelaySeconds: 30 });
  }

  /** The person's free trial: still to have, or used on a day (the plan pages say so). */
  async freeTrial(userId: string): Promise<FreeTrialState> {
    const used = await this.memberships.freeTrialOf(userId);
    return used ? { available: false, days: 0, usedAt: used.usedAt.toISOString() } : { available: true, days: TRIAL_DAYS, usedAt: null };
  }

  /**
   * One free trial per person, and per card where the provider identifies cards: a trial started
   * by someone who had theirs already, or paid with a card that paid for an earlier trial, ends at
   * once and its first period is billed.
   */
  private async checkTrial({ gateway, subscriptionId, userId, repeated }: TrialCheck): Promise<void> {
    if (gateway !== this.gateway.name) return;
    if (!repeated) {
      const fingerprint = await this.gateway.cardFingerprint(subscriptionId);
      if (!fingerprint || (await this.memberships.claimTrialCard(gateway, fingerprint, userId, subscriptionId))) return;
    }
    this.logger.warn({ userId, subscriptionId, reason: repeated ? 'person' : 'card' }, 'a second free trial: ended at once, its first period billed');
    await this.applyGatewaySubscription(gateway, await this.gateway.endTrialNow(subscriptionId));
  }

  /**
   * A second subscription started while another one renews (two checkouts paid in two tabs) is
   * cancelled at once at the provider: it ends with its trial and is never billed.
   */
  private async cancelSecondSubscription(gateway: string, subscriptionId: string): Promise<void> {
    if (gateway !== this.gateway.name) return;
    await this.applyGatewaySubscription(gateway, await this.gateway.cancelAtPeriodEnd(subscriptionId));
  }

  async startCheckout(userId: string, input: CheckoutInput): Promise<{ checkoutUrl: string; sessionId: string }> {
    const [plan, user] = await Promise.all([this.plans.find(input.planId), this.users.findById(userId)]);
    if (!plan || !plan.active) throw new ApiError(404, 'This plan is not offered any more. Please choose one of the plans shown.', { errorCode: 'PLAN_NOT_FOUND' });
    if (!user) throw new ApiError(401, 'Please log in again.', { errorCode: 'NOT_SIGNED_IN' });
    if (await this.memberships.hasAccess(userId)) {
      throw new ApiError(409, 'You already have an active membership. See it under My Subscription plan.', { errorCode: 'ALREADY_SUBSCRIBED' });
    }
    const usedTrial = await this.memberships.freeTrialOf(userId);
    const profileAnswer = (key: string) => (typeof user.profile[key] === 'string' ? (user.profile[key] as string) : null);
    const countryCode = (profileAnswer('country') ?? input.countryCode).toUpperCase();
    let session;
    try {
      session = await this.gateway.createCheckout({
        priceId: plan.priceId,
        amountCents: plan.monthlyAmountCents * plan.intervalMonths,
        intervalMonths: plan.intervalMonths,
        planTitle: plan.title,
        // One free trial per person: after it, the plan bills at once.
        trialDays: usedTrial ? 0 : TRIAL_DAYS,
        trialUsedAt: usedTrial?.usedAt.toISOString() ?? null,
        customerEmail: user.email,
        customerId: await this.memberships.customerIdOf(userId, this.gateway.name),
        countryCode,
        postalCode: profileAnswer('zipCode'),
        metadata: { userId, planId: plan.id, ...(input.linkId && { linkId: input.linkId }), ...(input.sourceId && { sourceId: input.sourceId }) },
        // The configured address, never a request's Host header (docs/security.md, "Absolute addresses").
        successUrl: `${this.config.publicUrl}/auth/dashboard/success`,
        cancelUrl: `${this.config.publicUrl}/auth/dashboard/subscription-plan`,
      });
    } catch (error) {
      this.logger.warn({ err: error }, 'checkout not opened');
      throw gatewayUnavailable();
    }
    await this.memberships.insertCheckout({ ...input, userId, planId: plan.id, gateway: this.gateway.name, gatewaySessionId: session.id, countryCode });
    return { checkoutUrl: session.url, sessionId: session.id };
  }

  /**
   * Stores a provider's report of a subscription, unless a newer one is stored (order safety), and
   * updates its owner's flag; a new trial is a sale for the conversion trackers. `claim` runs first
   * in the same transaction (the webhook intake stores its event there, so the event and its effect
   * commit together); when it answers false the report was received before and nothing is done.
   */
  async applyGatewaySubscription(gateway: string, subscription: GatewaySubscription, claim?: (manager: EntityManager) => Promise<boolean>): Promise<ApplyOutcome> {
    let result: { created: boolean; secondSubscription: boolean; trialCheck: TrialCheck | null; userId: string; planId: string; entered: string | null; trialStarted: boolean } | 'duplicate';
    try {
      result = await this.memberships.transaction(async (manager) => {
        if (claim && !(await claim(manager))) return 'duplicate';
        const owner = await this.memberships.lockOwner(manager, gateway, subscription.id, {
          userId: uuidOrNull(subscription.metadata.userId),
          planId: uuidOrNull(subscription.metadata.planId),
        });
        // Rolls the claim back too: the intake keeps the event for a retry.
        if (!owner) throw new UnknownOwner();
        const outcome = await this.memberships.upsert(manager, {
          ...owner,
          gateway,
          gatewaySubscriptionId: subscription.id,
          gatewayCustomerId: subscription.customerId,
          status: membershipStateOf(subscription),
          trialEndsAt: subscription.trialEnd,
          currentPeriodEnd: subscription.currentPeriodEnd,
          canceledAt: subscription.canceledAt,
          version: subscription.version,
        });
        if (outcome.change !== 'stale') await this.memberships.refreshUserFlag(manager, owner.userId);
        if (outcome.receipt) await this.sendReceipt(manager, owner, outcome.receipt, subscription);
        const running = subscription.status === 'trialing' || subscription.status === 'active';
        const secondSubscription = outcome.change === 'created' && running && !subscription.cancelAtPeriodEnd && (await this.memberships.hasOtherRenewing(manager, owner.userId, gateway, subscription.id));
        const trialCheck = outcome.change === 'created' ? await this.recordTrial(manager, owner.userId, gateway, subscription) : null;
        return { created: outcome.change === 'created', secondSubscription, trialCheck, ...owner, entered: outcome.entered, trialStarted: outcome.receipt === 'trial-started' };
      });
    } catch (error) {
      if (error instanceof UnknownOwner) return 'unknown owner';
      throw error;
    }
    if (result === 'duplicate') return 'duplicate';
    // Counted once committed (docs/operations.md, "Metrics"); the states are the fixed MembershipState set.
    if (result.entered) this.metrics.membershipTransitions.inc({ to: result.entered });
    if (result.trialStarted) this.metrics.trialsStarted.inc();
    if (result.secondSubscription) {
      // Cancelled before it bills: it ends with its trial, so that trial needs no other look.
      this.logger.warn({ userId: result.userId, subscriptionId: subscription.id }, 'second subscription of a member: cancelled before it bills');
      await this.jobs.send(SECOND_SUBSCRIPTION_QUEUE, { gateway, subscriptionId: subscription.id }, { singletonKey: `${gateway}:${subscription.id}` });
      return 'applied';
    }
    if (result.created) await this.trackSale(gateway, subscription, result.planId, result.userId);
    if (result.trialCheck) await this.jobs.send(TRIAL_CHECK_QUEUE, result.trialCheck, { singletonKey: `${gateway}:${subscription.id}` });
    return 'applied';
  }

  /**
   * A new subscription with a trial gives its owner their free trial (kept in `free_trials`, first
   * one wins; the subscriptions stored before that table are counted by its migration). One still
   * in its trial then needs a check: whether the free trial was another subscription's (repeated),
   * or whether its card had one.
   */
  private async recordTrial(manager: EntityManager, userId: string, gateway: string, subscription: GatewaySubscription): Promise<TrialCheck | null> {
    if (!subscription.trialEnd && subscription.status !== 'trialing') return null;
    const taker = await this.memberships.recordFreeTrial(manager, userId, gateway, subscription.id);
    if (subscription.status !== 'trialing') return null;
    const repeated = taker.gateway !== gateway || taker.gatewaySubscriptionId !== subscription.id;
    return { gateway, subscriptionId: subscription.id, userId, repeated };
  }

  /** The receipt goes into the inbox (and so by e-mail) in the report's transaction: once per report applied. */
  private async sendReceipt(manager: EntityManager, owner: { userId: string; planId: string }, receipt: NonNullable<UpsertOutcome['receipt']>, subscription: GatewaySubscription): Promise<void> {
    const plan = await this.plans.find(owner.planId, manager);
    if (!plan) return;
    const message = membershipReceipt(receipt, plan, { trialEndsAt: subscription.trialEnd, currentPeriodEnd: subscription.currentPeriodEnd });
    await this.inbox.deliver([owner.userId], { ...productSender(this.config.MAIL_FROM), ...message }, manager);
  }

  private async trackSale(gateway: string, subscription: GatewaySubscription, planId: string, userId: string): Promise<void> {
    const [plan, attribution] = await Promise.all([this.plans.find(planId), this.memberships.attributionOf(userId, planId)]);
    await this.conversions.track({
      kind: 'sale',
      userId,
      amountCents: plan?.monthlyAmountCents ?? 0,
      note: SALE_NOTE,
      ...attribution,
      dedupeKey: `sale:${gateway}:${subscription.id}`,
    });
  }

  /** An admin grants or ends an applicant's membership by hand (support cases); 404 when no applicant has this id. */
  /** An admin grants or ends a membership; audited in the same transaction (docs/console.md, "Audit log"). */
  async setByAdmin(applicantId: string, active: boolean, actor: AuditActor): Promise<void> {
    await this.memberships.transaction(async (tx) => {
      const set = await this.memberships.setFlagByAdmin(tx, applicantId, active);
      if (!set) throw new ApiError(404, 'There is no such applicant.', { errorCode: 'APPLICANT_NOT_FOUND' });
      const before = { isActiveSubscription: set.before };
      await this.audit.record({ actor, action: 'membership.set', targetType: 'applicant', targetId: applicantId, before, after: { isActiveSubscription: active } }, tx);
    });
  }

  /**
   * The plan pages' record. Before answering "not subscribed", asks the provider about the
   * applicant's recent checkouts: a trial paid a moment ago counts even if its webhook is late.
   */
  async current(userId: string): Promise<SubscriptionRecord | null> {
    // The row shown is one that grants access when any does: its own answer is the applicant's.
    let row = await this.memberships.current(userId);
    if (!row?.grantsAccess && (await this.reconcileCheckouts(userId))) row = await this.memberships.current(userId);
    return row ? this.record(row) : null;
  }

  private async reconcileCheckouts(userId: string): Promise<boolean> {
    let applied = false;
    for (const checkout of await this.memberships.openCheckouts(userId)) {
      if (checkout.gateway !== this.gateway.name) continue;
      try {
        const state = await this.gateway.retrieveCheckout(checkout.gatewaySessionId);
        if (state.status === 'open') continue;
        if (state.subscription) applied = (await this.applyGatewaySubscription(this.gateway.name, state.subscription)) === 'applied' || applied;
        await this.memberships.closeCheckout(checkout.gateway, checkout.gatewaySessionId, state.status);
      } catch (error) {
        // The webhook will still bring it; the page asks again.
        if (!(error instanceof GatewayUnavailable)) throw error;
        this.logger.warn({ err: error }, 'checkout check failed');
      }
    }
    return applied;
  }

  /** Stops renewal at the provider; benefits last until the period ends. Owner only. */
  async cancel(userId: string, subscriptionId: string, gateway: string): Promise<SubscriptionRecord> {
    const row = await this.memberships.find(subscriptionId);
    if (!row || row.userId !== userId || row.gateway !== gateway) {
      throw new ApiError(404, 'You have no such subscription.', { errorCode: 'SUBSCRIPTION_NOT_FOUND' });
    }
    return this.cancelAtPeriodEnd(row);
  }

  /**
   * An admin stops the renewal of a person's membership, as the member's own Cancel does; the
   * audit row is written in the transaction that stores the provider's answer (docs/console.md, "People").
   */
  async cancelByAdmin(userId: string, actor: AuditActor): Promise<SubscriptionRecord> {
    const row = await this.memberships.current(userId);
    if (!row) throw new ApiError(404, 'This person has no membership.', { errorCode: 'SUBSCRIPTION_NOT_FOUND' });
    const before = { status: row.status, currentPeriodEnd: row.currentPeriodEnd };
    return this.cancelAtPeriodEnd(row, async (tx) => {
      const after = { status: 'canceled', currentPeriodEnd: row.currentPeriodEnd };
      await this.audit.record({ actor, action: 'membership.canceled', targetType: 'subscription', targetId: row.id, before, after }, tx);
      return true;
    });
  }

  private async cancelAtPeriodEnd(row: MembershipRow, inTransaction?: (manager: EntityManager) => Promise<boolean>): Promise<SubscriptionRecord> {
    if (row.status === 'canceled' || row.status === 'expired') {
      throw new ApiError(409, 'This subscription is already cancelled.', { errorCode: 'ALREADY_CANCELLED' });
    }
    let reported: GatewaySubscription;
    try {
      reported = await this.gateway.cancelAtPeriodEnd(row.gatewaySubscriptionId);
    } catch (error) {
      this.logger.warn({ err: error }, 'cancel not confirmed by the provider');
      throw gatewayUnavailable();
    }
    await this.applyGatewaySubscription(row.gateway, reported, inTransaction);
    return this.record((await this.memberships.find(row.id))!);
  }

  /** Every membership of a person, newest first, with whether it grants access now (the console's person page). */
  historyOf(userId: string) {
    return this.memberships.historyOf(userId);
  }

  /**
   * An admin grants a membership at no price until the end of `endsOn` (UTC): a `canceled` row of
   * the 'complimentary' gateway whose period ends then, so the access rule, the users' flag and
   * the expiry job treat it as any cancelled membership (docs/payments.md, "Complimentary
   * memberships"). Applicants only; refused while a paid membership grants access.
   */
  async grantComplimentary(userId: string, endsOn: string, reason: string, actor: AuditActor): Promise<SubscriptionRecord> {
    const endsAt = complimentaryEnd(endsOn);
    if (!reason.trim()) throw new ApiError(400, 'Please give a reason for the complimentary membership.', { errorCode: 'REASON_EMPTY' });
    // The first plan offered names it (a row needs one); read before the transaction, on its own connection.
    const [plan] = await this.plans.list(true);
    const id = await this.memberships.transaction(async (tx) => {
      const user = await this.memberships.lockUser(tx, userId);
      if (!user) throw new ApiError(404, 'There is no such person.', { errorCode: 'USER_NOT_FOUND' });
      if (user.role !== 'applicant') throw new ApiError(409, 'Only applicants have memberships.', { errorCode: 'NOT_APPLICANT' });
      const current = await this.memberships.currentIn(tx, userId);
      if (current?.grantsAccess && current.gateway !== COMPLIMENTARY_GATEWAY) {
        throw new ApiError(409, 'This person already has a paid membership that grants access.', { errorCode: 'ALREADY_SUBSCRIBED' });
      }
      if (!plan) throw new ApiError(409, 'No plan is offered, so no membership can be granted.', { errorCode: 'PLAN_NOT_FOUND' });
      const granted = await this.memberships.insertComplimentary(tx, { userId, planId: plan.id, endsAt, gatewaySubscriptionId: `comp_${randomUUID()}` });
      await this.memberships.refreshUserFlag(tx, userId);
      const before = current ? { status: current.status, gateway: current.gateway, currentPeriodEnd: current.currentPeriodEnd } : null;
      const after = { subscriptionId: granted, gateway: COMPLIMENTARY_GATEWAY, endsOn, currentPeriodEnd: endsAt, reason };
      await this.audit.record({ actor, action: 'membership.complimentary_granted', targetType: 'applicant', targetId: userId, before, after }, tx);
      return granted;
    });
    return this.record((await this.memberships.find(id))!);
  }

  private record(row: MembershipRow): SubscriptionRecord {
    return {
      is_active_subscription: row.grantsAccess,
      subscribed_id: row.id,
      price: planPriceString(row.monthlyAmountCents),
      description: row.description,
      payment_gateway: row.gateway,
      status: row.status,
      title: row.title,
      next_billing_date: row.currentPeriodEnd?.toISOString() ?? null,
      trial_ends_at: row.trialEndsAt?.toISOString() ?? null,
    };
  }
}
