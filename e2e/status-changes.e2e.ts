import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ARTIFACTS, browserSuite, settledDialog, suiteApi } from './harness.js';

const NEXT_YEAR = `${new Date().getUTCFullYear() + 1}-06-30`;
const PASSWORD = 'a long passphrase';
const TITLE = 'Hypatia Astronomy Grant';
/** Long enough to take screenshots and click Undo; short enough to wait out. */
const DELAY_SECONDS = 8;

/** The viewport at 1280 and at 390 px, the latter scrolled so `row` shows beside the dialog or the toast
 * (found by CSS: a modal dialog hides the page from the accessibility tree). */
async function shoot(page: Page, name: string, row: Locator): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS, `status-${name}-1280.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(400);
  await row.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(ARTIFACTS, `status-${name}-390.png`) });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForTimeout(200);
}

/**
 * Status changes only on purpose (docs/review.md, "Status"): a keyboard user walking
 * the applicants table with Tab and the arrow keys changes no status and sends nothing; a change
 * is picked from a menu, confirmed in a dialog naming the applicant and the status, and can be
 * undone before its message leaves, in which case nothing is sent. The same on the submission page.
 */
describe('status changes only on purpose, in a real browser', () => {
  const suite = browserSuite({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000', STATUS_MESSAGE_DELAY_SECONDS: String(DELAY_SECONDS) } });
  const { call } = suiteApi(suite);

  it('Tab and the arrow keys across the table change nothing; confirm, then undo, sends nothing; a kept change is told once', async () => {
    const { page } = suite;
    const base = suite.server.baseUrl;
    const sql = suite.server.sql;
    const stamp = Date.now();

    const providerEmail = `hypatia.${stamp}@alexandria.example`;
    const signup = await call('POST', '/users/provider-signup', {
      answers: { organisationName: 'Alexandria Library', firstName: 'Hypatia', lastName: 'Theon', email: providerEmail, phone: '+12025550143', password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
    });
    expect(signup.status).toBe(201);
    const provider = signup.body.data.accessToken as string;
    const created = await call('POST', '/providers/scholarships', { title: TITLE, award: 2000, recurrenceConfig: { deadline: NEXT_YEAR }, requirements: [] }, provider);
    const scholarshipId = created.body.data.id as string;
    expect((await call('POST', `/providers/scholarships/${scholarshipId}/publish`, undefined, provider)).status).toBe(200);

    const students: { name: string; email: string }[] = [];
    for (const [first, last] of [['Ada', 'Lovelace'], ['Mary', 'Somerville'], ['Caroline', 'Herschel']]) {
      const email = `${first.toLowerCase()}.${stamp}@students.example`;
      const res = await call('POST', '/register-applicants', { firstName: first, lastName: last, email, phone: '+12025550199', password: PASSWORD, applicantType: 'STUDENT', isProfileUpdate: 'false', isScholarshipApplied: 'false' });
      expect(res.status).toBe(201);
      await sql.query('UPDATE users SET is_active_subscription = true WHERE email = $1', [email]);
      const applied = await call('POST', '/scholarships/submit-individual-scholarship', { scholarshipId, status: 'Received', requirements: [] }, res.body.data.accessToken);
      expect(applied.body.data.status).toBe('Received');
      students.push({ name: `${first} ${last}`, email });
    }
    const emails = students.map((student) => student.email);
    const statuses = async () =>
      (await sql.query(`SELECT review_status FROM applications WHERE scholarship_id = $1 ORDER BY id`, [scholarshipId])).rows.map((row: { review_status: string }) => row.review_status);
    const statusMessages = async () =>
      Number((await sql.query(`SELECT count(*) FROM inbox_messages WHERE scholarship_id = $1 AND kind IN ('status-changed', 'winner', 'not-selected')`, [scholarshipId])).rows[0].count);
    const statusMails = async () =>
      (await sql.query(`SELECT to_address, subject FROM mail_outbox WHERE to_address = ANY($1) AND subject LIKE $2`, [emails, `${TITLE}%`])).rows as { to_address: string; subject: string }[];
    const moves: string[] = [];
    page.on('request', (request) => {
      if (/\/applicants\/[^/]+\/status/.test(request.url()) && request.method() !== 'GET') moves.push(`${request.method()} ${request.url()}`);
    });

    await page.goto(`${base}/auth/login`);
    const login = page.getByRole('form', { name: 'Log in' });
    await login.getByLabel('Username').fill(providerEmail);
    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/app/'));
    await page.goto(`${base}/app/scholarships/${scholarshipId}/applicants`);
    const table = page.getByRole('table', { name: 'Applicants' });
    await table.getByRole('row').nth(3).waitFor();

    // The keyboard walk: from the control just before the table, every Tab stop in it gets ↓ ↓ ↓ ↓ ↑ ↓, then Tab.
    const tableHandle = await table.elementHandle();
    const focusInTable = () => page.evaluate((element) => !!element && element.contains(document.activeElement), tableHandle);
    await table.getByRole('checkbox', { name: 'Select all on this page' }).focus();
    await page.keyboard.press('Shift+Tab');
    const visited: string[] = [];
    for (let step = 0; step < 60; step++) {
      await page.keyboard.press('Tab');
      const inside = await focusInTable();
      if (!inside && visited.length) break;
      if (!inside) continue;
      visited.push(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? ''));
      for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowDown']) await page.keyboard.press(key);
      await page.waitForTimeout(50);
    }
    // Every row's status control was walked over (and more: the check boxes and the references).
    expect(visited.filter((label) => /^Status of /.test(label))).toHaveLength(3);
    await page.waitForTimeout(500);
    expect(moves).toEqual([]);
    expect(await statuses()).toEqual(['Received', 'Received', 'Received']);
    expect(await statusMessages()).toBe(0);

    // Opened on purpose (Enter), the menu's arrows only move; Escape and Tab close it, choosing nothing.
    const firstTrigger = table.getByRole('button', { name: /^Status of / }).first();
    for (const close of ['Escape', 'Tab']) {
      await firstTrigger.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await menu.waitFor();
      for (const key of ['ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowDown']) await page.keyboard.press(key);
      await page.keyboard.press(close);
      await menu.waitFor({ state: 'hidden' });
    }
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    expect(moves).toEqual([]);

    // By pointer: pick a status from the menu; the dialog names the applicant and the status. Cancel changes nothing.
    const [first] = students;
    const firstRow = table.getByRole('row').filter({ hasText: first.name });
    await firstRow.getByRole('button', { name: /^Status of / }).click();
    await page.getByRole('menuitemradio', { name: 'Shortlisted' }).click();
    let dialog = page.getByRole('dialog', { name: 'Change the status?' });
    await dialog.getByText(`${first.name}`, { exact: false }).first().waitFor();
    await expect(dialog.innerText()).resolves.toMatch(new RegExp(`${first.name}.*Received.*Shortlisted`, 's'));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(moves).toEqual([]);

    // Confirmed: it moves, and a toast offers Undo until the message leaves.
    await firstRow.getByRole('button', { name: /^Status of / }).click();
    await page.getByRole('menuitemradio', { name: 'Shortlisted' }).click();
    dialog = page.getByRole('dialog', { name: 'Change the status?' });
    await settledDialog(page);
    await shoot(page, 'confirm', page.locator('table[aria-label="Applicants"] tr', { hasText: first.name }));
    await dialog.getByRole('button', { name: 'Change status' }).click();
    const undo = page.getByRole('button', { name: 'Undo' });
    await undo.waitFor();
    await firstRow.getByRole('button', { name: /^Status of .*: Shortlisted/ }).waitFor();
    await page.waitForTimeout(300);
    await shoot(page, 'undo-toast', page.locator('table[aria-label="Applicants"] tr', { hasText: first.name }));
    await undo.click();
    await page.getByText(/is back to Received/).first().waitFor();
    await firstRow.getByRole('button', { name: /^Status of .*: Received/ }).waitFor();
    // Past the window (and the job's next look): still nothing was sent.
    await page.waitForTimeout((DELAY_SECONDS + 4) * 1000);
    expect(await statuses()).toEqual(['Received', 'Received', 'Received']);
    expect(await statusMessages()).toBe(0);
    expect(await statusMails()).toEqual([]);

    // The submission page: the same menu and confirmation; kept, the applicant is told once.
    const second = students[1];
    await table.getByRole('row').filter({ hasText: second.name }).getByRole('link').first().click();
    await page.waitForURL(/\/applicants\/[0-9a-f-]{36}/);
    await page.getByRole('button', { name: /^Status: Received/ }).click();
    await page.getByRole('menuitemradio', { name: 'Under review' }).click();
    dialog = page.getByRole('dialog', { name: 'Change the status?' });
    await expect(dialog.innerText()).resolves.toMatch(new RegExp(`${second.name}.*Under review`, 's'));
    await dialog.getByRole('button', { name: 'Change status' }).click();
    await page.getByRole('button', { name: 'Undo' }).waitFor();
    await page.getByRole('button', { name: /^Status: Under review/ }).waitFor();
    await page.waitForTimeout((DELAY_SECONDS + 4) * 1000);
    expect(await statusMessages()).toBe(1);
    for (let tries = 0; tries < 40 && (await statusMails()).length === 0; tries++) await page.waitForTimeout(250);
    expect(await statusMails()).toEqual([{ to_address: second.email, subject: `${TITLE}: Under review` }]);
    expect(suite.problems).toEqual([]);
  }, 120_000);
});
