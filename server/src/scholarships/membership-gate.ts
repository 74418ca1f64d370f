import { ApiError, type RefusedScholarshipDto } from '../common/error-body.js';

/**
 * The membership gate's refusal (docs/applications.md, "The membership gate": details, Easy Apply, bulk apply and the
 * assistance answers are for members). The web sends the person to the plans on this code.
 */
export const SUBSCRIPTION_REQUIRED = 'SUBSCRIPTION_REQUIRED';

/**
 * `scholarship`: the one a refused details request was for, so the plans page and the popup can
 * name it. Only a published or closed scholarship's title, which its public page shows anyway.
 */
export function subscriptionRequired(description: string, scholarship?: RefusedScholarshipDto): ApiError {
  return new ApiError(403, description, { errorCode: SUBSCRIPTION_REQUIRED, ...(scholarship ? { scholarship } : {}) });
}
