import type { MigrationInterface, QueryRunner } from 'typeorm';
import { applyDatabaseDefinitions } from '../server/src/database/definitions/index.js';

/**
 * From here on, the text of every database function and trigger lives in one place,
 * `server/src/database/definitions/` (docs/matching.md, "One home for the database's functions"),
 * and this migration applies it. The definitions say exactly what the migrations before left
 * (the eligibility functions now composed from the per-type answer policy, with the same
 * verdicts), so nothing is recomputed and `down` has nothing to undo.
 */
export class DatabaseDefinitions1795810000000 implements MigrationInterface {
  name = 'DatabaseDefinitions1795810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await applyDatabaseDefinitions((sql) => queryRunner.query(sql));
  }

  async down(): Promise<void> {
    // The same definitions as before, in another text: nothing to undo.
  }
}
