import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DEFINITIONS_1795810000000 } from './data/definitions-1795810000000.js';

/**
 * From here on, the text of every database function and trigger lives in one place,
 * `server/src/database/definitions/` (docs/matching.md, "One home for the database's functions"),
 * and this migration applies it. The definitions say exactly what the migrations before left
 * (the eligibility functions now composed from the per-type answer policy, with the same
 * verdicts), so nothing is recomputed and `down` has nothing to undo. It runs the frozen copy of
 * the text it applied when it landed: later definitions need tables made after it (AuditLog's).
 */
export class DatabaseDefinitions1795810000000 implements MigrationInterface {
  name = 'DatabaseDefinitions1795810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of DEFINITIONS_1795810000000) await queryRunner.query(statement);
  }

  async down(): Promise<void> {
    // The same definitions as before, in another text: nothing to undo.
  }
}
