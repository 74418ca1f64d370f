import path from 'node:path';
import { NEXT_YEAR } from '@scholarmatch/testkit';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, browserSuite, dismissSweepstakes, suiteApi } from './harness.js';

const PASSWORD = 'a long passphrase';

/** A real (if minimal) PDF: the server checks uploads by content. */
function pdf(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n' + 'x'.repeat(4096) + '\ntrailer << /Root 1 0 R >>\n%%EOF\n');
}

/** The whole page at 1280 and 390 px, for a person to look at (e2e/artifacts/tracker-<name>-<width>.png). */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: path.join(ARTIFACTS, `tracker-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function signIn(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/auth/login`);
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Username').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

/**
 * The application tracker and the essay upload in Chromium (docs/applications.md): a student
 * applies, the provider moves the status in the studio, and the tracker shows each step with its
 * date and the messages about it; a student uploads an essay file at /auth/uploadEssay, submits,
 * and the provider's submission page shows the file.
 */
describe('the application tracker and the essay upload in a real browser', () => {
  // Moves are told at once here (no undo window): the student reads them straight after.
  const suite = browserSuite({ env: { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000', STATUS_MESSAGE_DELAY_SECONDS: '0' } });
  const { call, login } = suiteApi(suite);
  let provider: string;
  let admin: string;

  async function student(firstName: string): Promise<{ email: string; token: string }> {
    const email = `${firstName.toLowerCase()}.${Date.now()}@example.com`;
    const signUp = await call('POST', '/register-applicants', { firstName, lastName: 'Tracker', email, phone: '+12025550143', password: PASSWORD });
    expect(signUp.status).toBe(201);
    expect((await call('PUT', `/admin/applicants/${signUp.body.data.user.id}/subscription`, { active: true }, admin)).status).toBe(200);
    return { email, token: signUp.body.data.accessToken };
  }

  async function scholarship(title: string, requirements: object[]): Promise<string> {
    const created = await call('POST', '/providers/scholarships', { title, award: 3000, recurrenceConfig: { deadline: NEXT_YEAR }, requirements }, provider);
    expect(created.status).toBe(201);
    expect((await call('POST', `/providers/scholarships/${created.body.data.id}/publish`, undefined, provider)).status).toBe(200);
    return created.body.data.id;
  }

  /** The provider's own browser window, signed in to the studio. */
  async function providerPage(): Promise<{ page: Page; close: () => Promise<void> }> {
    const context = await (suite.page.context().browser() as Browser).newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, suite.server.baseUrl, 'provider@demo.scholarmatch.test', 'DemoProvider#2026');
    await page.waitForURL((url) => url.pathname.startsWith('/app'));
    return { page, close: () => context.close() };
  }

  const applicationIdOf = async (scholarshipId: string, token: string) =>
    (await call('GET', '/scholarships/me/applications', undefined, token)).body.data.find((row: { scholarshipId: string }) => row.scholarshipId === scholarshipId).id as string;

  beforeAll(async () => {
    provider = await login('provider@demo.scholarmatch.test', 'DemoProvider#2026');
    admin = await login('admin@demo.scholarmatch.test', 'DemoAdmin#2026');
  });

  it('a student applies, the provider moves the status, and the tracker shows each step with its date and the messages about it', async () => {
    const { page } = suite;
    const base = suite.server.baseUrl;
    const title = 'Lovelace Tracking Award';
    const id = await scholarship(title, [{ title: 'Your motto', dataType: 'text', key: 'motto' }]);
    const maya = await student('Maya');

    // The student saves a draft, then submits, from the scholarship's page.
    await signIn(page, base, maya.email, PASSWORD);
    await page.waitForURL('**/auth/dashboard');
    await page.goto(`${base}/auth/scholarshipDetail?${id}`);
    await page.getByLabel(/^Your motto/).fill('Onwards and upwards');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Saved draft').first().waitFor();
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByText('APPLIED').first().waitFor();

    // The provider moves it, in the studio: under review, then shortlisted.
    const applicationId = await applicationIdOf(id, maya.token);
    const studio = await providerPage();
    try {
      await studio.page.goto(`${base}/app/scholarships/${id}/applicants/${applicationId}`);
      for (const status of ['Under review', 'Shortlisted']) {
        await studio.page.getByRole('button', { name: /^Status: / }).click();
        await studio.page.getByRole('menuitemradio', { name: status }).click();
        await studio.page.getByRole('dialog', { name: 'Change the status?' }).getByRole('button', { name: 'Change status' }).click();
        await studio.page.getByText(`is now ${status}`).first().waitFor();
        await studio.page.getByRole('button', { name: new RegExp(`^Status: ${status}`) }).waitFor();
      }
    } finally {
      await studio.close();
    }

    // The student finds it in the sidebar's Track Applications: every step, dated, in order.
    await page.goto(`${base}/auth/dashboard`);
    await dismissSweepstakes(page);
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Track Applications' }).click();
    await page.waitForURL('**/auth/dashboard/trackApplications');
    const card = page.getByRole('article', { name: title });
    const history = card.getByRole('list', { name: `History of ${title}` });
    await history.waitFor();
    const steps = await history.getByRole('listitem').allTextContents();
    expect(steps.map((step) => step.split(' · ')[0])).toEqual(['Draft saved', 'Submitted', 'Under review', 'Shortlisted', 'Next: the winners are chosen.']);
    for (const step of steps.slice(0, 4)) expect(step).toMatch(/ · \d{2} [A-Z][a-z]+, \d{4}/);
    await card.getByText('Status: Shortlisted').waitFor();
    await shoot(page, 'timeline');

    // The messages about it, by keyboard: the inbox kept to this scholarship.
    const messages = card.getByRole('link', { name: /^Messages \(3\), 3 unread about/ });
    await messages.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/auth/dashboard/inbox' && url.searchParams.get('scholarshipId') === id);
    await page.getByText(`Messages about ${title}`).waitFor();
    await page.getByRole('heading', { name: 'Inbox (3)' }).waitFor();
    await page.getByText(`${title}: Shortlisted`).first().waitFor();
    expect(suite.problems).toEqual([]);
  });

  it('a student uploads an essay file at /auth/uploadEssay, submits, and the provider sees the file on the submission', async () => {
    const { page } = suite;
    const base = suite.server.baseUrl;
    const title = 'Hopper Essay Prize';
    const id = await scholarship(title, [{ title: 'Personal essay', dataType: 'editor', key: 'essay', description: 'Tell us what you would build.' }]);
    const ada = await student('Ada');
    // A draft started on the scholarship's page (nothing answered yet).
    expect((await call('POST', '/scholarships/submit-individual-scholarship', { scholarshipId: id, status: 'Draft', requirements: [] }, ada.token)).status).toBe(200);

    await signIn(page, base, ada.email, PASSWORD);
    await page.waitForURL('**/auth/dashboard');
    // No scholarship in the address: the drafts that ask for an essay, to choose from.
    await page.goto(`${base}/auth/uploadEssay`);
    const drafts = page.getByRole('list', { name: 'Drafts that ask for an essay' });
    await drafts.getByText('Personal essay: no essay yet').waitFor();
    expect(await page.getByRole('navigation', { name: 'Account' }).count()).toBe(0);
    await shoot(page, 'upload-chooser');
    await drafts.getByRole('link', { name: `Upload essay for ${title}` }).click();
    await page.waitForURL(`**/auth/uploadEssay?${id}`);

    await page.getByRole('region', { name: 'Personal essay (required)' }).getByText('Tell us what you would build.').waitFor();
    await page.getByLabel('Personal essay file').setInputFiles({ name: 'essay.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await page.getByRole('button', { name: 'Download essay.pdf' }).waitFor();
    await page.getByText('Saved draft').first().waitFor();
    await shoot(page, 'upload-essay');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByText('Your application has been sent. Each step it takes shows in Track Applications.').waitFor();
    await shoot(page, 'upload-sent');

    const sent = (await call('GET', `/scholarships/${id}/applicants/get-applicant-details`, undefined, ada.token)).body.data;
    expect(sent.status).toBe('Received');
    const essay = sent.applicantFields.find((field: { key: string }) => field.key === 'essay').fieldValue as { url: string };
    expect(essay.url).toMatch(/^\/api\/v1\/common\/files\/[0-9a-f-]{36}$/);

    // The provider's submission page shows the file, by its name, and the provider may download it.
    const applicationId = await applicationIdOf(id, ada.token);
    const studio = await providerPage();
    try {
      await studio.page.goto(`${base}/app/scholarships/${id}/applicants/${applicationId}`);
      const answers = studio.page.getByRole('region', { name: 'Answers' });
      await answers.getByRole('button', { name: 'Download essay.pdf' }).waitFor();
      await studio.page.screenshot({ path: path.join(ARTIFACTS, 'tracker-provider-essay-1280.png'), fullPage: true });
      const download = await studio.page.evaluate(async (url) => (await fetch(url, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } })).status, essay.url);
      expect(download).toBe(200);
    } finally {
      await studio.close();
    }
    expect(suite.problems).toEqual([]);
  });
});
