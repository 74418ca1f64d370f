import { sqlFunction, sqlTrigger, type DatabaseDefinition } from './definition.js';

/**
 * The audit log is append-only (docs/console.md, "Audit log"): a row, once written, is never
 * changed or removed, whoever connects. UPDATE and DELETE are refused row by row, TRUNCATE by
 * statement, each with an error that says why.
 */
const AUDIT_LOG_REFUSE_CHANGE = sqlFunction(`
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege', HINT = 'Audit rows are only ever inserted (docs/console.md, "Audit log").';
END $$`);

export const AUDIT_LOG_DEFINITIONS: DatabaseDefinition[] = [
  AUDIT_LOG_REFUSE_CHANGE,
  sqlTrigger('audit_log_append_only', 'audit_log', 'BEFORE UPDATE OR DELETE', 'FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change()'),
  sqlTrigger('audit_log_no_truncate', 'audit_log', 'BEFORE TRUNCATE', 'FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()'),
];
