import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../src/pages/provider/shell/ProviderLayout';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt } from '../scholarships/render-app';
import { signInProvider } from './studio-fixtures';

/** The embed settings page (docs/embedding.md). */
const ok = (data: unknown, status = 200) => apiAnswer(status, { statusCode: status, data });
const ID = '00000000-0000-4000-8000-0000000000c1';
const SNIPPET = `<div data-scholarmatch-scholarship="${ID}"></div>\n<script async src="https://scholarmatch.example/embed.js"></script>`;
const SETTINGS = {
  origins: ['https://www.example.org'],
  loaderUrl: 'https://scholarmatch.example/embed.js',
  scholarships: [
    { id: ID, title: 'Harbor Builders Award', status: 'published', snippet: SNIPPET, embedApplications: 3 },
    { id: '00000000-0000-4000-8000-0000000000c2', title: 'Quiet Award', status: 'closed', snippet: SNIPPET.replace(ID, '00000000-0000-4000-8000-0000000000c2'), embedApplications: 0 },
  ],
};

describe('the embed settings page', () => {
  isolateAppTests();

  it("shows each scholarship's snippet and the applications its card brought", async () => {
    signInProvider();
    mockApi('GET').mockImplementation(async (path) => (path === '/api/v1/providers/embed' ? ok(SETTINGS) : apiAnswer(404, { description: `not mocked: ${path}` })));
    renderAppAt('/app/settings/embed');
    const card = await screen.findByRole('region', { name: 'Harbor Builders Award' });
    expect(within(card).getByLabelText('Snippet').textContent).toBe(SNIPPET);
    expect(within(card).getByText('3 applications came through your site')).toBeTruthy();
    const brought = screen.getByLabelText('Applications through your site');
    expect(within(brought).getByText('Harbor Builders Award')).toBeTruthy();
    expect(within(brought).getByText('Total')).toBeTruthy();
    expect((screen.getByLabelText('Sites that may show your cards, one per line') as HTMLTextAreaElement).value).toBe('https://www.example.org');
  });

  it('shows the chosen scholarship\'s snippet', async () => {
    signInProvider();
    mockApi('GET').mockImplementation(async (path) => (path === '/api/v1/providers/embed' ? ok(SETTINGS) : apiAnswer(404, { description: `not mocked: ${path}` })));
    renderAppAt('/app/settings/embed');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Scholarship'), 'Quiet Award (closed)');
    const card = await screen.findByRole('region', { name: 'Quiet Award' });
    expect(within(card).getByLabelText('Snippet').textContent).toContain('0000000000c2');
    expect(within(card).getByText('0 applications came through your site')).toBeTruthy();
  });

  it('sends the lines as typed and names the ones the server refuses', async () => {
    signInProvider();
    mockApi('GET').mockImplementation(async (path) => (path === '/api/v1/providers/embed' ? ok({ ...SETTINGS, origins: [] }) : apiAnswer(404, { description: `not mocked: ${path}` })));
    const put = mockApi('PUT');
    put.mockResolvedValueOnce(
      apiAnswer(400, {
        statusCode: 400,
        errorCode: 'INVALID_ORIGIN',
        description: '"http://www.example.org" is not a site address the card can be shown on.',
        errors: [{ path: 'origins.1', message: 'Enter a site address.' }],
      }),
    );
    renderAppAt('/app/settings/embed');
    expect(await screen.findByText('No site is allowed yet: add yours above, or browsers will not show the cards.')).toBeTruthy();
    const user = userEvent.setup();
    const box = screen.getByLabelText('Sites that may show your cards, one per line');
    await user.type(box, 'https://a.example.org{Enter}{Enter}http://www.example.org');
    await user.click(screen.getByRole('button', { name: 'Save sites' }));
    expect(await screen.findByText('Line 2: http://www.example.org')).toBeTruthy();
    expect(put.mock.calls[0]).toEqual(['/api/v1/providers/embed/origins', { body: { origins: ['https://a.example.org', 'http://www.example.org'] } }]);

    put.mockResolvedValueOnce(ok({ ...SETTINGS, origins: ['https://a.example.org'] }));
    await user.clear(box);
    await user.type(box, 'https://a.example.org');
    await user.click(screen.getByRole('button', { name: 'Save sites' }));
    expect((await screen.findAllByText('Allowed sites saved')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/^Line \d/)).toBeNull();
  });
});
