import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../src/pages/admin/shell/AdminLayout';
import { saveSession, type Access } from '../../src/session/session-store';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, STUDENT } from '../scholarships/render-app';

const EVERYONE = ['read_inbox', 'contact_support', 'change_password'];
/** The access the server answers (server/src/auth/permissions.ts). */
const ADMIN_ACCESS = { role: 'admin', permissions: ['manage_fields', 'manage_plans', 'manage_memberships', 'read_members', 'answer_support', 'read_outbox', 'manage_staff', ...EVERYONE] } as Access;
const SUPPORT_ACCESS = { role: 'support', permissions: ['read_members', 'answer_support', ...EVERYONE] } as Access;
const ADMIN = { ...STUDENT, id: 'admin-1', firstName: 'Ada', lastName: 'Admin', email: 'admin@example.com', role: 'admin', applicantType: null };
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

function signInAs(access: Access) {
  saveSession({ user: { ...ADMIN, role: access.role } as never, accessToken: 'access', refreshToken: 'refresh', access });
}

const listed = (overrides: Record<string, unknown> = {}) => ({
  id: 'p1', firstName: 'Maya', lastName: 'Lopez', email: 'maya@example.com', role: 'applicant', createdAt: ago(40), lockedAt: null, isActiveSubscription: true, ...overrides,
});

function detail(overrides: Record<string, unknown> = {}) {
  return {
    account: { ...listed(), phone: '+12025550100', applicantType: 'STUDENT', passwordChangedAt: ago(40), loginLockedUntil: null },
    profile: [
      { formKey: 'profile-education', title: 'Education', answers: [{ key: 'gpa', label: 'GPA', value: 3.8 }, { key: 'major', label: 'Field of study', value: ['Biology', 'Chemistry'] }] },
      { formKey: 'profile-basic', title: 'Basic', answers: [] },
      { formKey: 'profile-contact', title: 'Contact', answers: [{ key: 'state', label: 'State', value: 'Texas' }] },
    ],
    applications: [{ id: 'a1', scholarshipId: 's1', title: 'Future Leaders Award', status: 'Received', createdAt: ago(10), submittedAt: ago(9), updatedAt: ago(9) }],
    memberships: [
      {
        id: 'm1', gateway: 'sandbox', gatewaySubscriptionId: 'sub_1', gatewayCustomerId: 'cus_1', status: 'trialing', title: 'Quarterly Plan', monthlyAmountCents: 1900,
        trialEndsAt: ago(-5), currentPeriodEnd: ago(-5), canceledAt: null, grantsAccess: true, createdAt: ago(2), updatedAt: ago(2),
      },
    ],
    paymentEvents: [{ gateway: 'sandbox', eventId: 'evt_1', type: 'customer.subscription.created', subscriptionId: 'sub_1', state: 'trialing', occurredAt: ago(2), receivedAt: ago(2), processedAt: ago(2), attempts: 1, lastError: null }],
    messages: { items: [{ id: 'i1', subject: 'Your free trial has started', fromName: 'ScholarMatch', sentAt: ago(2), read: false }], total: 3, unread: 1 },
    ...overrides,
  };
}

type Init = { params?: { query?: Record<string, unknown>; path?: { id: string } }; body?: Record<string, unknown> };

function serve(person = detail()) {
  const lists: Record<string, unknown>[] = [];
  mockApi('GET').mockImplementation(async (path, init) => {
    if (path === '/api/v1/admin/people') {
      lists.push((init as Init).params?.query ?? {});
      return apiAnswer(200, { statusCode: 200, data: [listed(), listed({ id: 'p2', firstName: 'Sam', lastName: 'Okafor', email: 'sam@example.com', role: 'support', isActiveSubscription: false, lockedAt: ago(1) })], meta: { total: 45 } });
    }
    if (path === '/api/v1/admin/people/{id}') return apiAnswer(200, { statusCode: 200, data: person });
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
  const posts: [string, Init][] = [];
  mockApi('POST').mockImplementation(async (path, init) => {
    posts.push([path, init as Init]);
    if (path.endsWith('/complimentary-membership')) return apiAnswer(400, { statusCode: 400, errorCode: 'INVALID_END_DATE', description: 'The end date must be a day from today up to 5 years ahead.' });
    return apiAnswer(201, { statusCode: 201, data: {} });
  });
  return { lists, posts };
}

describe('staff console: people', () => {
  isolateAppTests();

  it('lists people with search, role and page in the address', async () => {
    signInAs(ADMIN_ACCESS);
    const { lists } = serve();
    const user = userEvent.setup();
    const router = renderAppAt('/admin/people?role=applicant&page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'People' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /People/, hidden: true }).length).toBeGreaterThan(0);
    const rows = within(await screen.findByRole('list', { name: 'People' })).getAllByRole('listitem');
    expect(within(rows[0]).getByText('Maya Lopez')).toBeTruthy();
    expect(within(rows[0]).getByText('Member')).toBeTruthy();
    expect(within(rows[1]).getByText('Locked')).toBeTruthy();
    expect(lists[0]).toEqual({ role: 'applicant', offset: 20, limit: 20 });
    expect(screen.getByText('21–40 of 45')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 3, role: 'applicant' }));
    await user.type(screen.getByLabelText('Search'), 'maya_50%');
    await waitFor(() => expect(lists.at(-1)).toEqual({ search: 'maya_50%', role: 'applicant', offset: 0, limit: 20 }));
    expect(router.state.location.search).toEqual({ q: 'maya_50%', role: 'applicant' });
    await user.selectOptions(screen.getByLabelText('Role'), '');
    await waitFor(() => expect(lists.at(-1)).toEqual({ search: 'maya_50%', offset: 0, limit: 20 }));
  });

  it("shows a person's account, profile, applications, membership, payments and messages, with an admin's actions", async () => {
    signInAs(ADMIN_ACCESS);
    const { posts } = serve();
    const user = userEvent.setup();
    renderAppAt('/admin/people/p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Lopez' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Account' })).getByText('+12025550100')).toBeTruthy();
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('Biology, Chemistry')).toBeTruthy();
    expect(within(profile).queryByRole('heading', { name: 'Basic' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Applications' })).getByText('Future Leaders Award')).toBeTruthy();
    const membership = screen.getByRole('region', { name: 'Membership and payments' });
    expect(within(membership).getByText('Quarterly Plan')).toBeTruthy();
    expect(within(membership).getByText('customer.subscription.created')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Messages' })).getByText('Your free trial has started')).toBeTruthy();

    // Cancelling asks first, then tells.
    await user.click(screen.getByRole('button', { name: 'Cancel membership' }));
    expect(await screen.findByText(/Benefits last until the end of the period/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel at period end' }));
    await waitFor(() => expect(posts.at(-1)![0]).toBe('/api/v1/admin/people/{id}/cancel-membership'));
    expect(await screen.findByText('Membership cancelled at the end of its period')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send password reset e-mail' }));
    await user.click(await screen.findByRole('button', { name: 'Send e-mail' }));
    await waitFor(() => expect(posts.at(-1)![0]).toBe('/api/v1/admin/people/{id}/password-reset'));
    expect(await screen.findByText('Password reset e-mail sent')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Lock account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Lock account' }));
    await waitFor(() => expect(posts.at(-1)![0]).toBe('/api/v1/admin/users/{id}/lock'));
    expect(screen.getByRole('button', { name: 'End sessions' })).toBeTruthy();
    // A paid membership grants access: no complimentary one on top.
    expect(screen.queryByRole('button', { name: 'Grant complimentary membership' })).toBeNull();
  });

  it("grants a complimentary membership with a date and a reason, and shows the server's refusal", async () => {
    signInAs(ADMIN_ACCESS);
    const { posts } = serve(detail({ memberships: [], paymentEvents: [], account: { ...detail().account, isActiveSubscription: false } }));
    const user = userEvent.setup();
    renderAppAt('/admin/people/p1');
    expect(await screen.findByText('Never had a membership.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel membership' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Grant complimentary membership' }));
    const confirm = await screen.findByRole('button', { name: 'Grant membership' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText(/Last day/), '2030-01-31');
    await user.type(screen.getByLabelText(/Reason/), 'Scholarship fair winner');
    await user.click(confirm);
    await waitFor(() => expect(posts.at(-1)).toEqual(['/api/v1/admin/people/{id}/complimentary-membership', expect.objectContaining({ body: { endsOn: '2030-01-31', reason: 'Scholarship fair winner' } })]));
    expect(await screen.findByText('The end date must be a day from today up to 5 years ahead.')).toBeTruthy();
  });

  it('shows support staff only what support may do', async () => {
    signInAs(SUPPORT_ACCESS);
    serve();
    renderAppAt('/admin/people/p1');
    expect(await screen.findByRole('button', { name: 'Send password reset e-mail' })).toBeTruthy();
    for (const name of ['Cancel membership', 'Lock account', 'End sessions', 'Grant complimentary membership', 'Change role']) {
      expect([name, screen.queryByRole('button', { name })]).toEqual([name, null]);
    }
  });
});
