/**
 * One database function, view or trigger as it is today. The files of this folder hold the
 * current text of every one of them; migrations re-apply that text (docs/matching.md, "One home
 * for the database's functions"), and `server/test/database-definitions.spec.ts` fails when the
 * migrated database says anything else.
 */
export type DatabaseDefinition =
  | { kind: 'function'; sql: string }
  | { kind: 'view'; sql: string }
  | { kind: 'trigger'; name: string; table: string; sql: string };

/** `CREATE OR REPLACE FUNCTION …`, whole. */
export function sqlFunction(sql: string): DatabaseDefinition {
  return { kind: 'function', sql: sql.trim() };
}

/** `CREATE OR REPLACE VIEW …`, whole. */
export function sqlView(sql: string): DatabaseDefinition {
  return { kind: 'view', sql: sql.trim() };
}

/**
 * A trigger: `events` is what stands between its name and `ON table` ('AFTER INSERT'), `action`
 * what follows the table ('FOR EACH ROW EXECUTE FUNCTION …').
 */
export function sqlTrigger(name: string, table: string, events: string, action: string): DatabaseDefinition {
  return { kind: 'trigger', name, table, sql: `CREATE TRIGGER ${name} ${events} ON ${table}\n  ${action.trim()}` };
}

/** The statements that make the database hold a definition, whatever it held before. */
export function statementsOf(definition: DatabaseDefinition): string[] {
  if (definition.kind !== 'trigger') return [definition.sql];
  return [`DROP TRIGGER IF EXISTS ${definition.name} ON ${definition.table}`, definition.sql];
}
