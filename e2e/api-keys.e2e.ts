import { browserSuite, logInAsDemoProvider, shootStudioPage, suiteApi } from './harness.js';

/**
 * API keys in Chromium (docs/api.md, "API keys"): the demo provider opens Settings, creates a key
 * with the read-applications permission, copies the secret shown once, lists applicants with it
 * (200), is refused a write (403), revokes it in the page and the key is refused at once (401).
 */
describe('API keys in a real browser', () => {
  const suite = browserSuite({ env: { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  const { call } = suiteApi(suite);

  it('an owner creates a key, an integration uses it within its scope, and revoking it refuses it at once', async () => {
    const { page } = suite;
    const base = suite.server.baseUrl;
    await logInAsDemoProvider(page, base);

    await page.goto(`${base}/app/settings`);
    await page.getByRole('link', { name: 'Manage API keys' }).click();
    await page.waitForURL(/\/app\/settings\/api-keys$/);
    await page.getByText('No API keys yet.').waitFor();
    await shootStudioPage(page, 'api-keys', 'empty');

    await page.getByLabel('Name').fill('Grants CRM sync');
    await page.getByRole('checkbox', { name: /Read applications/ }).check({ force: true });
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('region', { name: 'Your new API key' });
    await shown.waitFor();
    const secret = (await shown.getByLabel('API key secret').textContent())!.trim();
    expect(secret).toMatch(/^smk_live_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('listitem', { name: 'Grants CRM sync' }).waitFor();
    await shootStudioPage(page, 'api-keys', 'created');

    const [{ id }] = (
      await suite.server.sql.query(
        `SELECT s.id FROM scholarships s JOIN users u ON u.id = s.provider_id WHERE u.email = 'provider@demo.scholarmatch.test' AND s.status = 'published' ORDER BY s.title LIMIT 1`,
      )
    ).rows;
    expect((await call('GET', `/scholarships/${id}/applicants`, undefined, secret)).status).toBe(200);
    const write = await call('PUT', `/scholarships/${id}/review-settings`, { blindReview: true }, secret);
    expect([write.status, (write.body as unknown as { errorCode: string }).errorCode]).toEqual([403, 'KEY_SCOPE_MISSING']);

    await shown.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByRole('listitem', { name: 'Grants CRM sync' }).getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this API key?' });
    await dialog.waitFor();
    await shootStudioPage(page, 'api-keys', 'revoke');
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('No API keys yet.').waitFor();
    expect((await call('GET', `/scholarships/${id}/applicants`, undefined, secret)).status).toBe(401);
    expect(suite.problems).toEqual([]);
  }, 120_000);
});
