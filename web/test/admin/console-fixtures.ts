import { type Mock, vi } from 'vitest';
import { api } from '../../src/api/client';
import { saveSession, type Access } from '../../src/session/session-store';
import { STUDENT } from '../scholarships/render-app';

/** An admin with every staff permission (docs/security.md, "Roles and permissions"). */
export const ADMIN_ACCESS = {
  role: 'admin',
  permissions: ['manage_fields', 'manage_plans', 'manage_memberships', 'read_members', 'answer_support', 'read_outbox', 'manage_staff', 'read_audit', 'read_inbox', 'contact_support', 'change_password'],
} as Access;
export const SUPPORT_ACCESS = { role: 'support', permissions: ['read_members', 'answer_support', 'read_inbox', 'contact_support', 'change_password'] } as Access;

export const ADMIN = { ...STUDENT, id: 'admin-1', firstName: 'Ada', lastName: 'Admin', email: 'admin@example.com', role: 'admin', applicantType: null };

export function signInAs(access: Access = ADMIN_ACCESS) {
  saveSession({ user: { ...ADMIN, role: access.role } as never, accessToken: 'access', refreshToken: 'refresh', access });
}

type Call = (path: string, init?: unknown) => Promise<unknown>;

/** The typed client's PATCH (the shared helper covers GET, PUT and POST). */
export function mockPatch() {
  return vi.spyOn(api, 'PATCH') as unknown as Mock<Call>;
}
