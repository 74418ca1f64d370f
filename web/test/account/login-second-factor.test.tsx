import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accessToken } from '../../src/session/session-store';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, STUDENT } from '../scholarships/render-app';

/** The login page's second step for staff with two-step verification on (docs/staff-security.md, "Second factor"). */
describe('login with a second factor', () => {
  isolateAppTests();

  const SUPPORT = { ...STUDENT, role: 'support' as const, email: 'sam@example.org' };
  const session = { user: SUPPORT, accessToken: 'access-after-code', refreshToken: 'refresh', clientIp: '127.0.0.1', access: { role: 'support' as const, permissions: ['answer_support' as const, 'read_members' as const] } };

  async function passwordStep() {
    const user = userEvent.setup();
    const post = mockApi('POST');
    post.mockResolvedValueOnce(apiAnswer(200, { statusCode: 200, data: { mfaRequired: true, challenge: 'the-challenge' } }));
    renderAppAt('/auth/login');
    await user.type(await screen.findByLabelText(/Username/), SUPPORT.email);
    await user.type(screen.getByLabelText(/Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('form', { name: 'Two-step verification' });
    return { user, post };
  }

  it('asks for the code after the password, shows a wrong code, and signs in with the right one', async () => {
    const { user, post } = await passwordStep();
    expect(accessToken()).toBeNull();
    post.mockResolvedValueOnce(apiAnswer(400, { statusCode: 400, error: 'Bad Request', message: 'x', description: 'That code is not right. Please try again.', errorCode: 'WRONG_CODE' }));
    await user.type(screen.getByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right. Please try again.')).toBeTruthy();

    post.mockResolvedValueOnce(apiAnswer(201, { statusCode: 201, data: session }));
    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(accessToken()).toBe('access-after-code'));
    expect(post).toHaveBeenLastCalledWith('/api/v1/users/auth/login/totp', { body: { challenge: 'the-challenge', code: '123456' } });
  });

  it('offers a recovery code instead', async () => {
    const { user, post } = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    post.mockResolvedValueOnce(apiAnswer(201, { statusCode: 201, data: session }));
    await user.type(screen.getByLabelText('Recovery code'), 'k7m2p-x9q4r');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(accessToken()).toBe('access-after-code'));
    expect(post).toHaveBeenLastCalledWith('/api/v1/users/auth/login/totp', { body: { challenge: 'the-challenge', recoveryCode: 'k7m2p-x9q4r' } });
  });
});
