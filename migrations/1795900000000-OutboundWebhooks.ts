import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outbound webhooks (docs/webhooks.md): an organisation owner's endpoints, the outbox of events
 * (written in the transaction of their cause), one delivery per event and subscribed endpoint
 * (the job's work list, with its retry schedule), and every attempt of a delivery (the log).
 *
 * The signing secret must be used by the server, so it cannot be hashed: it is sealed with
 * AES-256-GCM under a key derived from the server's secret, the endpoint id authenticated with
 * it (docs/security.md, "Webhook endpoints"). The write path's statement finds subscribed
 * endpoints by owner (webhook_endpoints_owner), the job its due deliveries by time
 * (webhook_deliveries_due, pending ones only).
 */
export class OutboundWebhooks1795900000000 implements MigrationInterface {
  name = 'OutboundWebhooks1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE webhook_endpoints (
        id                         uuid          PRIMARY KEY,
        owner_id                   uuid          NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        url                        varchar(2048) NOT NULL,
        events                     text[]        NOT NULL,
        secret_sealed              bytea         NOT NULL,
        secret_last4               char(4)       NOT NULL,
        previous_secret_sealed     bytea,
        previous_secret_expires_at timestamptz,
        disabled_at                timestamptz,
        disabled_reason            varchar(300),
        consecutive_failures       integer       NOT NULL DEFAULT 0,
        last_success_at            timestamptz,
        created_at                 timestamptz   NOT NULL DEFAULT now(),
        updated_at                 timestamptz   NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX webhook_endpoints_owner ON webhook_endpoints (owner_id) WHERE disabled_at IS NULL`);
    await queryRunner.query(`CREATE INDEX webhook_endpoints_owner_all ON webhook_endpoints (owner_id, created_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE webhook_events (
        id         uuid        PRIMARY KEY,
        owner_id   uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        type       varchar(64) NOT NULL,
        data       jsonb       NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE webhook_deliveries (
        id              uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
        event_id        uuid        NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
        endpoint_id     uuid        NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        state           varchar(16) NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
        attempts        integer     NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        claimed_until   timestamptz,
        last_status     integer,
        created_at      timestamptz NOT NULL DEFAULT now(),
        UNIQUE (event_id, endpoint_id)
      )`);
    await queryRunner.query(`CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending'`);
    await queryRunner.query(`CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE webhook_attempts (
        id              uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
        delivery_id     uuid        NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
        attempt         integer     NOT NULL,
        manual          boolean     NOT NULL DEFAULT false,
        request_headers jsonb       NOT NULL,
        request_body    text        NOT NULL,
        response_status integer,
        response_body   varchar(1024),
        duration_ms     integer     NOT NULL,
        error           varchar(500),
        created_at      timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, attempt)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE webhook_attempts, webhook_deliveries, webhook_events, webhook_endpoints`);
  }
}
