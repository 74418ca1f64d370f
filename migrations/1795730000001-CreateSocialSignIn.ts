import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Social sign-in through OpenID Connect (docs/chat.md, "Social sign-in"): the sign-ins on their
 * way through the provider (one row per state, bound to the browser that started it, used once,
 * 10 minutes), and the provider identities linked to accounts (one account per provider subject;
 * an account may have several).
 */
export class CreateSocialSignIn1795730000001 implements MigrationInterface {
  name = 'CreateSocialSignIn1795730000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE social_sign_ins (
        state_hash    bytea       PRIMARY KEY,
        -- The browser that started the sign-in keeps the value behind this hash and sends it back,
        -- so a callback made for someone else's browser is refused (login CSRF).
        binding_hash  bytea       NOT NULL,
        provider      varchar(16) NOT NULL CHECK (provider IN ('google')),
        nonce         text        NOT NULL,
        code_verifier text        NOT NULL,
        redirect_uri  text        NOT NULL,
        expires_at    timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX social_sign_ins_expiry ON social_sign_ins (expires_at)`);
    await queryRunner.query(`
      CREATE TABLE user_identities (
        provider   varchar(16) NOT NULL CHECK (provider IN ('google')),
        subject    text        NOT NULL,
        user_id    uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        email      text,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (provider, subject)
      )`);
    await queryRunner.query(`CREATE INDEX user_identities_of_user ON user_identities (user_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE user_identities`);
    await queryRunner.query(`DROP TABLE social_sign_ins`);
  }
}
