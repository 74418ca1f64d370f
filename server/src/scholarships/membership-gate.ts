import { ApiError } from '../common/error-body.js';

/**
 * The membership gate's refusal (seed 000 section 1: details, Easy Apply, bulk apply and the
 * assistance answers are for members). The web sends the person to the plans on this code.
 */
export const SUBSCRIPTION_REQUIRED = 'SUBSCRIPTION_REQUIRED';

export function subscriptionRequired(description: string): ApiError {
  return new ApiError(403, description, { errorCode: SUBSCRIPTION_REQUIRED });
}
