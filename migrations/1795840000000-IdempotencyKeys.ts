import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotent creates (docs/api.md, "Idempotent requests"): a caller's `Idempotency-Key` claims a
 * row before the work runs; the answer is kept with it so a retry with the same key and request
 * gets the same answer. `request_hash` tells a retry from another request under the same key.
 * Rows older than a day no longer count and are swept.
 */
export class IdempotencyKeys1795840000000 implements MigrationInterface {
  name = 'IdempotencyKeys1795840000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE idempotency_keys (
        caller_id     uuid         NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        key           varchar(255) NOT NULL,
        request_hash  char(64)     NOT NULL,
        status_code   smallint,
        response_body jsonb,
        created_at    timestamptz  NOT NULL DEFAULT now(),
        completed_at  timestamptz,
        PRIMARY KEY (caller_id, key)
      )`);
    await queryRunner.query(`CREATE INDEX idempotency_keys_age ON idempotency_keys (created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE idempotency_keys`);
  }
}
