import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { StoredSession } from '../session/session-store';
import { startSession } from './accounts';
import { dataOf, shouldRetry } from './api-error';
import { api } from './client';
import { SaveError } from './profile';
import type { components, operations } from '@scholarmatch/sdk/schema';

/**
 * The staff console's calls beyond the support queue (docs/console.md): plans, staff and their
 * invitations, the audit log, the mail outbox and the payment events.
 */
export type AdminPlan = components['schemas']['AdminPlanDto'];
export type PlanChange = components['schemas']['UpdatePlanDto'];
export type StaffList = components['schemas']['StaffListDto'];
export type StaffMember = StaffList['staff'][number];
export type StaffInvitation = StaffList['invitations'][number];
export type StaffRole = StaffMember['role'];
export type AuditRecord = components['schemas']['AuditRecordDto'];
export type AuditQuery = NonNullable<operations['listAuditLog']['parameters']['query']>;
export type OutboxMessage = components['schemas']['OutboxMessageDto'];
export type OutboxQuery = NonNullable<operations['listOutboxMail']['parameters']['query']>;
export type PaymentEvent = components['schemas']['PaymentEventDto'];
export type PaymentEventsQuery = NonNullable<operations['listPaymentEvents']['parameters']['query']>;

/** Rows an audit log page shows. */
export const AUDIT_PAGE_SIZE = 25;

export const consoleKeys = {
  plans: ['console', 'plans'] as const,
  staff: ['console', 'staff'] as const,
  audit: (query: AuditQuery) => ['console', 'audit', query] as const,
  outbox: (query: OutboxQuery) => ['console', 'outbox', query] as const,
  payments: (query: PaymentEventsQuery) => ['console', 'payments', query] as const,
  staffInvitation: (token: string) => ['console', 'staff-invitation', token] as const,
};

function saved<T>(result: { data?: { data: T }; error?: unknown; response: Response }): T {
  if (!result.data) throw new SaveError(result.error, result.response.status);
  return result.data.data;
}

const path = (id: string) => ({ params: { path: { id } } });

export const adminPlansQueryOptions = queryOptions({
  queryKey: consoleKeys.plans,
  queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/admin/subscription-plans', { signal })),
  staleTime: 0,
  retry: shouldRetry,
});

/** Applies to checkouts opened afterwards: a running membership keeps the price it was sold. */
export async function updatePlan(id: string, change: PlanChange): Promise<AdminPlan> {
  return saved(await api.PATCH('/api/v1/admin/subscription-plans/{id}', { ...path(id), body: change }));
}

export const staffQueryOptions = queryOptions({
  queryKey: consoleKeys.staff,
  queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/admin/staff', { signal })),
  staleTime: 0,
  retry: shouldRetry,
});

export async function inviteStaff(email: string, role: StaffRole) {
  return saved(await api.POST('/api/v1/admin/staff-invitations', { body: { email, role } }));
}

export async function setStaffRole(id: string, role: StaffRole) {
  return saved(await api.PUT('/api/v1/admin/users/{id}/role', { ...path(id), body: { role } }));
}

/** What an admin can do to anyone's sessions (docs/console.md, "Session actions"). */
export type SessionAction = 'lock' | 'unlock' | 'end-sessions';

export async function sessionAction(id: string, action: SessionAction) {
  const call = {
    lock: () => api.POST('/api/v1/admin/users/{id}/lock', path(id)),
    unlock: () => api.POST('/api/v1/admin/users/{id}/unlock', path(id)),
    'end-sessions': () => api.POST('/api/v1/admin/users/{id}/end-sessions', path(id)),
  }[action];
  return saved(await call());
}

export function auditLogQueryOptions(query: AuditQuery) {
  return queryOptions({
    queryKey: consoleKeys.audit(query),
    queryFn: async ({ signal }): Promise<{ rows: AuditRecord[]; total: number }> => {
      const result = await api.GET('/api/v1/admin/audit-log', { params: { query }, signal });
      const rows = dataOf(result);
      return { rows, total: result.data!.meta.total };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: shouldRetry,
  });
}

export function outboxQueryOptions(query: OutboxQuery) {
  return queryOptions({
    queryKey: consoleKeys.outbox(query),
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/admin/mail-outbox', { params: { query }, signal })),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: shouldRetry,
  });
}

export function paymentEventsQueryOptions(query: PaymentEventsQuery) {
  return queryOptions({
    queryKey: consoleKeys.payments(query),
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/admin/payments/events', { params: { query }, signal })),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: shouldRetry,
  });
}

/** The invitation an invitee opens from the e-mail (public): the address and role. */
export function staffInvitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: consoleKeys.staffInvitation(token),
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/staff-invitations/{token}', { params: { path: { token } }, signal })),
    retry: shouldRetry,
  });
}

/** Accepts with the served reviewer-signup form's answers; the session it answers is stored like any sign-in. */
export async function acceptStaffInvitation(token: string, answers: Record<string, unknown>): Promise<void> {
  startSession(saved(await api.POST('/api/v1/staff-invitations/{token}/accept', { params: { path: { token } }, body: { answers } })) as StoredSession);
}
