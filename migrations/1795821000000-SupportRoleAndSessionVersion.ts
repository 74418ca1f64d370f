import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff roles and session control (docs/security.md, "Roles and permissions" and "Session
 * control"): the `support` role; each account's session version, carried in its access tokens
 * and raised to end them; an admin's lock (distinct from the login lock-out); invitations to a
 * staff account.
 */
export class SupportRoleAndSessionVersion1795821000000 implements MigrationInterface {
  name = 'SupportRoleAndSessionVersion1795821000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP CONSTRAINT users_role_check`);
    await queryRunner.query(`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('applicant', 'provider', 'admin', 'reviewer', 'support'))`);
    await queryRunner.query(`ALTER TABLE users ADD COLUMN session_version integer NOT NULL DEFAULT 0, ADD COLUMN locked_at timestamptz`);
    await queryRunner.query(`
      CREATE TABLE staff_invitations (
        id          uuid         PRIMARY KEY DEFAULT gen_random_uuid(),
        email       varchar(320) NOT NULL,
        role        varchar(16)  NOT NULL CHECK (role IN ('admin', 'support')),
        invited_by  uuid         REFERENCES users (id) ON DELETE SET NULL,
        token_hash  bytea        NOT NULL UNIQUE,
        expires_at  timestamptz  NOT NULL,
        accepted_at timestamptz,
        created_at  timestamptz  NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX staff_invitations_by_email ON staff_invitations (lower(email))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE staff_invitations`);
    await queryRunner.query(`DELETE FROM users WHERE role = 'support'`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN session_version, DROP COLUMN locked_at`);
    await queryRunner.query(`ALTER TABLE users DROP CONSTRAINT users_role_check`);
    await queryRunner.query(`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('applicant', 'provider', 'admin', 'reviewer'))`);
  }
}
