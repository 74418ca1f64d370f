import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Memberships (docs/payments.md): the plans as data, each applicant's subscriptions as the payment
 * provider last reported them, the checkouts they opened, every webhook event received (audit and
 * idempotency), stored conversion events, and the built-in sandbox provider's own state (its
 * checkouts, subscriptions, outgoing events and clock), which a real provider keeps on its side.
 */
export class CreateMemberships1795600000000 implements MigrationInterface {
  name = 'CreateMemberships1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE subscription_plans (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        product_id text NOT NULL UNIQUE,
        title text NOT NULL,
        -- The price shown is per month; a period of interval_months is billed monthly_amount_cents x interval_months.
        monthly_amount_cents integer NOT NULL CHECK (monthly_amount_cents > 0),
        interval_months integer NOT NULL CHECK (interval_months IN (1, 3, 6, 12)),
        currency text NOT NULL DEFAULT 'USD' CHECK (currency = 'USD'),
        description text NOT NULL,
        most_popular boolean NOT NULL DEFAULT false,
        price_id text NOT NULL,
        sort_order integer NOT NULL DEFAULT 0,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    const benefits = 'Scholarship details and requirement forms,Easy Apply to every match,Automatic application to new matches,Essay help and assistance answers,Cancel anytime';
    await queryRunner.query(
      `INSERT INTO subscription_plans (product_id, title, monthly_amount_cents, interval_months, description, most_popular, price_id, sort_order)
       VALUES ('monthly', 'Monthly Plan', 2900, 1, $1, false, 'price_sandbox_monthly', 1),
              ('quarterly', 'Quarterly Plan', 1900, 3, $1, true, 'price_sandbox_quarterly', 2),
              ('yearly', 'Yearly Plan', 1200, 12, $1, false, 'price_sandbox_yearly', 3)`,
      [benefits],
    );

    await queryRunner.query(`
      CREATE TABLE subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        plan_id uuid NOT NULL REFERENCES subscription_plans(id),
        gateway text NOT NULL,
        gateway_subscription_id text NOT NULL,
        gateway_customer_id text,
        -- The monthly price it was sold at: a later change of the plan's price does not touch it.
        monthly_amount_cents integer NOT NULL CHECK (monthly_amount_cents > 0),
        status text NOT NULL CHECK (status IN ('trialing', 'active', 'past_due', 'canceled', 'expired')),
        trial_ends_at timestamptz,
        current_period_end timestamptz,
        canceled_at timestamptz,
        -- The provider's order of its reports: an older report never overwrites a newer one.
        gateway_version bigint NOT NULL,
        trial_reminder_sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (gateway, gateway_subscription_id)
      )`);
    await queryRunner.query(`CREATE INDEX subscriptions_user ON subscriptions (user_id, created_at DESC)`);
    await queryRunner.query(`CREATE INDEX subscriptions_trialing ON subscriptions (trial_ends_at) WHERE status = 'trialing' AND trial_reminder_sent_at IS NULL`);
    await queryRunner.query(`CREATE INDEX subscriptions_canceled ON subscriptions (current_period_end) WHERE status = 'canceled'`);

    await queryRunner.query(`
      CREATE TABLE checkout_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        plan_id uuid NOT NULL REFERENCES subscription_plans(id),
        gateway text NOT NULL,
        gateway_session_id text NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
        link_id text,
        source_id text,
        user_agent text,
        ip_address text,
        country_code text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (gateway, gateway_session_id)
      )`);
    await queryRunner.query(`CREATE INDEX checkout_sessions_user ON checkout_sessions (user_id, created_at DESC)`);

    await queryRunner.query(`
      CREATE TABLE payment_events (
        gateway text NOT NULL,
        event_id text NOT NULL,
        type text NOT NULL,
        occurred_at timestamptz NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        payload jsonb NOT NULL,
        processed_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        PRIMARY KEY (gateway, event_id)
      )`);
    await queryRunner.query(`CREATE INDEX payment_events_unprocessed ON payment_events (received_at) WHERE processed_at IS NULL`);

    await queryRunner.query(`
      CREATE TABLE conversions (
        id bigserial PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('lead', 'sale')),
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        amount_cents integer NOT NULL,
        note text,
        link_id text,
        source_id text,
        -- One sale per subscription, one lead per account, however often the event is delivered.
        dedupe_key text NOT NULL UNIQUE,
        forwarded_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    // The sandbox provider's side.
    await queryRunner.query(`CREATE TABLE sandbox_clock (id boolean PRIMARY KEY DEFAULT true CHECK (id), offset_ms bigint NOT NULL DEFAULT 0)`);
    await queryRunner.query(`INSERT INTO sandbox_clock DEFAULT VALUES`);
    await queryRunner.query(`
      CREATE TABLE sandbox_checkout_sessions (
        id text PRIMARY KEY,
        request jsonb NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
        subscription_id text,
        failed_attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE sandbox_subscriptions (
        id text PRIMARY KEY,
        customer_id text NOT NULL,
        status text NOT NULL,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        trial_end timestamptz,
        current_period_end timestamptz NOT NULL,
        canceled_at timestamptz,
        -- When the next renewal attempt of a past_due subscription is due, and how many failed.
        next_attempt_at timestamptz,
        failed_renewals integer NOT NULL DEFAULT 0,
        amount_cents integer NOT NULL,
        interval_months integer NOT NULL,
        card_last4 text NOT NULL,
        metadata jsonb NOT NULL,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX sandbox_subscriptions_due ON sandbox_subscriptions (current_period_end) WHERE status IN ('trialing', 'active', 'past_due')`);
    await queryRunner.query(`
      CREATE TABLE sandbox_events (
        id text PRIMARY KEY,
        type text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        last_error text
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'sandbox_events',
      'sandbox_subscriptions',
      'sandbox_checkout_sessions',
      'sandbox_clock',
      'conversions',
      'payment_events',
      'checkout_sessions',
      'subscriptions',
      'subscription_plans',
    ]) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}
