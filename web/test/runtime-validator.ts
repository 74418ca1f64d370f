import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { addFormKeywords } from '@scholarmatch/schemas';

/**
 * For tests only: RJSF's ajv validator configured as the server configures the standalone code it
 * serves (forms/standalone-validators.ts: ajv-errors, the project's keywords, `allErrors`). It
 * compiles in the page with `new Function`, which jsdom allows and the app's content security
 * policy does not; the app imports each form's precompiled module instead (src/forms/form-validator.ts).
 */
export const runtimeValidator = customizeValidator({
  ajvOptionsOverrides: { allErrors: true, validateSchema: false },
  extenderFn: addFormKeywords,
});

/** Stands in for src/forms/form-validator.ts in the tests (vitest.config.ts aliases it here). */
export async function loadFormValidator(_validatorUrl: string, _schema: RJSFSchema): Promise<ValidatorType> {
  return runtimeValidator;
}
