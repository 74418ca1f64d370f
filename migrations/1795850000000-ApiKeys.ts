import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API keys for integrators (docs/api.md, "API keys"): a provider's key acts as that provider within
 * its scopes. Only the SHA-256 of the secret is kept (the secret is 32 random bytes, so a fast hash
 * is enough: nothing can be guessed from it), with its last four characters to tell keys apart.
 * The guard finds a key by its hash, so that column is unique (and indexed by that).
 */
export class ApiKeys1795850000000 implements MigrationInterface {
  name = 'ApiKeys1795850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE api_keys (
        id           uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id     uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name         varchar(100) NOT NULL,
        scopes       text[]      NOT NULL,
        secret_hash  char(64)    NOT NULL UNIQUE,
        last4        char(4)     NOT NULL,
        created_at   timestamptz NOT NULL DEFAULT now(),
        expires_at   timestamptz,
        last_used_at timestamptz,
        revoked_at   timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX api_keys_owner ON api_keys (owner_id, created_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE api_keys`);
  }
}
