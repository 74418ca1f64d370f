import type { ValidatorType } from '@rjsf/utils';
import { uncheckedValidator } from './unchecked-validator';

type ConditionSchema = { properties?: Record<string, { enum?: unknown[] }>; required?: string[] };

/**
 * Whether answers meet a compiled condition (`compileForm`'s `if`: the controlling fields present,
 * each holding one of the listed values), as the server's pruning judges it (`isFieldVisible`).
 */
function meets(schema: ConditionSchema, data: unknown): boolean {
  const answers = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if ((schema.required ?? []).some((key) => answers[key] === undefined)) return false;
  return Object.entries(schema.properties ?? {}).every(([key, rule]) => !rule.enum || answers[key] === undefined || rule.enum.includes(answers[key]));
}

/**
 * A validator for a form shown without its precompiled module (the console's preview of a draft):
 * it reports no errors, like `uncheckedValidator`, but it judges the compiler's conditions, so a
 * conditional field appears only when the field it depends on holds one of its values, as on the
 * live form. It compiles nothing, so the content security policy holds.
 */
export const conditionValidator: ValidatorType = {
  ...uncheckedValidator,
  isValid: (schema, formData) => meets(schema as ConditionSchema, formData),
};
