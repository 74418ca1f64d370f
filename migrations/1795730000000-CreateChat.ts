import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CHAT_FORMS, LOGIN_FIELDS, PASSWORD_RESET_FIELDS, SIGNUP_QUESTIONS } from './data/chat-fields.js';
import { deleteFormDefinitions, insertFormDefinitions } from './data/insert-definitions.js';

const FIELDS = [...LOGIN_FIELDS, ...PASSWORD_RESET_FIELDS];

/**
 * Chat sign-up and login (docs/chat.md): the conversations' sessions, the served forms a login
 * chat asks (`login`, `password-reset`) and the chat's wording of the sign-up form's questions.
 *
 * A session belongs to whoever holds its token (only its hash is kept) or, for the dashboard
 * assistant, to a signed-in user. `answers` holds what was said; `sealed` the secret answers
 * (passwords, a verified code), encrypted with a key of the server's, dropped when the chat ends.
 */
export class CreateChat1795730000000 implements MigrationInterface {
  name = 'CreateChat1795730000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE chat_sessions (
        id           uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
        kind         varchar(16) NOT NULL CHECK (kind IN ('signUp', 'login', 'assistant')),
        token_hash   bytea,
        user_id      uuid        REFERENCES users (id) ON DELETE CASCADE,
        answers      jsonb       NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(answers) = 'object'),
        asked        text[]      NOT NULL DEFAULT '{}',
        sealed       bytea,
        step         varchar(32) NOT NULL DEFAULT 'asking',
        turns        integer     NOT NULL DEFAULT 0,
        created_at   timestamptz NOT NULL DEFAULT now(),
        updated_at   timestamptz NOT NULL DEFAULT now(),
        expires_at   timestamptz NOT NULL,
        CHECK (token_hash IS NOT NULL OR user_id IS NOT NULL)
      )`);
    await queryRunner.query(`CREATE INDEX chat_sessions_expiry ON chat_sessions (expires_at)`);

    await insertFormDefinitions(queryRunner, FIELDS, CHAT_FORMS);
    for (const [key, question] of Object.entries(SIGNUP_QUESTIONS)) {
      await queryRunner.query(`UPDATE form_fields SET ui = ui || jsonb_build_object('question', $2::text) WHERE key = $1`, [key, question]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE form_fields SET ui = ui - 'question' WHERE key = ANY($1)`, [Object.keys(SIGNUP_QUESTIONS)]);
    await deleteFormDefinitions(queryRunner, FIELDS, CHAT_FORMS);
    await queryRunner.query(`DROP TABLE chat_sessions`);
  }
}
