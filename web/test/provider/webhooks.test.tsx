import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../src/pages/provider/shell/ProviderLayout';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt } from '../scholarships/render-app';
import { signInProvider } from './studio-fixtures';

/** The owner's webhooks page (docs/providers.md, "Webhooks"; docs/webhooks.md). */
const ok = (data: unknown, status = 200) => apiAnswer(status, { statusCode: status, data });
const ENDPOINT = {
  id: '00000000-0000-4000-8000-0000000000c1',
  url: 'https://grants.example.org/hooks',
  events: ['application.submitted'],
  secretLast4: 'wpw8',
  previousSecretExpiresAt: null,
  enabled: true,
  disabledReason: null,
  consecutiveFailures: 0,
  lastSuccessAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const DELIVERY = {
  id: '00000000-0000-4000-8000-0000000000d1',
  eventId: '00000000-0000-4000-8000-0000000000e1',
  type: 'application.submitted',
  state: 'delivered',
  attempts: 1,
  lastStatus: 200,
  createdAt: '2026-11-28T10:00:00.000Z',
  nextAttemptAt: null,
  attemptLog: [{ attempt: 1, manual: false, at: '2026-11-28T10:00:00.000Z', requestHeaders: {}, requestBody: '{"id":"e1"}', responseStatus: 200, responseBody: 'ok', durationMs: 12, error: null }],
};

function serve(endpoints: unknown[] = [ENDPOINT]) {
  const get = mockApi('GET').mockImplementation(async (path) => {
    if (path === '/api/v1/providers/webhooks') return ok(endpoints);
    if (path === '/api/v1/providers/webhooks/{id}/deliveries') return ok([DELIVERY]);
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
  return { get, post: mockApi('POST') };
}

describe('the webhooks page', () => {
  isolateAppTests();

  it('sends the URL and the chosen events, and shows the server\'s refusal under the URL', async () => {
    signInProvider();
    const { post } = serve([]);
    renderAppAt('/app/settings/webhooks');
    const user = userEvent.setup();
    // Pasted rather than typed: a URL is pasted, and typing it key by key takes seconds here.
    await user.click(await screen.findByLabelText('Endpoint URL'));
    await user.paste('http://10.0.0.1/hook');
    await user.click(screen.getByText('application.submitted'));
    post.mockResolvedValueOnce(apiAnswer(400, { statusCode: 400, errorCode: 'WEBHOOK_URL_REFUSED', description: 'x', errors: [{ path: 'url', message: '10.0.0.1 is a private address: webhooks go to public addresses only.' }] }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('10.0.0.1 is a private address: webhooks go to public addresses only.')).toBeTruthy();
    expect(post.mock.calls[0]).toEqual(['/api/v1/providers/webhooks', { body: { url: 'http://10.0.0.1/hook', events: ['application.submitted'] } }]);
  });

  it('shows a new endpoint\'s secret once, with a copy button', async () => {
    signInProvider();
    const { post } = serve([]);
    renderAppAt('/app/settings/webhooks');
    const user = userEvent.setup();
    post.mockResolvedValueOnce(ok({ ...ENDPOINT, secret: 'whsec_M-DeWo80QoydrPJ2T2NqRVCruK4benAvNqh3-Lawpw8' }, 201));
    await user.click(await screen.findByLabelText('Endpoint URL'));
    await user.paste('https://grants.example.org/hooks');
    await user.click(screen.getByText('application.submitted'));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const shown = await screen.findByRole('region', { name: 'Your signing secret' });
    expect(within(shown).getByLabelText('Signing secret').textContent).toBe('whsec_M-DeWo80QoydrPJ2T2NqRVCruK4benAvNqh3-Lawpw8');
    expect(within(shown).getByRole('button', { name: 'Copy secret' })).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'I have stored it' }));
    expect(document.body.textContent).not.toContain('whsec_');
  });

  it('shows the delivery log with each attempt, and redelivers from it', async () => {
    signInProvider();
    const { post } = serve();
    post.mockResolvedValue(ok({ ...DELIVERY, attempts: 2 }, 201));
    renderAppAt('/app/settings/webhooks');
    const user = userEvent.setup();
    const card = await screen.findByRole('listitem', { name: ENDPOINT.url });
    expect(within(card).getByText(/Secret ••••wpw8/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Deliveries' }));
    const row = await within(card).findByRole('listitem', { name: 'application.submitted delivered' });
    await user.click(within(row).getByRole('button', { name: 'Details' }));
    expect(within(row).getByText(/answered 200 in 12 ms/)).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Redeliver' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/v1/providers/webhooks/{id}/deliveries/{deliveryId}/redeliver', { params: { path: { id: ENDPOINT.id, deliveryId: DELIVERY.id } } }));
  });

  it('asks before deleting an endpoint', async () => {
    signInProvider();
    serve();
    renderAppAt('/app/settings/webhooks');
    const user = userEvent.setup();
    const card = await screen.findByRole('listitem', { name: ENDPOINT.url });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    expect(within(dialog).getByRole('button', { name: 'Delete endpoint' })).toBeTruthy();
  });
});
