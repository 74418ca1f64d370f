import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, launchBrowser, REPO_ROOT, startServer, watchPage, type RunningServer } from './harness.js';

/** A date of birth that makes someone `years` old today. */
function dobYearsAgo(years: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), 1)).toISOString().slice(0, 10);
}

describe('the form engine in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let page: Page;
  let watched: { problems: string[] };

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startServer();
    ({ browser, close: closeBrowser } = await launchBrowser());
  });
  afterAll(async () => {
    await closeBrowser?.();
    await server?.stop();
  });
  beforeEach(async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    watched = watchPage(page);
  });
  afterEach(async () => {
    await page.close();
  });

  it('renders the landing page without loading the form engine', async () => {
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    });
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('link', { name: /pricing/i }).first().waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'landing.png'), fullPage: true });
    // By content, not chunk name: RJSF's and ajv's own error texts must be in none of the scripts.
    const code = (await Promise.all(scripts)).join('\n');
    expect(code.length).toBeGreaterThan(0);
    expect(code).not.toContain('uiSchema order list');
    expect(code).not.toContain('must have required property');
    expect(watched.problems).toEqual([]);
  });

  it('renders profile-basic from the server and shows the seed messages for bad values', async () => {
    await page.goto(`${server.baseUrl}/forms/profile-basic`);
    await page.getByLabel('Birthday').waitFor();
    for (const label of ['First Name', 'Last Name', 'Zip Code', 'Citizenship', 'Ethnicity', 'Country']) {
      expect(await page.getByLabel(label).count()).toBeGreaterThan(0);
    }
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Birthday').fill(dobYearsAgo(12));
    await page.getByLabel('Zip Code').fill('12ab');
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.getByText('User should not be less than 16 year!').waitFor();
    await page.getByText('Please enter a valid ZIP code!').waitFor();
    await page.getByText('Please input your last name!').waitFor();
    await page.getByText('Please select your citizenship!').waitFor();
    expect(await page.getByText('Please input your first name!').count()).toBe(0);
    await page.screenshot({ path: path.join(ARTIFACTS, 'profile-basic-errors.png'), fullPage: true });
    if (process.env.UPDATE_README_SCREENSHOT) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(REPO_ROOT, 'docs', 'screenshot.png') });
    }

    // Fixing the value clears its message (live validation after the first submit).
    await page.getByLabel('Birthday').fill(dobYearsAgo(20));
    await page.getByLabel('Zip Code').fill('10001');
    await expectGone(page, 'User should not be less than 16 year!');
    await expectGone(page, 'Please enter a valid ZIP code!');
    expect(watched.problems).toEqual([]);
  });

  it('shows a field an admin adds in the database, with no web change', async () => {
    await page.goto(`${server.baseUrl}/forms/profile-basic`);
    await page.getByLabel('Birthday').waitFor();
    expect(await page.getByText('First in your family to attend college?').count()).toBe(0);

    await server.sql.query(
      `INSERT INTO form_fields (key, name, data_type, options, validation, section, "order", target, ui)
       VALUES ('firstGeneration', 'First in your family to attend college?', 'select',
               '[{"value":"1","label":"Yes"},{"value":"0","label":"No"}]', '{"required":true}', 'basic', 75, 'profile',
               '{"radio":true}')`,
    );
    await eventuallyVisible(page, 'First in your family to attend college?');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please answer this question!').waitFor();
    await page.getByRole('radiogroup', { name: 'First in your family to attend college?' }).getByText('Yes', { exact: true }).click();
    await expectGone(page, 'Please answer this question!');
    await page.screenshot({ path: path.join(ARTIFACTS, 'profile-basic-new-field.png'), fullPage: true });
  });

  it('shows a clear message for a form that does not exist', async () => {
    await page.goto(`${server.baseUrl}/forms/no-such-form`);
    await page.getByText("There is no form named 'no-such-form'.").waitFor();
  });
});

async function expectGone(page: Page, text: string): Promise<void> {
  await page.getByText(text).first().waitFor({ state: 'detached', timeout: 5000 });
}

/** Reloads until the text shows: the server drops its compiled forms on PostgreSQL's NOTIFY. */
async function eventuallyVisible(page: Page, text: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await page.reload();
    await page.getByLabel('Birthday').waitFor();
    if ((await page.getByText(text).count()) > 0) return;
    if (Date.now() > deadline) throw new Error(`'${text}' did not appear after reloads`);
    await page.waitForTimeout(250);
  }
}
