import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The support queue's "waiting" order (docs/console.md, "Support queue"; measured by bench part
 * `console` at 100,000 requests): open first, then answered, then solved, the oldest first in
 * each. Ordered by an expression, that list sorted every open request to show 20 of them (14 ms
 * at about 5,000 open); an index on the same expression, as `SupportQueueRepository.page` writes
 * it, reads the first page straight off the index, with or without a status filter.
 */
export class SupportQueueWaitingOrder1795826400000 implements MigrationInterface {
  name = 'SupportQueueWaitingOrder1795826400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX support_requests_waiting ON support_requests ((CASE status WHEN 'open' THEN 0 WHEN 'answered' THEN 1 ELSE 2 END), created_at, id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX support_requests_waiting`);
  }
}
