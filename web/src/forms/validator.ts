import { customizeValidator } from '@rjsf/validator-ajv8';
import { addFormKeywords } from '@scholarmatch/schemas';

/**
 * The browser's validator: the same ajv configuration as the server's (ajv-errors messages and the
 * project's keywords: minAge, notAfterToday, monthYearRange), so both reach the same verdict with
 * the same words. `allErrors` is required by ajv-errors.
 *
 * `validateSchema: false`: the browser does not check served schemas against the JSON Schema
 * meta-schema. The server compiled every form before serving it (a form ajv rejects is withheld),
 * and compiling the meta-schema cost about 150 ms of the first render of every form page.
 */
export const validator = customizeValidator({
  ajvOptionsOverrides: { allErrors: true, validateSchema: false },
  extenderFn: addFormKeywords,
});
