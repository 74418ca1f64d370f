import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pathAfterSignIn } from '../../src/pages/membership/plan-choice';
import { saveSession } from '../../src/session/session-store';
import { REVIEWER_SIGNUP } from '../provider/review-fixtures';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, STUDENT } from '../scholarships/render-app';
import { ACCESS } from '../session-fixtures';
import { ADMIN, SUPPORT_ACCESS } from './console-fixtures';

const ok = (data: unknown, status = 200) => apiAnswer(status, { statusCode: status, data });

describe('staff invitation and the staff sign-in', () => {
  isolateAppTests();

  it('names the address and role, sends the served form’s answers, stores the session and lands in the console', async () => {
    mockApi('GET').mockImplementation(async (path) => {
      if (path === '/api/v1/staff-invitations/{token}') return ok({ email: 'sam@example.com', role: 'support', expiresAt: '2100-01-01T00:00:00.000Z' });
      if (path === '/api/v1/forms/{formKey}') return ok(REVIEWER_SIGNUP);
      return apiAnswer(200, { statusCode: 200, data: [], meta: { total: 0, overdue: 0 } });
    });
    const post = mockApi('POST').mockResolvedValue(
      ok({ user: { ...ADMIN, id: 's1', role: 'support' }, accessToken: 'staff-access', refreshToken: 'refresh', clientIp: '127.0.0.1', access: SUPPORT_ACCESS }, 201),
    );
    const router = renderAppAt('/app/staff-invitation?token=tok123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Join ScholarMatch as support staff' })).toBeTruthy();
    expect(screen.getByText(/You were invited as sam@example.com/)).toBeTruthy();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^First name/), 'Sam');
    await user.type(screen.getByLabelText(/^Last name/), 'Support');
    await user.click(screen.getByRole('button', { name: 'Join the staff' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/support'));
    expect(post).toHaveBeenCalledWith('/api/v1/staff-invitations/{token}/accept', { params: { path: { token: 'tok123' } }, body: { answers: { firstName: 'Sam', lastName: 'Support' } } });
    expect(localStorage.getItem('token')).toBe('staff-access');
  });

  it('says so when the invitation is spent or expired', async () => {
    mockApi('GET').mockImplementation(async (path) =>
      path === '/api/v1/staff-invitations/{token}' ? apiAnswer(410, { statusCode: 410, errorCode: 'INVITATION_EXPIRED', description: 'This invitation has expired.' }) : ok(REVIEWER_SIGNUP),
    );
    renderAppAt('/app/staff-invitation?token=old');
    expect(await screen.findByText('This invitation has expired.')).toBeTruthy();
    expect(screen.getByText(/Already joined\?/)).toBeTruthy();
  });

  it('sends staff to the console after a sign-in, and applicants and providers where they went before', () => {
    saveSession({ user: ADMIN as never, accessToken: 'a', refreshToken: 'r', access: ACCESS.admin });
    expect(pathAfterSignIn()).toBe('/admin');
    saveSession({ user: ADMIN as never, accessToken: 'a', refreshToken: 'r', access: SUPPORT_ACCESS });
    expect(pathAfterSignIn()).toBe('/admin');
    saveSession({ user: STUDENT, accessToken: 'a', refreshToken: 'r', access: ACCESS.applicant });
    expect(pathAfterSignIn()).toBe('/auth/dashboard');
    saveSession({ user: STUDENT, accessToken: 'a', refreshToken: 'r', access: ACCESS.provider });
    expect(pathAfterSignIn()).toBe('/app');
  });
});
