import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A chat turn claims its conversation before it does any work (docs/chat.md, "Sessions"):
 * `claimed_until` is set by the claim and cleared when the turn saves, ends the chat or fails.
 * Until then every other turn of the chat is refused (409 CHAT_BUSY). The claim lapses by itself
 * at that time, so a server that stops in the middle of a turn does not block the chat for good.
 */
export class ChatTurnClaims1795765000000 implements MigrationInterface {
  name = 'ChatTurnClaims1795765000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE chat_sessions ADD COLUMN claimed_until timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE chat_sessions DROP COLUMN claimed_until`);
  }
}
