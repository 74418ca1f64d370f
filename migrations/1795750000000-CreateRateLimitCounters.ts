import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-IP request counters shared by every server replica (docs/security.md, "Rate limits"):
 * one row per route or group and client, counting hits until `window_ends`. Unlogged: a crash
 * may forget the last minute's counts, which costs nothing, and writes skip the WAL.
 */
export class CreateRateLimitCounters1795750000000 implements MigrationInterface {
  name = 'CreateRateLimitCounters1795750000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE UNLOGGED TABLE rate_limit_counters (
        key         text        PRIMARY KEY,
        hits        integer     NOT NULL,
        window_ends timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX rate_limit_counters_window_ends ON rate_limit_counters (window_ends)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE rate_limit_counters`);
  }
}
