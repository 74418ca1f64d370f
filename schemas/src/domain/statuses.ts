/**
 * The states an application, its review and a membership go through: one list each, for the
 * server's DTOs (class-validator `@IsIn`, the OpenAPI enums), its repositories' SQL and the web.
 * The order of each list is the order the API documents (and, for memberships, the order a
 * subscription moves along).
 */

/** An applicant's application (docs/applications.md): submitted ('Received') or saved as a draft. */
export const APPLICATION_STATUSES = ['Received', 'Draft'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Where a provider has moved a submitted application (docs/review.md, "Review status"). */
export const REVIEW_STATUSES = ['Received', 'Under review', 'Shortlisted', 'Winner', 'Not selected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The review statuses still open: choosing winners decides these (docs/review.md). */
export const UNDECIDED_REVIEW_STATUSES: readonly ReviewStatus[] = ['Received', 'Under review', 'Shortlisted'];

/**
 * The steps an application's history records (docs/applications.md, "The application tracker"):
 * a draft saved, the submission, then the provider's review statuses.
 */
export const STATUS_EVENTS = ['Draft', 'Submitted', ...REVIEW_STATUSES] as const;
export type StatusEvent = (typeof STATUS_EVENTS)[number];

/**
 * A membership (docs/payments.md). trialing: in the free trial; active: paid and renewing;
 * past_due: a renewal payment failed and the provider is retrying (benefits kept meanwhile);
 * canceled: will not renew, benefits until the period's end; expired: over. A subscription moves
 * along this order, which decides between two reports of the same version.
 */
export const MEMBERSHIP_STATES = ['trialing', 'active', 'past_due', 'canceled', 'expired'] as const;
export type MembershipState = (typeof MEMBERSHIP_STATES)[number];

/** The states that unlock the members' features outright; 'canceled' does until its period ends. */
export const MEMBERSHIP_STATES_WITH_ACCESS: readonly MembershipState[] = ['trialing', 'active', 'past_due'];

/**
 * A support request in the staff's queue (docs/console.md, "Support queue"): open until staff
 * answer it, answered once they have, solved when staff close it (reopened, it is answered or
 * open again by whether it has an answer).
 */
export const SUPPORT_STATUSES = ['open', 'answered', 'solved'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** The reply the site promises (MESSAGES.supportReplyTime): an open request older than this is late. */
export const SUPPORT_REPLY_HOURS = 24;
