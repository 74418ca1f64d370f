import { Injectable } from '@nestjs/common';
import { ServerSecrets } from '../../auth/server-secrets.js';
import {
  type CheckoutRequest,
  type CheckoutSession,
  type CheckoutState,
  GatewayUnavailable,
  type GatewaySubscription,
  type GatewaySubscriptionStatus,
  PaymentGateway,
  type PaymentEvent,
  WebhookRejected,
} from '../payment-gateway.js';
import { type SandboxSubscriptionObject, SandboxProvider, subscriptionObject } from './sandbox-provider.js';
import { SANDBOX_SIGNATURE_HEADER, verifySandboxWebhook } from './sandbox-signature.js';

const date = (value: string | null) => (value ? new Date(value) : null);

function toGatewaySubscription(object: SandboxSubscriptionObject): GatewaySubscription {
  return {
    id: object.id,
    customerId: object.customer,
    status: object.status as GatewaySubscriptionStatus,
    cancelAtPeriodEnd: object.cancel_at_period_end,
    trialEnd: date(object.trial_end),
    currentPeriodEnd: date(object.current_period_end),
    canceledAt: date(object.canceled_at),
    metadata: { userId: object.metadata.userId, planId: object.metadata.planId },
    version: object.version,
  };
}

interface SandboxEvent {
  id: string;
  type: string;
  created: string;
  data: { object: { object?: string } };
}

function isSandboxEvent(value: unknown): value is SandboxEvent {
  const event = value as SandboxEvent;
  return typeof event?.id === 'string' && typeof event.type === 'string' && typeof event.created === 'string' && typeof event.data?.object === 'object' && event.data.object !== null;
}

/** The port over the built-in sandbox provider: its "API" is a call in the same process. */
@Injectable()
export class SandboxPaymentGateway extends PaymentGateway {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly sandbox: SandboxProvider,
    private readonly secrets: ServerSecrets,
  ) {
    super();
  }

  createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    return this.sandbox.createSession(request);
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutState> {
    const session = await this.sandbox.session(sessionId);
    if (!session) throw new GatewayUnavailable(`The sandbox has no checkout ${sessionId}.`);
    const subscription = session.subscriptionId ? await this.sandbox.subscription(session.subscriptionId) : null;
    return { status: session.status, subscription: subscription ? toGatewaySubscription(subscriptionObject(subscription)) : null };
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<GatewaySubscription> {
    const row = await this.sandbox.cancelAtPeriodEnd(subscriptionId);
    if (!row) throw new GatewayUnavailable(`The sandbox has no subscription ${subscriptionId}.`);
    return toGatewaySubscription(subscriptionObject(row));
  }

  parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): PaymentEvent {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    verifySandboxWebhook(this.secrets.sandboxWebhookKey, rawBody, Array.isArray(header) ? header[0] : header);
    let event: unknown;
    try {
      event = JSON.parse(rawBody);
    } catch {
      throw new WebhookRejected('The webhook body is not JSON.', 'EVENT_MALFORMED');
    }
    if (!isSandboxEvent(event) || Number.isNaN(Date.parse(event.created))) {
      throw new WebhookRejected('The webhook body is not an event (id, type, created, data.object).', 'EVENT_MALFORMED');
    }
    const object = event.data.object;
    return {
      id: event.id,
      type: event.type,
      occurredAt: new Date(event.created),
      subscription: object.object === 'subscription' ? toGatewaySubscription(object as SandboxSubscriptionObject) : null,
      payload: event,
    };
  }

  now(): Promise<Date> {
    return this.sandbox.now();
  }

  /** The test cards are shared by everyone, so a card says nothing about who pays: the sandbox keeps one trial per person only. */
  async cardFingerprint(): Promise<string | null> {
    return null;
  }

  async endTrialNow(subscriptionId: string): Promise<GatewaySubscription> {
    const row = await this.sandbox.endTrialNow(subscriptionId);
    if (!row) throw new GatewayUnavailable(`The sandbox has no subscription ${subscriptionId}.`);
    return toGatewaySubscription(subscriptionObject(row));
  }
}
