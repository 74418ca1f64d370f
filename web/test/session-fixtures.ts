import type { Access } from '../src/session/session-store';

const EVERYONE = ['read_inbox', 'contact_support', 'change_password'] as const;

/** The access the server answers for each role at sign-in and refresh (server/src/auth/permissions.ts). */
export const ACCESS = {
  applicant: {
    role: 'applicant',
    permissions: ['read_scholarships', 'save_scholarships', 'apply_scholarship', 'ask_assistant', 'enter_sweepstakes', 'buy_membership', 'edit_profile', ...EVERYONE],
  },
  provider: {
    role: 'provider',
    permissions: [
      'manage_scholarships', 'review_applicants', 'manage_reviewers', 'manage_organisation',
      'read_own_scholarships', 'read_applications', 'write_reviews', 'write_messages', 'manage_webhooks',
      ...EVERYONE,
    ],
  },
  reviewer: { role: 'reviewer', permissions: ['review_applicants', 'read_own_scholarships', 'read_applications', 'write_reviews', ...EVERYONE] },
  admin: { role: 'admin', permissions: ['manage_fields', 'manage_plans', 'manage_memberships', 'answer_support', 'read_outbox', ...EVERYONE] },
} satisfies Record<string, Access>;
