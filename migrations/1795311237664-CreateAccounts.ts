import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SIGNUP_FIELDS, SIGNUP_FORM } from './data/signup-fields.js';

/**
 * Accounts and sessions (docs/security.md): users of the three roles, rotated refresh tokens in
 * families, password-reset codes, login lock-outs per account and IP, and the mail outbox. Also
 * the sign-up form, which borrows single fields of the profile tabs (`forms.field_keys`).
 */
export class CreateAccounts1795311237664 implements MigrationInterface {
  name = 'CreateAccounts1795311237664';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE users (
        id                     uuid         PRIMARY KEY DEFAULT gen_random_uuid(),
        email                  varchar(320) NOT NULL,
        password_hash          text         NOT NULL,
        role                   varchar(16)  NOT NULL DEFAULT 'applicant' CHECK (role IN ('applicant', 'provider', 'admin')),
        first_name             varchar(100) NOT NULL,
        last_name              varchar(100) NOT NULL,
        phone                  varchar(32),
        dob                    date,
        applicant_type         varchar(16)  CHECK (applicant_type IN ('STUDENT', 'PARENT')),
        is_profile_update      boolean      NOT NULL DEFAULT false,
        is_scholarship_applied boolean      NOT NULL DEFAULT false,
        is_active_subscription boolean      NOT NULL DEFAULT false,
        profile                jsonb        NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(profile) = 'object'),
        consented_to_contact_at timestamptz,
        accepted_terms_at      timestamptz,
        password_changed_at    timestamptz  NOT NULL DEFAULT now(),
        created_at             timestamptz  NOT NULL DEFAULT now(),
        updated_at             timestamptz  NOT NULL DEFAULT now()
      )`);
    // One account per address whatever its letter case; login looks it up the same way.
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_lower ON users (lower(email))`);

    await queryRunner.query(`
      CREATE TABLE refresh_tokens (
        id          uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id     uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        family_id   uuid        NOT NULL,
        token_hash  char(64)    NOT NULL UNIQUE,
        expires_at  timestamptz NOT NULL,
        used_at     timestamptz,
        revoked_at  timestamptz,
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id)`);
    await queryRunner.query(`CREATE INDEX refresh_tokens_user_live ON refresh_tokens (user_id) WHERE revoked_at IS NULL`);

    await queryRunner.query(`
      CREATE TABLE password_reset_codes (
        user_id      uuid        PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        code_hash    char(64)    NOT NULL,
        sent_at      timestamptz NOT NULL DEFAULT now(),
        expires_at   timestamptz NOT NULL,
        failed_tries integer     NOT NULL DEFAULT 0,
        used_at      timestamptz
      )`);

    await queryRunner.query(`
      CREATE TABLE login_failures (
        login        varchar(320) NOT NULL,
        ip           varchar(64)  NOT NULL,
        failures     integer      NOT NULL DEFAULT 0,
        last_failure_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz,
        PRIMARY KEY (login, ip)
      )`);

    await queryRunner.query(`
      CREATE TABLE mail_outbox (
        id         bigserial    PRIMARY KEY,
        to_address varchar(320) NOT NULL,
        subject    varchar(300) NOT NULL,
        text_body  text         NOT NULL,
        html_body  text,
        created_at timestamptz  NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX mail_outbox_recent ON mail_outbox (created_at DESC)`);

    await queryRunner.query(`ALTER TABLE forms ADD COLUMN field_keys text[] NOT NULL DEFAULT '{}'`);
    for (const field of SIGNUP_FIELDS) {
      await queryRunner.query(
        `INSERT INTO form_fields (key, name, data_type, options, validation, ui, section, "order", target)
         VALUES ($1, $2, $3, '[]', $4, $5, $6, $7, $8)`,
        [field.key, field.name, field.dataType, JSON.stringify(field.validation ?? {}), JSON.stringify(field.ui ?? {}),
          field.section, field.order, field.target],
      );
    }
    await queryRunner.query(`INSERT INTO forms (key, title, sections, field_keys) VALUES ($1, $2, $3, $4)`, [
      SIGNUP_FORM.key,
      SIGNUP_FORM.title,
      SIGNUP_FORM.sections,
      SIGNUP_FORM.fields ?? [],
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM forms WHERE key = $1`, [SIGNUP_FORM.key]);
    await queryRunner.query(`DELETE FROM form_fields WHERE section = 'signup'`);
    await queryRunner.query(`ALTER TABLE forms DROP COLUMN field_keys`);
    for (const table of ['mail_outbox', 'login_failures', 'password_reset_codes', 'refresh_tokens', 'users']) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}
