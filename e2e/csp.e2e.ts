import type { Page } from 'playwright-core';
import path from 'node:path';
import { PROFILE_FORMS } from '../migrations/data/profile-fields.js';
import { ARTIFACTS, browserSuite, dismissSweepstakes } from './harness.js';

const NEXT_YEAR = `${new Date().getUTCFullYear() + 1}-06-30`;

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

/** Every form the catalogue serves (profile tabs, registration, sign-up). */
const FORM_KEYS = [...new Set([...PROFILE_FORMS.map((form) => form.key), 'registration', 'signup'])];
/** The profile page's tabs. */
const PROFILE_TABS = PROFILE_FORMS.filter((form) => form.key.startsWith('profile-'));

/**
 * The content security policy (docs/security.md): the app runs under `script-src 'self'` with neither 'unsafe-eval' nor 'unsafe-inline'.
 * Every form page loads and validates (its precompiled validator module imported from the API)
 * with no violation of the policy reported by the browser.
 */
describe('strict content security policy', () => {
  const suite = browserSuite({ env: { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  const visited: string[] = [];

  /** Records what the policy blocks: the page's own report event, and Chromium's console line. */
  async function watchPolicy(page: Page): Promise<string[]> {
    const console: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) console.push(message.text());
    });
    await page.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.__cspViolations.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
      });
    });
    return console;
  }

  async function expectNoViolation(page: Page, consoleViolations: string[]): Promise<void> {
    const reported = await page.evaluate(() => window.__cspViolations);
    expect([...reported, ...consoleViolations]).toEqual([]);
  }

  /** Submits the form on screen empty-handed: the precompiled validator must answer with messages. */
  async function expectValidation(page: Page, submit: string): Promise<void> {
    await page.getByRole('button', { name: submit }).first().click();
    await page.locator('[id$="__error"]').first().waitFor();
  }

  async function signIn(page: Page, email: string, password: string): Promise<void> {
    await page.goto(`${suite.server.baseUrl}/auth/login`);
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Username').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/auth/dashboard');
  }

  it("sends script-src 'self' without 'unsafe-eval' or 'unsafe-inline' on every page", async () => {
    for (const route of ['/', '/signup', '/auth/profile', `/forms/profile-basic`]) {
      const response = await fetch(`${suite.server.baseUrl}${route}`);
      const policy = response.headers.get('content-security-policy') ?? '';
      const scriptSrc = policy.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'));
      expect(scriptSrc).toBe("script-src 'self'");
      expect(policy).not.toMatch(/unsafe-eval/);
    }
  });

  it('loads and validates every catalogue form, signed out, with no violation', async () => {
    const { page } = suite;
    const violations = await watchPolicy(page);
    await page.goto(`${suite.server.baseUrl}/signup`);
    await expectValidation(page, 'Continue');
    visited.push('/signup');
    for (const key of FORM_KEYS) {
      await page.goto(`${suite.server.baseUrl}/forms/${key}`);
      await expectValidation(page, 'Submit');
      visited.push(`/forms/${key}`);
    }
    await page.screenshot({ path: path.join(ARTIFACTS, 'csp-form-preview.png'), fullPage: true });
    await expectNoViolation(page, violations);
    expect(suite.problems).toEqual([]);
    // Control: an inline script is refused and reported, so the watch above can see a violation.
    await page.addScriptTag({ content: 'window.ran = true' }).catch(() => undefined);
    await page.waitForFunction(() => window.__cspViolations.length > 0);
    expect(await page.evaluate(() => (window as unknown as { ran?: boolean }).ran)).toBeUndefined();
  });

  it('loads the profile tabs and a requirement form, signed in as a member, with no violation', async () => {
    const { page } = suite;
    const provider = await fetch(`${suite.server.baseUrl}/api/v1/users/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'provider@demo.scholarmatch.test', password: 'DemoProvider#2026', loginType: 'register_user' }),
    }).then(async (response) => ((await response.json()) as { data: { accessToken: string } }).data.accessToken);
    const call = (url: string, body?: unknown) =>
      fetch(`${suite.server.baseUrl}/api/v1${url}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${provider}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as { data: { id: string } } }));
    const created = await call('/providers/scholarships', {
      title: 'Policy Check Award',
      award: 1500,
      recurrenceConfig: { deadline: NEXT_YEAR },
      requirements: [
        { title: 'Why you?', dataType: 'text', key: 'whyYou' },
        { title: 'Portfolio', dataType: 'link', key: 'portfolio', optional: true },
      ],
    });
    expect(created.status).toBe(201);
    expect((await call(`/providers/scholarships/${created.body.data.id}/publish`)).status).toBe(200);

    const violations = await watchPolicy(page);
    await signIn(page, 'member@demo.scholarmatch.test', 'DemoMember#2026');
    await dismissSweepstakes(page).catch(() => undefined);
    await page.goto(`${suite.server.baseUrl}/auth/profile`);
    for (const form of PROFILE_TABS) {
      await page.getByRole('tab', { name: form.title }).click();
      await page.getByRole('button', { name: 'Save Changes' }).waitFor();
      visited.push(`/auth/profile (${form.title})`);
    }
    await page.goto(`${suite.server.baseUrl}/auth/scholarshipDetail?${created.body.data.id}`);
    await page.getByRole('heading', { name: 'Policy Check Award' }).waitFor();
    await page.getByLabel('Portfolio').fill('not a link');
    await expectValidation(page, 'Submit application');
    visited.push('/auth/scholarshipDetail (requirement form)');
    await page.screenshot({ path: path.join(ARTIFACTS, 'csp-requirement-form.png'), fullPage: true });
    await expectNoViolation(page, violations);
    expect(suite.problems).toEqual([]);
    console.log(`CSP: ${visited.length} form pages without a violation: ${visited.join(', ')}`);
  });
});
