import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
// The deep path keeps ajv (and its compiler) out of the bundle: the package's index also exports
// the runtime validator, which needs `new Function`.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import { withinRequestTimeout } from '../api/request-timeout';

/**
 * A served form's validator: the server compiles each form version into ajv standalone code and
 * serves it as an ES module at the form's `validatorUrl` (same origin, cached for a year), so the
 * page never compiles a schema (the content security policy has no 'unsafe-eval') and the same
 * keyword rules run here and on the server.
 *
 * The module belongs to exactly this `schema`: RJSF refuses to validate against any other.
 */
export async function loadFormValidator(validatorUrl: string, schema: RJSFSchema): Promise<ValidatorType> {
  const module = (await withinRequestTimeout(import(/* @vite-ignore */ validatorUrl))) as { default: ValidatorFunctions };
  return createPrecompiledValidator(module.default, schema);
}
