import { compileForm, fieldDefinitionProblems, FormValidator, type FieldDefinition, type FormLayout } from '@scholarmatch/schemas';
import { ApiError } from '../common/error-body.js';

/**
 * The checks a field change passes before it is drafted, and a draft before it is published: the
 * definition fits the vocabulary, sits in a section some form shows, and every form still compiles
 * (and ajv accepts its schema) with it.
 */
export function checkDefinition(candidate: FieldDefinition, fields: readonly FieldDefinition[], forms: readonly FormLayout[]): void {
  const problems = fieldDefinitionProblems(candidate);
  if (problems.length) {
    throw new ApiError(400, `The field definition is not valid: ${problems[0].path || 'definition'} ${problems[0].message}`, {
      errorCode: 'INVALID_FIELD_DEFINITION',
      errors: problems,
    });
  }
  if (!forms.some((form) => form.sections.includes(candidate.section))) {
    const sections = [...new Set(forms.flatMap((form) => form.sections))].sort().join(', ');
    throw new ApiError(400, `No form shows the section '${candidate.section}'. Sections: ${sections}.`, {
      errorCode: 'UNKNOWN_SECTION',
      errors: [{ path: 'section', message: `No form shows the section '${candidate.section}'.` }],
    });
  }
  checkFormsCompile([...fields.filter((field) => field.key !== candidate.key), candidate], formsShowing(candidate, fields, forms));
}

/**
 * The forms a change to one field can break: those that show its section, before or after the
 * change, or borrow it by key. Any other form compiles from the same definitions as before, so
 * compiling it again (about 30 ms a form with ajv) would only slow every drafted edit.
 */
function formsShowing(candidate: FieldDefinition, fields: readonly FieldDefinition[], forms: readonly FormLayout[]): FormLayout[] {
  const previous = fields.find((field) => field.key === candidate.key);
  const sections = new Set([candidate.section, ...(previous ? [previous.section] : [])]);
  return forms.filter((form) => form.sections.some((section) => sections.has(section)) || (form.fields ?? []).includes(candidate.key));
}

/** Every form compiles with `fields` (400 FORM_WOULD_BREAK naming the first that does not). */
export function checkFormsCompile(fields: readonly FieldDefinition[], forms: readonly FormLayout[]): void {
  const validator = new FormValidator();
  for (const form of forms) {
    try {
      validator.prepare(form.key, compileForm(form, [...fields]).schema);
    } catch (error) {
      throw new ApiError(400, `With this change the form '${form.key}' would not compile: ${(error as Error).message}`, {
        errorCode: 'FORM_WOULD_BREAK',
      });
    }
  }
}

/**
 * A system field stays active and keeps its type (the code reads it); any other field may change
 * its type only while nobody has answered it, since stored answers were checked against the old
 * one (docs/decisions.md, "System fields"). `answered` is asked only for a retype.
 */
export async function checkSystemRules(current: FieldDefinition, candidate: FieldDefinition, answered: (key: string) => Promise<boolean>): Promise<void> {
  const retyped = candidate.dataType !== current.dataType;
  if (current.system && (retyped || candidate.active === false)) {
    const change = retyped ? 'change its type' : 'deactivate it';
    throw new ApiError(409, `'${current.key}' is a system field: the product relies on it, so you cannot ${change}. You may rename it, reword its messages or move it.`, {
      errorCode: 'SYSTEM_FIELD',
    });
  }
  if (retyped && (await answered(current.key))) {
    throw new ApiError(409, `Applicants have answered '${current.key}' as ${current.dataType}, so its type cannot change. Add a new field and deactivate this one instead.`, {
      errorCode: 'FIELD_ANSWERED',
    });
  }
}
