import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../src/pages/admin/shell/AdminLayout';
import { changedKeys } from '../../src/pages/admin/audit/audit-words';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt } from '../scholarships/render-app';
import { ADMIN_ACCESS, mockPatch, signInAs, SUPPORT_ACCESS } from './console-fixtures';

const ok = (data: unknown, extra: Record<string, unknown> = {}) => apiAnswer(200, { statusCode: 200, data, ...extra });
type Init = { params?: { query?: Record<string, unknown>; path?: { id: string } }; body?: Record<string, unknown> };

function plan(id: string, title: string, cents: number, intervalMonths: number, extra: Record<string, unknown> = {}) {
  const price = `$${cents / 100}`;
  return {
    id, title, price, productId: title.toLowerCase(), description: 'Scholarship details,Easy Apply', priceId: `price_${id}`, mostPopular: false,
    intervalMonths, billedAmount: `$${(cents * intervalMonths) / 100}`, monthlyAmountCents: cents, sortOrder: intervalMonths, active: true, ...extra,
  };
}

const STAFF = {
  staff: [
    { id: 'admin-1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', role: 'admin', lockedAt: null, createdAt: '2026-01-02T00:00:00.000Z' },
    { id: 's2', email: 'sam@example.com', firstName: 'Sam', lastName: 'Support', role: 'support', lockedAt: null, createdAt: '2026-02-02T00:00:00.000Z' },
  ],
  invitations: [{ id: 'i1', email: 'new@example.com', role: 'support', expiresAt: '2100-01-01T00:00:00.000Z', createdAt: '2026-11-01T00:00:00.000Z' }],
};

describe('staff console pages', () => {
  isolateAppTests();

  it('edits a plan and shows the savings the plans page will show, measured against the monthly plan', async () => {
    signInAs();
    mockApi('GET').mockImplementation(async (path) =>
      path === '/api/v1/admin/subscription-plans' ? ok([plan('m', 'Monthly Plan', 2900, 1), plan('q', 'Quarterly Plan', 1900, 3)]) : apiAnswer(404, {}),
    );
    const patch = mockPatch().mockResolvedValue(ok(plan('q', 'Quarterly Plus', 1500, 3)));
    const user = userEvent.setup();
    renderAppAt('/admin/plans');
    expect(await screen.findByRole('heading', { level: 1, name: 'Plans' })).toBeTruthy();
    expect(screen.getByText(/A running membership keeps the price it was sold at/)).toBeTruthy();
    const quarterly = await screen.findByRole('region', { name: 'Quarterly Plan' });
    expect(within(quarterly).getByText('Save $120.00 a year')).toBeTruthy();
    const price = within(quarterly).getByLabelText('Monthly price (US dollars)');
    await user.clear(price);
    await user.type(price, '15');
    expect(within(quarterly).getByText('Save $168.00 a year')).toBeTruthy();
    expect(within(quarterly).getByText('$45 every 3 months')).toBeTruthy();
    const name = within(quarterly).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Quarterly Plus');
    await user.click(within(quarterly).getByRole('button', { name: /^Save/ }));
    await waitFor(() => expect(patch).toHaveBeenCalled());
    expect((patch.mock.calls[0][1] as Init).body).toEqual({ title: 'Quarterly Plus', monthlyAmountCents: 1500, description: 'Scholarship details,Easy Apply' });
    expect(await screen.findByText(/running memberships keep their price/)).toBeTruthy();
  });

  it('invites staff, and shows the server’s sentence when a role change is refused', async () => {
    signInAs();
    mockApi('GET').mockImplementation(async (path) => (path === '/api/v1/admin/staff' ? ok(STAFF) : apiAnswer(404, {})));
    const post = mockApi('POST').mockResolvedValue(apiAnswer(201, { statusCode: 201, data: { id: 'i2', email: 'kim@example.com', role: 'admin', expiresAt: '2100-01-01T00:00:00.000Z', createdAt: '2026-11-01T00:00:00.000Z' } }));
    const put = mockApi('PUT').mockResolvedValue(apiAnswer(409, { statusCode: 409, errorCode: 'CANNOT_DEMOTE_SELF', description: 'You cannot change your own role: ask another admin.' }));
    const user = userEvent.setup();
    renderAppAt('/admin/staff');
    const list = await screen.findByRole('list', { name: 'Staff members' });
    expect(within(list).getByText('You')).toBeTruthy();
    expect(screen.getByText('new@example.com · Support')).toBeTruthy();

    await user.type(screen.getByLabelText('E-mail'), 'kim@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/v1/admin/staff-invitations', { body: { email: 'kim@example.com', role: 'admin' } }));
    expect(await screen.findByText('Invitation sent to kim@example.com.')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Role of Ada Admin'), 'support');
    expect(await screen.findByText('Make Ada Admin support?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('You cannot change your own role: ask another admin.')).toBeTruthy();
    expect(put).toHaveBeenCalledWith('/api/v1/admin/users/{id}/role', { params: { path: { id: 'admin-1' } }, body: { role: 'support' } });

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const sam = within(list).getAllByRole('listitem')[1];
    await user.click(within(sam).getByRole('button', { name: 'Lock' }));
    post.mockResolvedValue(ok({ userId: 's2', role: 'support', locked: true }));
    await user.click(await screen.findByRole('button', { name: 'Lock account' }));
    await waitFor(() => expect(post).toHaveBeenLastCalledWith('/api/v1/admin/users/{id}/lock', { params: { path: { id: 's2' } } }));
  });

  it('reads the audit log newest first with its filters in the address, each row with the keys it changed', async () => {
    signInAs();
    const queries: Record<string, unknown>[] = [];
    mockApi('GET').mockImplementation(async (path, init) => {
      if (path === '/api/v1/admin/staff') return ok(STAFF);
      if (path !== '/api/v1/admin/audit-log') return apiAnswer(404, {});
      queries.push((init as Init).params?.query ?? {});
      return ok(
        [{ id: '2', at: '2026-11-20T10:00:00.000Z', actorId: 'admin-1', actorRole: 'admin', action: 'plan.updated', targetType: 'plan', targetId: 'q', before: { title: 'Quarterly', monthlyAmountCents: 1900, active: true }, after: { title: 'Quarterly', monthlyAmountCents: 1500, active: true }, ip: '203.0.113.7' }],
        { meta: { total: 30 } },
      );
    });
    const user = userEvent.setup();
    const router = renderAppAt('/admin/audit?action=plan.updated&from=2026-11-01&to=2026-11-30');
    const list = await screen.findByRole('list', { name: 'Audit log' });
    expect(within(list).getByText('Plan changed')).toBeTruthy();
    expect(within(list).getByText(/by Ada Admin \(admin\) from 203\.0\.113\.7/)).toBeTruthy();
    const changes = within(list).getByLabelText('Changes');
    expect(changes.textContent).toBe('monthlyAmountCents: 1900 → 1500');
    expect(queries[0]).toEqual({ action: 'plan.updated', from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z', offset: 0, limit: 25 });

    await user.selectOptions(screen.getByLabelText('Person'), 'admin-1');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ actor: 'admin-1', action: 'plan.updated' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ actor: 'admin-1', offset: 25 }));
    await user.click(within(list).getByRole('button', { name: 'plan q' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ targetType: 'plan', targetId: 'q' }));
  });

  it('tells what changed between before and after, a key on one side only included', () => {
    expect(changedKeys({ before: null, after: { email: 'a@example.com', role: 'admin' } })).toEqual([
      { key: 'email', before: '(none)', after: '"a@example.com"' },
      { key: 'role', before: '(none)', after: '"admin"' },
    ]);
    expect(changedKeys({ before: { locked: false }, after: { locked: false } })).toEqual([]);
  });

  it('searches the mail outbox and filters the payment events, with the member named', async () => {
    signInAs();
    const calls: [string, Record<string, unknown>][] = [];
    mockApi('GET').mockImplementation(async (path, init) => {
      calls.push([path, (init as Init).params?.query ?? {}]);
      if (path === '/api/v1/admin/mail-outbox') return ok([{ id: 1, to: 'maya@example.com', fromName: null, subject: 'Your reset code', text: 'Code: 123456', html: null, createdAt: '2026-11-20T10:00:00.000Z' }]);
      if (path === '/api/v1/admin/payments/events') {
        return ok([{ gateway: 'sandbox', eventId: 'ev_1', type: 'customer.subscription.updated', occurredAt: '2026-11-20T10:00:00.000Z', receivedAt: '2026-11-20T10:00:01.000Z', processedAt: null, attempts: 3, lastError: 'names no applicant', memberEmail: 'maya@example.com' }]);
      }
      return apiAnswer(404, {});
    });
    const user = userEvent.setup();
    renderAppAt('/admin/outbox');
    expect(await screen.findByText('Your reset code')).toBeTruthy();
    await user.type(screen.getByLabelText('Search'), 'maya@');
    await waitFor(() => expect(calls.at(-1)).toEqual(['/api/v1/admin/mail-outbox', { search: 'maya@', limit: 100 }]));

    await user.click(screen.getAllByRole('link', { name: /Payment events/, hidden: true })[0]);
    expect(await screen.findByText('Waiting for a retry')).toBeTruthy();
    expect(screen.getByText(/maya@example\.com · received/)).toBeTruthy();
    await user.type(screen.getByLabelText('Member e-mail'), 'maya@example.com');
    await user.type(screen.getByLabelText('Event type'), 'customer.subscription.updated');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.at(-1)).toEqual(['/api/v1/admin/payments/events', { email: 'maya@example.com', type: 'customer.subscription.updated' }]));
  });

  it('shows support only the areas their role allows', async () => {
    signInAs(SUPPORT_ACCESS);
    mockApi('GET').mockResolvedValue(ok([], { meta: { total: 0, overdue: 0 } }));
    const router = renderAppAt('/admin/staff');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/support'));
    expect(screen.getAllByRole('link', { name: /Payment events/, hidden: true }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: /^Plans/, hidden: true })).toBeNull();
    expect(screen.queryByRole('link', { name: /Audit log/, hidden: true })).toBeNull();
  });

  it('opens the audit log by read_audit alone, not by managing staff', async () => {
    mockApi('GET').mockResolvedValue(ok([], { meta: { total: 0, overdue: 0 } }));
    signInAs({ ...SUPPORT_ACCESS, permissions: [...SUPPORT_ACCESS.permissions, 'read_audit'] });
    const router = renderAppAt('/admin/audit');
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/audit');
    expect(screen.queryByRole('link', { name: /^Staff/, hidden: true })).toBeNull();
  });

  it('refuses the audit log to staff without read_audit, even with manage_staff', async () => {
    mockApi('GET').mockResolvedValue(ok([], { meta: { total: 0, overdue: 0 } }));
    signInAs({ ...ADMIN_ACCESS, permissions: ADMIN_ACCESS.permissions.filter((permission) => permission !== 'read_audit') });
    const router = renderAppAt('/admin/audit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/support'));
    expect(screen.queryByRole('link', { name: /Audit log/, hidden: true })).toBeNull();
    expect(screen.getAllByRole('link', { name: /^Staff/, hidden: true }).length).toBeGreaterThan(0);
  });
});
