import { sqlFunction, sqlTrigger, type DatabaseDefinition } from './definition.js';

/**
 * A change to field definitions or form layouts, by any writer, tells every server instance to
 * drop its compiled forms (docs/architecture.md, "How a form flows", step 4; the listener is
 * `forms/form-change-listener.ts`).
 */
const NOTIFY_FORM_DEFINITIONS_CHANGED = sqlFunction(`
CREATE OR REPLACE FUNCTION notify_form_definitions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('form_definitions_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$`);

const NOTIFY = 'FOR EACH STATEMENT EXECUTE FUNCTION notify_form_definitions_changed()';

export const FORM_DEFINITIONS: DatabaseDefinition[] = [
  NOTIFY_FORM_DEFINITIONS_CHANGED,
  sqlTrigger('form_fields_changed', 'form_fields', 'AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE', NOTIFY),
  sqlTrigger('forms_changed', 'forms', 'AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE', NOTIFY),
];
