import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTO_APPLY_TEXT } from '../../src/pages/account/AutoApplySetting';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn } from '../scholarships/render-app';

const serveSetting = (setting: { enabled: boolean; member: boolean }) =>
  mockApi('GET').mockImplementation(async (path) =>
    path === '/api/v1/register-applicants/auto-apply' ? apiAnswer(200, { statusCode: 200, data: setting }) : apiAnswer(404, { description: `not mocked: ${path}` }),
  );

/** Settings' automatic application switch (docs/automation.md): the server's setting, its gate and its answer. */
describe('Settings: automatic application', () => {
  isolateAppTests();

  it('lets a member turn it on, saving what the server answers', async () => {
    signIn(true);
    serveSetting({ enabled: false, member: true });
    const put = mockApi('PUT').mockResolvedValue(apiAnswer(200, { statusCode: 200, message: 'Automatic application is on', data: { enabled: true, member: true } }));
    renderAppAt('/auth/dashboard/setting');
    expect(await screen.findByRole('heading', { level: 2, name: 'Automatic application' })).toBeTruthy();
    expect(screen.getByText(AUTO_APPLY_TEXT)).toBeTruthy();
    const toggle = await screen.findByRole('checkbox', { name: 'Apply automatically' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await userEvent.setup().click(toggle);
    expect(put).toHaveBeenCalledWith('/api/v1/register-applicants/auto-apply', { body: { enabled: true } });
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Apply automatically' }) as HTMLInputElement).checked).toBe(true));
  });

  it('keeps it off for a non-member and says where the membership is', async () => {
    signIn(false);
    serveSetting({ enabled: false, member: false });
    const put = mockApi('PUT');
    renderAppAt('/auth/dashboard/setting');
    const toggle = await screen.findByRole('checkbox', { name: 'Apply automatically' });
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/Automatic application is for members\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' })).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });
});
