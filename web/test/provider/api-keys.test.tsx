import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../src/pages/provider/shell/ProviderLayout';
import { api } from '../../src/api/client';
import { saveSession } from '../../src/session/session-store';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt } from '../scholarships/render-app';
import { ACCESS } from '../session-fixtures';
import { PROVIDER, signInProvider } from './studio-fixtures';

/** The owner's API keys page (docs/providers.md, "API keys"). */
const ok = (data: unknown, status = 200) => apiAnswer(status, { statusCode: status, data });
const SECRET = 'smk_live_Qm9vdHN0cmFwIHlvdXIgaW50ZWdyYXRpb24gaGVyZS4xMjM0AbCd';
const EXISTING = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Grants CRM sync',
  scopes: ['read_own_scholarships', 'read_applications'],
  last4: 'x9Qa',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: '2026-11-27T09:00:00.000Z',
};

function serveKeys(keys: unknown[] = [EXISTING]) {
  const get = mockApi('GET').mockImplementation(async (path) => (path === '/api/v1/providers/api-keys' ? ok(keys) : apiAnswer(404, { description: `not mocked: ${path}` })));
  const post = mockApi('POST');
  const remove = vi.spyOn(api, 'DELETE') as unknown as ReturnType<typeof mockApi>;
  return { get, post, remove };
}

describe('the API keys page', () => {
  isolateAppTests();

  it('lists the keys by name, scopes, last four characters and dates, never a secret', async () => {
    signInProvider();
    serveKeys();
    renderAppAt('/app/settings/api-keys');
    const row = await screen.findByRole('listitem', { name: 'Grants CRM sync' });
    expect(within(row).getByText('••••x9Qa')).toBeTruthy();
    expect(within(row).getByText('Read scholarships')).toBeTruthy();
    expect(within(row).getByText('Read applications')).toBeTruthy();
    expect(row.textContent).toMatch(/Created .*last used .*no expiry/);
    expect(document.body.textContent).not.toContain('smk_live_');
  });

  it('creates a key with the chosen scopes and expiry, shows its secret once with a copy button, and refuses an empty choice', async () => {
    signInProvider();
    const { post } = serveKeys([]);
    post.mockResolvedValue(ok({ ...EXISTING, id: '00000000-0000-4000-8000-0000000000b2', name: 'Nightly export', scopes: ['read_applications'], last4: 'AbCd', secret: SECRET }, 201));
    renderAppAt('/app/settings/api-keys');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Nightly export');
    // The server judges the choice; its words show under the field.
    post.mockResolvedValueOnce(apiAnswer(400, { statusCode: 400, errorCode: 'VALIDATION_FAILED', description: 'Choose at least one permission.', errors: [{ path: 'scopes', message: 'Choose at least one permission.' }] }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Choose at least one permission.')).toBeTruthy();
    expect(post.mock.calls[0]).toEqual(['/api/v1/providers/api-keys', { body: { name: 'Nightly export', scopes: [] } }]);
    post.mockClear();

    await user.click(screen.getByRole('checkbox', { name: /Read applications/ }));
    await user.type(screen.getByLabelText('Expires on (optional)'), '2027-06-30');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0]).toEqual(['/api/v1/providers/api-keys', { body: { name: 'Nightly export', scopes: ['read_applications'], expiresAt: '2027-06-30T23:59:59Z' } }]);

    const shown = await screen.findByRole('region', { name: 'Your new API key' });
    expect(within(shown).getByText(SECRET)).toBeTruthy();
    expect(within(shown).getByText(/You will not see this key again/)).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Copy key' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await within(shown).findByRole('button', { name: 'Copied' })).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it("shows the server's refusal of a scope", async () => {
    signInProvider();
    const { post } = serveKeys([]);
    const refusal = 'You cannot give a key a permission you do not have yourself: write_messages.';
    post.mockResolvedValue(apiAnswer(403, { statusCode: 403, errorCode: 'SCOPE_NOT_HELD', description: refusal }));
    renderAppAt('/app/settings/api-keys');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Messages');
    await user.click(screen.getByRole('checkbox', { name: /Write messages/ }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
  });

  it('revokes a key only after a confirmation', async () => {
    signInProvider();
    const { remove } = serveKeys();
    remove.mockResolvedValue(ok({ revoked: true }));
    renderAppAt('/app/settings/api-keys');
    const user = userEvent.setup();
    const row = await screen.findByRole('listitem', { name: 'Grants CRM sync' });
    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this API key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revoke this API key?' })).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('/api/v1/providers/api-keys/{id}', { params: { path: { id: EXISTING.id } } }));
  });

  it('is the owner\'s: Settings links to it for the owner only, and a reviewer is sent home', async () => {
    signInProvider();
    serveKeys();
    renderAppAt('/app/settings');
    expect(await screen.findByRole('link', { name: 'Manage API keys' })).toBeTruthy();

    saveSession({ user: { ...PROVIDER, role: 'reviewer' }, accessToken: 'access', refreshToken: 'refresh', access: ACCESS.reviewer });
    const router = renderAppAt('/app/settings/api-keys');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/app/settings/api-keys'));
  });
});
