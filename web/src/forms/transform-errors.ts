import type { RJSFValidationError } from '@rjsf/utils';

interface WrappedAjvError {
  params?: { missingProperty?: unknown };
}

/**
 * ajv-errors replaces the errors it gives a message to and keeps them in `params.errors`. For a
 * message on `required`, the replaced error names the missing property.
 */
function missingPropertyOf(error: RJSFValidationError): string | undefined {
  const replaced = (error.params as { errors?: WrappedAjvError[] } | undefined)?.errors;
  const missing = replaced?.[0]?.params?.missingProperty;
  return typeof missing === 'string' && missing ? missing : undefined;
}

/**
 * ajv reports a missing property on its parent object, so RJSF would show "Please select your
 * date of birth!" at the top of the form. Moves it to the missing field ('.dob', '.gpa.grade').
 */
function moveToMissingProperty(error: RJSFValidationError): RJSFValidationError {
  if (error.name !== 'errorMessage') return error;
  const missing = missingPropertyOf(error);
  if (!missing) return error;
  return { ...error, property: `${error.property ?? ''}.${missing}` };
}

/**
 * The one error transform of every form. Also drops `if` errors ('must match "then" schema'):
 * they only say that a conditional branch failed, and the branch's own errors carry the words.
 */
export function transformErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.filter((error) => error.name !== 'if').map(moveToMissingProperty);
}
