import { formatMessage, MESSAGES } from '../messages.js';

/**
 * The password policy (docs/security.md), shared by the sign-up form's definition, the API's
 * request checks and the browser's forms. Long passphrases are welcome and never truncated
 * (argon2 hashes the whole input); the upper bound only keeps one request from costing seconds.
 */
export const PASSWORD_POLICY = { minLength: 8, maxLength: 1024 } as const;

export const PASSWORD_MESSAGES = {
  tooShort: formatMessage(MESSAGES.passwordTooShort, { min: PASSWORD_POLICY.minLength }),
  tooLong: formatMessage(MESSAGES.passwordTooLong, { max: PASSWORD_POLICY.maxLength }),
} as const;

/** What the policy says about a typed password (too short or too long), or null when it passes. */
export function passwordPolicyProblem(password: string): string | null {
  if (password.length < PASSWORD_POLICY.minLength) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_POLICY.maxLength) return PASSWORD_MESSAGES.tooLong;
  return null;
}
