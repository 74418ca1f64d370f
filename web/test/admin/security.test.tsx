import { type Mock, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../src/pages/admin/shell/AdminLayout';
import { api } from '../../src/api/client';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt } from '../scholarships/render-app';
import { ADMIN_ACCESS, signInAs, SUPPORT_ACCESS } from './console-fixtures';

type Call = (path: string, init?: unknown) => Promise<unknown>;
const ok = (data: unknown) => apiAnswer(200, { statusCode: 200, data });

/** The console's security page turns the second factor off with a current code (docs/console.md, "Second factor"). */
describe('turning two-step verification off', () => {
  isolateAppTests();

  it('asks for a code, shows a wrong one refused, and turns it off with the right one', async () => {
    signInAs(SUPPORT_ACCESS);
    const user = userEvent.setup();
    const status = { enabled: true, required: false, recoveryCodesLeft: 9 };
    mockApi('GET').mockImplementation(async (path) => (path === '/api/v1/users/me/totp' ? ok({ ...status }) : ok([])));
    const remove = vi.spyOn(api, 'DELETE') as unknown as Mock<Call>;
    renderAppAt('/admin/security');
    expect(await screen.findByText(/Recovery codes left: 9/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Turn off two-step verification' }));
    expect(screen.getByRole('form', { name: 'Turn off two-step verification' })).toBeTruthy();
    remove.mockResolvedValueOnce(apiAnswer(400, { statusCode: 400, error: 'Bad Request', message: 'x', description: 'That code is not right. Please try again.', errorCode: 'WRONG_CODE' }));
    await user.type(screen.getByLabelText(/Code from the app/), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('That code is not right. Please try again.')).toBeTruthy();
    expect(remove).toHaveBeenLastCalledWith('/api/v1/users/me/totp', { body: { code: '000000' } });

    remove.mockResolvedValueOnce(apiAnswer(200, { statusCode: 200, message: 'Two-step verification is off.' }));
    status.enabled = false;
    status.recoveryCodesLeft = 0;
    await user.clear(screen.getByLabelText(/Code from the app/));
    await user.type(screen.getByLabelText(/Code from the app/), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-step verification is off.')).toBeTruthy();
    expect(remove).toHaveBeenLastCalledWith('/api/v1/users/me/totp', { body: { code: '123456' } });
    expect(await screen.findByRole('button', { name: 'Set up two-step verification' })).toBeTruthy();
  });

  it('offers no way off to an admin who must keep it on', async () => {
    signInAs(ADMIN_ACCESS);
    mockApi('GET').mockImplementation(async (path) => (path === '/api/v1/users/me/totp' ? ok({ enabled: true, required: true, recoveryCodesLeft: 10 }) : ok([])));
    renderAppAt('/admin/security');
    expect(await screen.findByText('Admins must keep two-step verification on.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Turn off two-step verification' })).toBeNull());
  });
});
