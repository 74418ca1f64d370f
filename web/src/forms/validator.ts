import { customizeValidator } from '@rjsf/validator-ajv8';
import { addFormKeywords } from '@scholarmatch/schemas';

/**
 * The browser's validator: the same ajv configuration as the server's (ajv-errors messages and the
 * project's keywords: minAge, notAfterToday, monthYearRange), so both reach the same verdict with
 * the same words. `allErrors` is required by ajv-errors.
 */
export const validator = customizeValidator({
  ajvOptionsOverrides: { allErrors: true },
  extenderFn: addFormKeywords,
});
