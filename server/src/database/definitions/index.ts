import { APPLICATION_DEFINITIONS } from './applications.js';
import { ANSWER_VECTOR_DEFINITIONS } from './answer-vectors.js';
import { AUDIT_LOG_DEFINITIONS } from './audit-log.js';
import { AUTOMATION_DEFINITIONS } from './automation.js';
import { statementsOf, type DatabaseDefinition } from './definition.js';
import { ELIGIBILITY_DEFINITIONS } from './eligibility.js';
import { FORM_DEFINITIONS } from './forms.js';
import { MATCH_CATALOGUE_DEFINITIONS } from './match-catalogue.js';

export type { DatabaseDefinition } from './definition.js';

/**
 * Every function, view and trigger of the database as it is today, in an order that creates
 * cleanly (what an SQL function calls before it). The rule (docs/matching.md, "One home for the
 * database's functions"): a change edits these files and adds a migration that calls
 * applyDatabaseDefinitions; `server/test/database-definitions.spec.ts` fails while the migrated
 * database and these files disagree.
 */
export const DATABASE_DEFINITIONS: readonly DatabaseDefinition[] = [
  ...FORM_DEFINITIONS,
  ...ELIGIBILITY_DEFINITIONS,
  ...ANSWER_VECTOR_DEFINITIONS,
  ...MATCH_CATALOGUE_DEFINITIONS,
  ...APPLICATION_DEFINITIONS,
  ...AUTOMATION_DEFINITIONS,
  ...AUDIT_LOG_DEFINITIONS,
];

/** Makes the database hold every definition (CREATE OR REPLACE; a trigger dropped and created). */
export async function applyDatabaseDefinitions(run: (sql: string) => Promise<unknown>): Promise<void> {
  for (const statement of DATABASE_DEFINITIONS.flatMap(statementsOf)) await run(statement);
}
