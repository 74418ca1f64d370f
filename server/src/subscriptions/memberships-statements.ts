import { MEMBERSHIP_STATES, MEMBERSHIP_STATES_WITH_ACCESS, type MembershipState } from '@scholarmatch/schemas';
import { Statement } from '../database/statement.js';

/**
 * The memberships' statements kept as SQL (docs/payments.md), with their row and parameter types
 * (docs/architecture.md, "Data access"): the access rule and the state order are SQL the
 * statements share, so they stay fixed text made once.
 */

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

export interface OpenCheckout {
  gateway: string;
  gatewaySessionId: string;
}

export interface TrialReminder {
  id: string;
  email: string;
  firstName: string;
  trialEndsAt: Date;
  title: string;
}

const MEMBERSHIP_COLUMNS = `s.id, s.user_id AS "userId", s.plan_id AS "planId", s.gateway,
  s.gateway_subscription_id AS "gatewaySubscriptionId", s.gateway_customer_id AS "gatewayCustomerId", s.status,
  s.trial_ends_at AS "trialEndsAt", s.current_period_end AS "currentPeriodEnd", s.canceled_at AS "canceledAt",
  p.title, s.monthly_amount_cents AS "monthlyAmountCents", p.description, ${GRANTS_ACCESS} AS "grantsAccess"`;

/** The membership to show: one that grants access if any, else the newest. */
export const CURRENT_MEMBERSHIP = new Statement<MembershipRow, readonly [userId: string]>(
  `SELECT ${MEMBERSHIP_COLUMNS} FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id
        WHERE s.user_id = $1 ORDER BY ${GRANTS_ACCESS} DESC, (s.status <> 'canceled') DESC, s.created_at DESC LIMIT 1`,
);

export const MEMBERSHIP = new Statement<MembershipRow, readonly [id: string]>(
  `SELECT ${MEMBERSHIP_COLUMNS} FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id WHERE s.id = $1`,
);

export const HAS_ACCESS = new Statement<{ access: boolean }, readonly [userId: string]>(
  `SELECT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = $1 AND ${GRANTS_ACCESS}) AS access`,
);

/** The owner of a reported subscription if known, else the applicant its metadata names; locked. */
export const LOCK_OWNER = new Statement<{ userId: string; planId: string | null }, readonly [gateway: string, gatewaySubscriptionId: string, userId: string | null, planId: string | null]>(
  `WITH known AS (SELECT user_id, plan_id FROM subscriptions WHERE gateway = $1 AND gateway_subscription_id = $2)
       SELECT u.id AS "userId", coalesce((SELECT plan_id FROM known), $4::uuid) AS "planId"
         FROM users u WHERE u.id = coalesce((SELECT user_id FROM known), $3::uuid) FOR UPDATE OF u`,
);

/** What a stored report was before a newer one replaced it. */
export interface UpsertedRow {
  created: boolean;
  previousStatus: string | null;
  previousPeriodEnd: Date | null;
}

type UpsertParams = readonly [
  userId: string,
  planId: string,
  gateway: string,
  gatewaySubscriptionId: string,
  gatewayCustomerId: string | null,
  status: string,
  trialEndsAt: Date | null,
  currentPeriodEnd: Date | null,
  canceledAt: Date | null,
  version: number,
];

// `before` reads the row as it was before this statement: a period paid is one the report moves on.
export const UPSERT_MEMBERSHIP = new Statement<UpsertedRow, UpsertParams>(
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
);

/** The person's free trial as recorded now: this subscription's if none was before. */
export const RECORD_FREE_TRIAL = new Statement<{ gateway: string; gatewaySubscriptionId: string }, readonly [userId: string, gateway: string, gatewaySubscriptionId: string]>(
  `WITH recorded AS (
         INSERT INTO free_trials (user_id, used_at, gateway, gateway_subscription_id) VALUES ($1, now(), $2, $3)
         ON CONFLICT (user_id) DO NOTHING RETURNING gateway, gateway_subscription_id)
       SELECT gateway, gateway_subscription_id AS "gatewaySubscriptionId" FROM recorded
       UNION ALL SELECT gateway, gateway_subscription_id FROM free_trials WHERE user_id = $1
       LIMIT 1`,
);

/** The subscription whose trial the card paid first: this one if the card is new. */
export const CLAIM_TRIAL_CARD = new Statement<{ gatewaySubscriptionId: string }, readonly [gateway: string, fingerprint: string, userId: string, gatewaySubscriptionId: string]>(
  `WITH claimed AS (
         INSERT INTO trial_card_fingerprints (gateway, fingerprint, user_id, gateway_subscription_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (gateway, fingerprint) DO NOTHING RETURNING gateway_subscription_id)
       SELECT gateway_subscription_id AS "gatewaySubscriptionId" FROM claimed
       UNION ALL SELECT gateway_subscription_id FROM trial_card_fingerprints WHERE gateway = $1 AND fingerprint = $2
       LIMIT 1`,
);

export const HAS_OTHER_RENEWING = new Statement<{ other: boolean }, readonly [userId: string, gateway: string, gatewaySubscriptionId: string]>(
  `SELECT EXISTS (SELECT 1 FROM subscriptions WHERE user_id = $1 AND NOT (gateway = $2 AND gateway_subscription_id = $3)
                        AND status = ANY('{${MEMBERSHIP_STATES_WITH_ACCESS.join(',')}}')) AS other`,
);

// Written only when it changes: most reports (renewals, a second event about the same change) leave it as it is.
export const REFRESH_USER_FLAG = new Statement<Record<string, never>, readonly [userId: string]>(
  `UPDATE users SET is_active_subscription = access.granted
         FROM (SELECT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = $1 AND ${GRANTS_ACCESS}) AS granted) access
        WHERE users.id = $1 AND users.is_active_subscription IS DISTINCT FROM access.granted`,
);

export const CLAIM_TRIAL_REMINDERS = new Statement<TrialReminder, readonly [before: Date, limit: number, now: Date]>(
  `UPDATE subscriptions s SET trial_reminder_sent_at = now()
           FROM users u, subscription_plans p
          WHERE s.id IN (SELECT id FROM subscriptions WHERE status = 'trialing' AND trial_reminder_sent_at IS NULL AND trial_ends_at <= $1 AND trial_ends_at > $3
                          ORDER BY trial_ends_at LIMIT $2 FOR UPDATE SKIP LOCKED)
            AND u.id = s.user_id AND p.id = s.plan_id
          RETURNING s.id, u.email, u.first_name AS "firstName", s.trial_ends_at AS "trialEndsAt", p.title`,
);


/** Every membership of one person, newest first (the console's person page, docs/console.md "People"). */
export const MEMBERSHIPS_OF = new Statement<MembershipRow & { createdAt: Date; updatedAt: Date }, readonly [userId: string]>(
  `SELECT ${MEMBERSHIP_COLUMNS}, s.created_at AS "createdAt", s.updated_at AS "updatedAt"
     FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id WHERE s.user_id = $1 ORDER BY s.created_at DESC, s.id DESC`,
);
