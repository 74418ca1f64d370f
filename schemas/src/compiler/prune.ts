import type { FieldDefinition } from '../vocabulary.js';

/** Whether a field is shown for these answers (a field with no condition always is). */
export function isFieldVisible(field: FieldDefinition, data: Record<string, unknown>): boolean {
  const condition = field.visibleWhen;
  if (!condition) return true;
  const controlling = data[condition.fieldKey];
  return typeof controlling === 'string' && condition.in.includes(controlling);
}

/**
 * Keeps only the answers to fields of the form that are visible for these answers: values under a
 * hidden conditional branch (e.g. college name when not enrolled) are dropped, never stored.
 */
export function pruneHiddenValues(
  fields: readonly FieldDefinition[],
  data: Record<string, unknown>,
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.key in data && isFieldVisible(field, data)) kept[field.key] = data[field.key];
  }
  return kept;
}
