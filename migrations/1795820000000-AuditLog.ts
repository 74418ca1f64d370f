import type { MigrationInterface, QueryRunner } from 'typeorm';
import { applyDatabaseDefinitions } from '../server/src/database/definitions/index.js';

/**
 * The staff's audit log (docs/console.md, "Audit log"): one row per staff action, written in the
 * action's own transaction, with who did it (the user, their role, their address), what it
 * touched and the state before and after. Append-only: the triggers of
 * `server/src/database/definitions/audit-log.ts`, applied with today's definitions, refuse UPDATE,
 * DELETE and TRUNCATE. `actor_id` refers to the user plainly (no ON DELETE action, which would be an
 * UPDATE of the log): an account that acted as staff is deactivated, not deleted, so its rows keep
 * naming it. NULL is for an action no signed-in person took.
 */
export class AuditLog1795820000000 implements MigrationInterface {
  name = 'AuditLog1795820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE audit_log (
        id          bigserial   PRIMARY KEY,
        at          timestamptz NOT NULL DEFAULT now(),
        actor_id    uuid        REFERENCES users (id),
        actor_role  text        NOT NULL,
        action      text        NOT NULL,
        target_type text        NOT NULL,
        target_id   text        NOT NULL,
        before      jsonb,
        after       jsonb,
        ip          text
      )`);
    await queryRunner.query(`CREATE INDEX audit_log_by_time ON audit_log (at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX audit_log_by_actor ON audit_log (actor_id, at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX audit_log_by_target ON audit_log (target_type, target_id, at DESC, id DESC)`);
    await applyDatabaseDefinitions((sql) => queryRunner.query(sql));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE audit_log`);
    await queryRunner.query(`DROP FUNCTION audit_log_refuse_change()`);
  }
}
