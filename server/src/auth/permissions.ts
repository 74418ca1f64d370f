import type { Role } from '../users/user.entity.js';

/**
 * What a signed-in person may do, as the original `access.permissions` strings: `action_subject`,
 * split at the first underscore (docs/security.md, "Roles and permissions"). Each one names what
 * the routes of one role let it do; the browser shows menus and opens pages by them, the server
 * still decides by role (`@Roles()`), and server/test/access.spec.ts proves each string and the
 * role guards agree.
 */
export const PERMISSIONS = [
  // applicants
  'read_scholarships', // the eligible lists, their counts, the dashboard and a scholarship's details
  'save_scholarships', // the wishlist
  'apply_scholarship', // requirement forms, submissions, bulk apply, the tracker, essays, automatic application
  'ask_assistant', // the dashboard assistant and the assistance answers
  'enter_sweepstakes',
  'buy_membership', // plans, checkout, the member's own plan
  'edit_profile', // the applicant profile (the answers matching reads)
  // providers and their reviewers
  'manage_scholarships', // create, edit, publish and close scholarships
  'review_applicants', // the organisation's scholarships, their applicants, scoring
  // the scopes an API key may hold (docs/api.md, "API keys"), held by people too: one vocabulary
  'read_own_scholarships', // list and read the organisation's scholarships, their forms and rules
  'read_applications', // the applicants, their submissions, points, winners, activity, the export, the conversations
  'write_reviews', // status moves, points, winners
  'write_messages', // the provider's messages and its conversation replies
  'manage_webhooks', // the organisation's webhook endpoints, their secrets and delivery log (docs/webhooks.md)
  'manage_reviewers',
  'manage_organisation',
  // staff: admins, and support where said
  'manage_fields', // the applicant profile's field definitions and catalogues
  'manage_plans',
  'manage_memberships', // grant or end an applicant's membership
  'read_members', // members and payments looked up, never changed: the payment events (support too)
  'answer_support', // the support requests (support too)
  'read_outbox', // the stored e-mails, which hold password-reset codes and invitation links: admins only
  'manage_staff', // staff invitations, the staff list, roles, ending sessions, locks
  'read_audit', // the audit log of staff actions: admins only (support's own actions are in it)
  // everyone signed in
  'read_inbox',
  'contact_support',
  'change_password',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const EVERYONE: readonly Permission[] = ['read_inbox', 'contact_support', 'change_password'];

/**
 * The permissions of each role, in code beside the role guards that enforce them: a role is
 * code here (the users.role CHECK, the token's claim, `@Roles()`), so what it may do changes in
 * the same commit as what the server lets it do (docs/decisions.md, "Session access").
 */
export const PERMISSIONS_BY_ROLE: Record<Role, readonly Permission[]> = {
  applicant: [
    'read_scholarships', 'save_scholarships', 'apply_scholarship', 'ask_assistant', 'enter_sweepstakes', 'buy_membership', 'edit_profile',
    ...EVERYONE,
  ],
  provider: [
    'manage_scholarships', 'review_applicants', 'manage_reviewers', 'manage_organisation',
    'read_own_scholarships', 'read_applications', 'write_reviews', 'write_messages', 'manage_webhooks',
    ...EVERYONE,
  ],
  // A reviewer scores (its own points) but moves no status, chooses no winner and sends no message: the services refuse those (OWNER_ONLY).
  reviewer: ['review_applicants', 'read_own_scholarships', 'read_applications', 'write_reviews', ...EVERYONE],
  admin: ['manage_fields', 'manage_plans', 'manage_memberships', 'read_members', 'answer_support', 'read_outbox', 'manage_staff', 'read_audit', ...EVERYONE],
  support: ['read_members', 'answer_support', ...EVERYONE],
};

/** What an API key may be given (docs/api.md, "API keys"): the provider operations, never the owner's own settings. */
export const KEY_SCOPES = ['read_own_scholarships', 'manage_scholarships', 'read_applications', 'write_reviews', 'write_messages', 'manage_webhooks'] as const satisfies readonly Permission[];
export type KeyScope = (typeof KEY_SCOPES)[number];

/** The original `access`: the person's permissions and role (signed out: none and null). */
export interface Access {
  permissions: Permission[];
  role: Role | null;
}

export function accessOf(role: Role): Access {
  return { permissions: [...PERMISSIONS_BY_ROLE[role]], role };
}
