import type { ValidatorType } from '@rjsf/utils';

/**
 * A validator that finds nothing, for a form rendered before (or without) its precompiled
 * validator: the requirement builder's live preview between a keystroke and the server's compile
 * of the same version, and the eligibility builder's value widgets, which the server checks when
 * the rules are saved (docs/providers.md). It compiles nothing, so the content security policy
 * holds; a form with conditions must not use it (it takes every `if` as met).
 */
export const uncheckedValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => true,
  rawValidation: () => ({ errors: undefined, validationError: undefined }),
  reset: () => undefined,
};
