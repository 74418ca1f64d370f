import path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, browserSuite, suiteApi } from './harness.js';

const WIDTHS = [1280, 768, 375] as const;

/** The page at each width, saved under e2e/artifacts/api-keys-{name}-{width}.png; back at 1280 px afterwards. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(ARTIFACTS, `api-keys-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

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
    await page.goto(`${base}/auth/login`);
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Username').fill('provider@demo.scholarmatch.test');
    await form.getByLabel('Password').fill('DemoProvider#2026');
    await form.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/app\//);

    await page.goto(`${base}/app/settings`);
    await page.getByRole('link', { name: 'Manage API keys' }).click();
    await page.waitForURL(/\/app\/settings\/api-keys$/);
    await page.getByText('No API keys yet.').waitFor();
    await shoot(page, 'empty');

    await page.getByLabel('Name').fill('Grants CRM sync');
    await page.getByRole('checkbox', { name: /Read applications/ }).check({ force: true });
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('region', { name: 'Your new API key' });
    await shown.waitFor();
    const secret = (await shown.getByLabel('API key secret').textContent())!.trim();
    expect(secret).toMatch(/^smk_live_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('listitem', { name: 'Grants CRM sync' }).waitFor();
    await shoot(page, 'created');

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
    await shoot(page, 'revoke');
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('No API keys yet.').waitFor();
    expect((await call('GET', `/scholarships/${id}/applicants`, undefined, secret)).status).toBe(401);
    expect(suite.problems).toEqual([]);
  }, 120_000);
});
