import { describe, expect, it, vi } from 'vitest';
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
const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

function signInAs(access: Access) {
  saveSession({ user: { ...ADMIN, role: access.role } as never, accessToken: 'access', refreshToken: 'refresh', access });
}

function person(account: Record<string, unknown> = {}) {
  return {
    account: {
      id: 'p1', firstName: 'Maya', lastName: 'Lopez', email: 'maya@example.com', role: 'applicant', createdAt: ago(40), lockedAt: null, isActiveSubscription: false,
      phone: null, applicantType: 'STUDENT', passwordChangedAt: ago(40), loginLockedUntil: null, erasedAt: null, ...account,
    },
    profile: [],
    applications: [],
    memberships: [],
    paymentEvents: [],
    messages: { items: [], total: 0, unread: 0 },
  };
}

const ERASURE = {
  userId: 'p1',
  pseudonym: 'erased-p1@erased.invalid',
  erasedAt: ago(0),
  removed: { profileAnswers: 12, files: 2, inboxMessages: 3, wishlist: 0 },
  kept: [
    { part: 'memberships', count: 1, reason: 'Memberships with their plan, price and dates: payment and tax records we must keep.' },
    { part: 'account', count: 1, reason: 'The account itself, under the pseudonym, with no password, no profile and no sign-in: the records above point at it.' },
  ],
};

type Init = { body?: Record<string, unknown>; parseAs?: string };

function serve(answer = person()) {
  let current = answer;
  mockApi('GET').mockImplementation(async (path) =>
    path === '/api/v1/admin/people/{id}' ? apiAnswer(200, { statusCode: 200, data: current }) : apiAnswer(404, { description: `not mocked: ${path}` }),
  );
  const posts: [string, Init][] = [];
  mockApi('POST').mockImplementation(async (path, init) => {
    posts.push([path, init as Init]);
    if (path.endsWith('/export')) {
      const response = new Response(null, { status: 200, headers: { 'Content-Disposition': 'attachment; filename="scholarmatch-data-p1-2026-11-28.zip"' } });
      return { data: new Blob(['zip'], { type: 'application/zip' }), response };
    }
    if (path.endsWith('/erase')) {
      if ((init as Init).body?.confirmEmail !== 'MAYA@example.com') return apiAnswer(409, { statusCode: 409, errorCode: 'MEMBERSHIP_RENEWS', description: "This person's membership still renews: cancel it first, then erase them." });
      current = person({ email: ERASURE.pseudonym, firstName: 'Erased', lastName: 'applicant', erasedAt: ago(0), lockedAt: ago(0) });
      return apiAnswer(200, { statusCode: 200, data: ERASURE });
    }
    return apiAnswer(201, { statusCode: 201, data: {} });
  });
  return posts;
}

describe('staff console: privacy requests on the person page', () => {
  isolateAppTests();

  it("downloads a person's data as a zip", async () => {
    signInAs(ADMIN_ACCESS);
    const posts = serve();
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderAppAt('/admin/people/p1');
    await user.click(await screen.findByRole('button', { name: 'Export data' }));
    await waitFor(() => expect(posts.at(-1)).toEqual(['/api/v1/admin/people/{id}/export', expect.objectContaining({ parseAs: 'blob' })]));
    expect(await screen.findByText('Data exported: scholarmatch-data-p1-2026-11-28.zip')).toBeTruthy();
    expect(createObjectURL).toHaveBeenCalled();
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('scholarmatch-data-p1-2026-11-28.zip');
    click.mockRestore();
  });

  it('erases a person after the e-mail is typed, shows a refusal in the dialog, then what was kept and why', async () => {
    signInAs(ADMIN_ACCESS);
    const posts = serve();
    const user = userEvent.setup();
    renderAppAt('/admin/people/p1');
    await user.click(await screen.findByRole('button', { name: 'Erase person' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/This cannot be undone/)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Erase person' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const typed = within(dialog).getByLabelText(/Type maya@example.com to confirm/);
    await user.type(typed, 'maya@example.co');
    expect(confirm.disabled).toBe(true);

    // The server's refusal stays in the dialog.
    await user.type(typed, 'n');
    await user.clear(typed);
    await user.type(typed, 'maya@EXAMPLE.com');
    await user.click(confirm);
    expect(await within(dialog).findByText("This person's membership still renews: cancel it first, then erase them.")).toBeTruthy();

    await user.clear(typed);
    await user.type(typed, 'MAYA@example.com');
    await user.click(confirm);
    await waitFor(() => expect(posts.at(-1)).toEqual(['/api/v1/admin/people/{id}/erase', expect.objectContaining({ body: { confirmEmail: 'MAYA@example.com' } })]));
    const result = await screen.findByRole('dialog', { name: 'Person erased' });
    expect(within(result).getByText('erased-p1@erased.invalid')).toBeTruthy();
    expect(within(result).getByText('Profile answers (12), Uploaded files (2), Inbox messages (3)')).toBeTruthy();
    expect(within(result).getByText(/payment and tax records we must keep/)).toBeTruthy();
    await user.click(within(result).getByRole('button', { name: 'Done' }));

    // The page now shows the erased account, with nothing left to do but an export.
    expect(await screen.findByRole('heading', { level: 1, name: 'Erased applicant' })).toBeTruthy();
    expect(screen.getByText(/^Erased \d\d [A-Z][a-z]+, \d{4}$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Erase person' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Lock account' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export data' })).toBeTruthy();
  });

  it('offers neither to support staff, and no erasure for staff accounts', async () => {
    signInAs(SUPPORT_ACCESS);
    serve();
    renderAppAt('/admin/people/p1');
    expect(await screen.findByRole('button', { name: 'Send password reset e-mail' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export data' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Erase person' })).toBeNull();
  });

  it('offers no erasure of a staff account to an admin', async () => {
    signInAs(ADMIN_ACCESS);
    serve(person({ role: 'support' }));
    renderAppAt('/admin/people/p1');
    expect(await screen.findByRole('button', { name: 'Export data' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Erase person' })).toBeNull();
  });
});
