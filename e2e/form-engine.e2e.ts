import path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, browserSuite, dobYearsAgo, REPO_ROOT } from './harness.js';

/** A date of birth that makes someone `years` old today. */

describe('the form engine in a real browser', () => {
  const suite = browserSuite();

  it('renders the landing page without loading the form engine', async () => {
    const scripts: Promise<string>[] = [];
    suite.page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    });
    await suite.page.goto(`${suite.server.baseUrl}/`);
    await suite.page.getByRole('link', { name: /pricing/i }).first().waitFor();
    await suite.page.screenshot({ path: path.join(ARTIFACTS, 'landing.png'), fullPage: true });
    // By content, not chunk name: RJSF's and ajv's own error texts must be in none of the scripts.
    const code = (await Promise.all(scripts)).join('\n');
    expect(code.length).toBeGreaterThan(0);
    expect(code).not.toContain('uiSchema order list');
    expect(code).not.toContain('must have required property');
    expect(suite.problems).toEqual([]);
  });

  it('renders profile-basic from the server and shows the original messages for bad values', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/forms/profile-basic`);
    await suite.page.getByLabel('Birthday').waitFor();
    for (const label of ['First Name', 'Last Name', 'Zip Code', 'Citizenship', 'Ethnicity', 'Country']) {
      expect(await suite.page.getByLabel(label).count()).toBeGreaterThan(0);
    }
    await suite.page.getByLabel('First Name').fill('Ada');
    await suite.page.getByLabel('Birthday').fill(dobYearsAgo(12));
    await suite.page.getByLabel('Zip Code').fill('12ab');
    await suite.page.getByRole('button', { name: 'Submit' }).click();

    await suite.page.getByText('User should not be less than 16 year!').waitFor();
    await suite.page.getByText('Please enter a valid ZIP code!').waitFor();
    await suite.page.getByText('Please input your last name!').waitFor();
    await suite.page.getByText('Please select your citizenship!').waitFor();
    expect(await suite.page.getByText('Please input your first name!').count()).toBe(0);
    await suite.page.screenshot({ path: path.join(ARTIFACTS, 'profile-basic-errors.png'), fullPage: true });
    if (process.env.UPDATE_README_SCREENSHOT) {
      await suite.page.evaluate(() => window.scrollTo(0, 0));
      await suite.page.screenshot({ path: path.join(REPO_ROOT, 'docs', 'screenshot.png') });
    }

    // Fixing the value clears its message (live validation after the first submit).
    await suite.page.getByLabel('Birthday').fill(dobYearsAgo(20));
    await suite.page.getByLabel('Zip Code').fill('10001');
    await expectGone(suite.page, 'User should not be less than 16 year!');
    await expectGone(suite.page, 'Please enter a valid ZIP code!');
    expect(suite.problems).toEqual([]);
  });

  it('shows a field an admin adds in the database, with no web change', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/forms/profile-basic`);
    await suite.page.getByLabel('Birthday').waitFor();
    expect(await suite.page.getByText('First in your family to attend college?').count()).toBe(0);

    await suite.server.sql.query(
      `INSERT INTO form_fields (key, name, data_type, options, validation, section, "order", target, ui)
       VALUES ('firstGeneration', 'First in your family to attend college?', 'select',
               '[{"value":"1","label":"Yes"},{"value":"0","label":"No"}]', '{"required":true}', 'basic', 75, 'profile',
               '{"radio":true}')`,
    );
    await eventuallyVisible(suite.page, 'First in your family to attend college?');
    await suite.page.getByRole('button', { name: 'Submit' }).click();
    await suite.page.getByText('Please answer this question!').waitFor();
    await suite.page.getByRole('radiogroup', { name: 'First in your family to attend college?' }).getByText('Yes', { exact: true }).click();
    await expectGone(suite.page, 'Please answer this question!');
    await suite.page.screenshot({ path: path.join(ARTIFACTS, 'profile-basic-new-field.png'), fullPage: true });
  });

  it('shows a clear message for a form that does not exist', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/forms/no-such-form`);
    await suite.page.getByText("There is no form named 'no-such-form'.").waitFor();
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
