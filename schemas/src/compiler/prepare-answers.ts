import { gradeToGpa } from '../domain/grade.js';
import type { FieldDefinition, FieldType, GradeValue } from '../vocabulary.js';
import { pruneHiddenValues } from './prune.js';

/** Values the server derives itself instead of trusting the client, by data type. */
const DERIVED_VALUES: Partial<Record<FieldType, (value: unknown) => unknown>> = {
  // The 4-point GPA is always recomputed from the marking system and grade.
  grade: (value) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const { gpa: _ignored, ...rest } = value as Partial<GradeValue>;
    const gpa = gradeToGpa(rest.markingSystem, rest.grade);
    return gpa === undefined ? rest : { ...rest, gpa };
  },
};

/**
 * The answers as the server judges and stores them: only visible fields of the form, with derived
 * values recomputed. Validation runs on the result, so what is stored is what was checked.
 */
export function prepareAnswers(fields: readonly FieldDefinition[], data: Record<string, unknown>): Record<string, unknown> {
  const kept = pruneHiddenValues(fields, data);
  for (const field of fields) {
    const derive = DERIVED_VALUES[field.dataType];
    if (derive && field.key in kept) kept[field.key] = derive(kept[field.key]);
  }
  return kept;
}
