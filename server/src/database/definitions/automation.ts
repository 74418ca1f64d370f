import { sqlFunction, sqlTrigger, type DatabaseDefinition } from './definition.js';

/**
 * Automatic application's "look again" marks, written in the writer's transaction, and the NOTIFY
 * that queues the `auto-apply` job (docs/automation.md; the listener is
 * `automation/auto-apply.job.ts`).
 */
const AUTO_APPLY_SCHOLARSHIP_CHANGED = sqlFunction(`
CREATE OR REPLACE FUNCTION auto_apply_scholarship_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO auto_apply_due_scholarships (scholarship_id) VALUES (NEW.scholarship_id) ON CONFLICT DO NOTHING;
  PERFORM pg_notify('auto_apply_due', '');
  RETURN NULL;
END $$`);

const AUTO_APPLY_MEMBER_CHANGED = sqlFunction(`
CREATE OR REPLACE FUNCTION auto_apply_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO auto_apply_due_members (user_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  PERFORM pg_notify('auto_apply_due', '');
  RETURN NULL;
END $$`);

export const AUTOMATION_DEFINITIONS: DatabaseDefinition[] = [
  AUTO_APPLY_SCHOLARSHIP_CHANGED,
  AUTO_APPLY_MEMBER_CHANGED,
  // A scholarship published or changed (a recorded match change that leaves it open).
  sqlTrigger(
    'match_changes_auto_apply',
    'match_changes',
    'AFTER INSERT',
    'FOR EACH ROW WHEN (NEW.after_offer IS NOT NULL) EXECUTE FUNCTION auto_apply_scholarship_changed()',
  ),
  // A member who turns it on, becomes a member, or whose answers change.
  sqlTrigger(
    'users_auto_apply',
    'users',
    'AFTER UPDATE OF auto_apply, is_active_subscription, profile, dob',
    `FOR EACH ROW
  WHEN (NEW.auto_apply AND NEW.is_active_subscription AND NEW.role = 'applicant'
        AND (NOT OLD.auto_apply OR NOT OLD.is_active_subscription OR OLD.answers_version IS DISTINCT FROM NEW.answers_version))
  EXECUTE FUNCTION auto_apply_member_changed()`,
  ),
];
