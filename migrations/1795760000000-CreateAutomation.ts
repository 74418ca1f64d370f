import type { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS_BEFORE = ['provider', 'application-received', 'status-changed', 'winner', 'not-selected', 'membership-receipt', 'reviewer-invitation', 'support-answer'];
const KINDS = [...KINDS_BEFORE, 'auto-applied', 'deadline-reminder', 'closing-soon', 'new-cycle'];
/** Sent when automatic application has something to do (AutoApplyListener queues the job). */
const CHANNEL = 'auto_apply_due';

function inList(values: string[]): string {
  return values.map((v) => `'${v}'`).join(', ');
}

/**
 * What the product does on its own (docs/automation.md):
 * - a member's switch for automatic application (off until they turn it on: we apply on their
 *   behalf only when they ask), and the mark on an application it sent;
 * - what automatic application has to look at, written by triggers in the writer's transaction so
 *   nothing is missed: a scholarship whose offer changed while published (a publish, new criteria,
 *   a later deadline, fewer requirements), and a member whose answers changed or who turned it on
 *   or became a member again;
 * - the cycles of a recurring scholarship: each cycle is a scholarship of its own (its
 *   applications, review and winners apart), numbered, linked to the one before; at most one next
 *   cycle per cycle, so two instances opening it make one; `cycle_invited_at` once last cycle's
 *   applicants have their drafts;
 * - the inbox's kinds for what it tells people: an automatic application, a deadline reminder, a
 *   saved scholarship closing soon, a recurring scholarship's new cycle.
 */
export class CreateAutomation1795760000000 implements MigrationInterface {
  name = 'CreateAutomation1795760000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN auto_apply boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE applications ADD COLUMN applied_automatically boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE inbox_messages DROP CONSTRAINT inbox_messages_kind_check`);
    await queryRunner.query(`ALTER TABLE inbox_messages ADD CONSTRAINT inbox_messages_kind_check CHECK (kind IN (${inList(KINDS)}))`);

    // No foreign keys: a row only says "look again"; the job finds a deleted one gone.
    await queryRunner.query(`CREATE TABLE auto_apply_due_scholarships (scholarship_id uuid PRIMARY KEY, due_at timestamptz NOT NULL DEFAULT now())`);
    await queryRunner.query(`CREATE TABLE auto_apply_due_members (user_id uuid PRIMARY KEY, due_at timestamptz NOT NULL DEFAULT now())`);
    await queryRunner.query(`
      CREATE FUNCTION auto_apply_scholarship_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO auto_apply_due_scholarships (scholarship_id) VALUES (NEW.scholarship_id) ON CONFLICT DO NOTHING;
        PERFORM pg_notify('${CHANNEL}', '');
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER match_changes_auto_apply AFTER INSERT ON match_changes
      FOR EACH ROW WHEN (NEW.after_offer IS NOT NULL) EXECUTE FUNCTION auto_apply_scholarship_changed()`);
    await queryRunner.query(`
      CREATE FUNCTION auto_apply_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO auto_apply_due_members (user_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
        PERFORM pg_notify('${CHANNEL}', '');
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER users_auto_apply AFTER UPDATE OF auto_apply, is_active_subscription, profile, dob ON users
      FOR EACH ROW
      WHEN (NEW.auto_apply AND NEW.is_active_subscription AND NEW.role = 'applicant'
            AND (NOT OLD.auto_apply OR NOT OLD.is_active_subscription OR OLD.answers_version IS DISTINCT FROM NEW.answers_version))
      EXECUTE FUNCTION auto_apply_member_changed()`);
    // Listed columns are those an UPDATE sets: answers_version is set by a BEFORE trigger on profile and dob.
    await queryRunner.query(`
      ALTER TABLE scholarships
        ADD COLUMN cycle integer NOT NULL DEFAULT 1 CHECK (cycle >= 1),
        ADD COLUMN previous_cycle_id uuid REFERENCES scholarships (id) ON DELETE SET NULL,
        ADD COLUMN cycle_invited_at timestamptz`);
    await queryRunner.query(`CREATE UNIQUE INDEX scholarships_next_cycle ON scholarships (previous_cycle_id) WHERE previous_cycle_id IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX scholarships_recurring ON scholarships (deadline) WHERE recurrence_config->>'repeat' = 'yearly' AND status <> 'draft'`);
    // Whether anyone uses it at all: a publish costs the job nothing while nobody does.
    await queryRunner.query(`CREATE INDEX users_auto_applying ON users (id) WHERE auto_apply AND is_active_subscription`);
    // "Applied automatically on …" and the bench's count read a scholarship's automatic applications.
    await queryRunner.query(`CREATE INDEX applications_automatic ON applications (scholarship_id) WHERE applied_automatically`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER users_auto_apply ON users`);
    await queryRunner.query(`DROP FUNCTION auto_apply_member_changed()`);
    await queryRunner.query(`DROP TRIGGER match_changes_auto_apply ON match_changes`);
    await queryRunner.query(`DROP FUNCTION auto_apply_scholarship_changed()`);
    await queryRunner.query(`DROP TABLE auto_apply_due_members`);
    await queryRunner.query(`DROP TABLE auto_apply_due_scholarships`);
    await queryRunner.query(`DELETE FROM inbox_messages WHERE kind IN ('auto-applied', 'deadline-reminder', 'closing-soon', 'new-cycle')`);
    await queryRunner.query(`ALTER TABLE inbox_messages DROP CONSTRAINT inbox_messages_kind_check`);
    await queryRunner.query(`ALTER TABLE inbox_messages ADD CONSTRAINT inbox_messages_kind_check CHECK (kind IN (${inList(KINDS_BEFORE)}))`);
    await queryRunner.query(`DROP INDEX applications_automatic`);
    await queryRunner.query(`DROP INDEX users_auto_applying`);
    await queryRunner.query(`DROP INDEX scholarships_recurring`);
    await queryRunner.query(`DROP INDEX scholarships_next_cycle`);
    await queryRunner.query(`ALTER TABLE scholarships DROP COLUMN cycle_invited_at, DROP COLUMN previous_cycle_id, DROP COLUMN cycle`);
    await queryRunner.query(`ALTER TABLE applications DROP COLUMN applied_automatically`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN auto_apply`);
  }
}
