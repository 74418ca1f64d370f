import path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, browserSuite, dismissSweepstakes, suiteApi } from './harness.js';

const ADMIN = { email: 'admin@demo.scholarmatch.test', password: 'DemoAdmin#2026' };
const MEMBER = { email: 'member@demo.scholarmatch.test', password: 'DemoMember#2026' };

/** The form designer (docs/console.md, "Form designer") as an admin uses it, and the student's notice it brings, in Chromium. */
describe('the form designer in a real browser', () => {
  const suite = browserSuite({ env: { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  const api = suiteApi(suite);

  /** Signs in as the browser does: the login's session in the keys the app reads (web/src/session/session-store.ts). */
  async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
    const { body } = await api.call('POST', '/users/auth/login', { userName: who.email, password: who.password, loginType: 'register_user' });
    await page.goto(`${suite.server.baseUrl}/faq`);
    await page.evaluate((session) => {
      localStorage.clear();
      sessionStorage.clear();
      localStorage.setItem('userInfo', JSON.stringify(session.user));
      localStorage.setItem('token', session.accessToken);
      localStorage.setItem('refresh_token', session.refreshToken);
      localStorage.setItem('isActiveSubscription', String(session.user.isActiveSubscription));
      localStorage.setItem('user_access', JSON.stringify(session.access));
    }, body.data);
  }

  it('adds a required field to the Basic tab with the preview, publishes it after the diff, prompts a student, and rolls it back', async () => {
    const { page } = suite;
    const base = suite.server.baseUrl;
    await signIn(page, ADMIN);
    await page.goto(`${base}/admin/forms/profile-basic`);
    await page.getByRole('button', { name: 'Add field to basic' }).click();
    await page.getByRole('textbox', { name: /^Key/ }).fill('favouriteSubject');
    await page.getByRole('textbox', { name: /^Title/ }).fill('Favourite subject');
    await page.getByRole('textbox', { name: /^Hint/ }).fill('The one you enjoy most');
    // The box's input is visually hidden: a person clicks its label.
    await page.getByText('Required: people must answer it').click();
    expect(await page.getByRole('checkbox', { name: /Required/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Add to draft' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByLabel(/Favourite subject/).waitFor();
    await page.getByRole('listitem', { name: 'Favourite subject' }).getByText('Added').waitFor();

    // Added last; moved up one place: the section's new order is drafted.
    expect(await page.getByRole('button', { name: 'Move Favourite subject down' }).isDisabled()).toBe(true);
    // By keyboard: the button keeps the focus as its field moves.
    await page.getByRole('button', { name: 'Move Favourite subject up' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !(document.querySelector('[aria-label="Move Favourite subject down"]') as HTMLButtonElement | null)?.disabled);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move Favourite subject up');
    await page.screenshot({ path: path.join(ARTIFACTS, 'form-designer-1280.png'), fullPage: true });

    await page.getByRole('region', { name: 'Draft' }).getByRole('link', { name: 'Review and publish' }).click();
    await page.waitForURL('**/admin/forms/publish');
    const basic = page.getByRole('region', { name: 'Basic' });
    await basic.getByText('Favourite subject').waitFor();
    await page.getByRole('textbox', { name: /Note for the version history/ }).fill('Favourite subject');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL('**/admin/forms/versions?published=*');
    await page.getByText(/Published: version \d+ is live\./).waitFor();

    // The live Basic form asks it, required, with no deploy; the student is told on the dashboard.
    const served = (await api.call('GET', '/forms/profile-basic')).body.data as { schema: { required?: string[] } };
    expect(served.schema.required).toContain('favouriteSubject');
    // Another browser context: the student's session is not the admin's.
    const studentContext = await page.context().browser()!.newContext({ viewport: { width: 1280, height: 900 } });
    const studentPage = await studentContext.newPage();
    await signIn(studentPage, MEMBER);
    await studentPage.goto(`${base}/auth/dashboard`);
    await dismissSweepstakes(studentPage);
    const notice = studentPage.getByRole('region', { name: 'New profile questions' });
    await notice.getByText("We've added questions to your profile").waitFor();
    await notice.getByRole('link', { name: /Basic/ }).click();
    await studentPage.waitForURL('**/auth/profile?tab=basic');
    await studentPage.getByLabel(/Favourite subject/).waitFor();
    await studentPage.screenshot({ path: path.join(ARTIFACTS, 'form-designer-student-1280.png') });
    await studentContext.close();

    // Rolled back: the field is gone from the live form again.
    await page.getByRole('button', { name: /Roll back to version/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Roll back' }).click();
    await page.getByText(/Rolled back: version \d+ is live\./).waitFor();
    const after = (await api.call('GET', '/forms/profile-basic')).body.data as { schema: { properties: Record<string, unknown> } };
    expect(after.schema.properties.favouriteSubject).toBeUndefined();
  }, 240_000);
});
