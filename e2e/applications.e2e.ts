import type { Page } from 'playwright-core';
import path from 'node:path';
import { XSS_PAYLOADS } from '../schemas/src/test/xss-corpus.js';
import { ARTIFACTS, browserSuite, suiteApi, settledDialog } from './harness.js';

const NEXT_YEAR = `${new Date().getUTCFullYear() + 1}-06-30`;
const PASSWORD = 'a long passphrase';

/** A real (if minimal) PDF of about `size` bytes: the server checks uploads by content. */
function pdf(size: number): Buffer {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n';
  const tail = '\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  return Buffer.from(head + '%'.padEnd(Math.max(0, size - head.length - tail.length), 'x') + tail);
}

/**
 * Applications in Chromium (docs/applications.md): a member uploads a CV with visible progress, writes the essay with the
 * assistant, saves a draft, reloads, submits and finds it under My Scholarships > Applied; a
 * non-member is sent to the plans; a bulk CV apply ends in the Thank You modal; and no XSS payload
 * of the corpus runs, in a description or an essay.
 */
describe('applications in a real browser', () => {
  const suite = browserSuite({ env: { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  let provider: string;
  let admin: string;

  const { call: apiCall, login } = suiteApi(suite);

  async function applicant(firstName: string, member: boolean): Promise<{ id: string; email: string; token: string }> {
    const email = `${firstName.toLowerCase()}.${Date.now()}@example.com`;
    const signUp = await apiCall('POST', '/register-applicants', { firstName, lastName: 'Tester', email, phone: '+12025550143', password: PASSWORD });
    expect(signUp.status).toBe(201);
    const id = signUp.body.data.user.id as string;
    if (member) expect((await apiCall('PUT', `/admin/applicants/${id}/subscription`, { active: true }, admin)).status).toBe(200);
    return { id, email, token: signUp.body.data.accessToken };
  }

  async function scholarship(title: string, requirements: object[], description = '<p>A scholarship for the end-to-end test.</p>'): Promise<string> {
    const created = await apiCall('POST', '/providers/scholarships', { title, description, award: 2500, recurrenceConfig: { deadline: NEXT_YEAR }, requirements }, provider);
    expect(created.status).toBe(201);
    expect((await apiCall('POST', `/providers/scholarships/${created.body.data.id}/publish`, undefined, provider)).status).toBe(200);
    return created.body.data.id;
  }

  async function signIn(page: Page, email: string): Promise<void> {
    await page.goto(`${suite.server.baseUrl}/auth/login`);
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Username').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/auth/dashboard');
  }

  beforeAll(async () => {
    provider = await login('provider@demo.scholarmatch.test', 'DemoProvider#2026');
    admin = await login('admin@demo.scholarmatch.test', 'DemoAdmin#2026');
  });

  it('a member uploads a CV, writes the essay with the assistant, saves a draft, reloads, submits and finds it under Applied', async () => {
    const { page } = suite;
    const id = await scholarship('Future Leaders Essay Award', [
      { title: 'CV', dataType: 'file', key: 'cv', description: 'Your CV as a PDF or Word document.' },
      { title: 'Personal essay', dataType: 'editor', key: 'essay' },
    ]);
    const member = await applicant('Nora', true);
    await signIn(page, member.email);
    await page.goto(`${suite.server.baseUrl}/auth/scholarshipDetail?${id}`);
    await page.getByRole('heading', { name: 'Future Leaders Essay Award' }).waitFor();

    // A slow uplink, so the progress bar is there to see.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 300 * 1024 });
    await page.locator('#root_cv').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdf(900 * 1024) });
    const progress = page.getByLabel('Uploading cv.pdf');
    await progress.waitFor();
    await progress.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS, 'application-upload-progress.png') });
    await page.getByRole('button', { name: 'Download cv.pdf' }).waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // The essay: the assistant's offline draft fills the editor.
    await page.getByRole('button', { name: 'Write essay' }).click();
    await page.getByRole('button', { name: 'Write a draft essay for me' }).click();
    const editor = page.getByRole('textbox', { name: 'Personal essay' });
    await page.getByText('Min word: 1000').waitFor();
    await page.waitForFunction(() => (document.querySelector('[role="textbox"][aria-multiline="true"]')?.textContent ?? '').length > 200);
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' I will give back to my community.');
    await page.screenshot({ path: path.join(ARTIFACTS, 'application-essay-drawer.png') });
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText(/\d+ words written/).waitFor();

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Saved draft').first().waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Download cv.pdf' }).waitFor();
    await page.getByText(/\d+ words written/).waitFor();
    const draft = (await apiCall('GET', `/scholarships/${id}/applicants/get-applicant-details`, undefined, member.token)).body.data;
    expect(draft.status).toBe('Draft');
    expect(draft.applicantFields.find((f: { key: string }) => f.key === 'essay').fieldValue.text).toContain('I will give back to my community.');

    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByText('APPLIED').first().waitFor();
    expect(await page.getByRole('button', { name: 'Submit application' }).count()).toBe(0);
    await page.screenshot({ path: path.join(ARTIFACTS, 'application-submitted.png'), fullPage: true });

    await page.goto(`${suite.server.baseUrl}/auth/dashboard/myScholarship?tab=applied`);
    await page.getByRole('heading', { name: 'Future Leaders Essay Award' }).waitFor();
    expect(suite.problems).toEqual([]);
  });

  it("reads the upload's 413 and its description in the page's fetch, one byte past 2 MiB and well past it, on a slow uplink", async () => {
    const { page } = suite;
    const member = await applicant('Omar', true);
    await signIn(page, member.email);
    // Still sending when the server refuses: it reads (and drops) the rest before answering.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 2 * 1024 * 1024 });
    for (const size of [2 * 1024 * 1024 + 1, 6 * 1024 * 1024]) {
      const answer = await page.evaluate(async (bytes) => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(bytes).fill(0x25)], { type: 'application/pdf' }), 'too-large.pdf');
        try {
          const response = await fetch('/api/v1/common/upload', { method: 'POST', headers: { authorization: `Bearer ${localStorage.getItem('token')}` }, body: form });
          return { status: response.status, body: await response.json() };
        } catch (error) {
          return { status: 0, body: String(error) };
        }
      }, size);
      expect([size, answer]).toEqual([size, { status: 413, body: expect.objectContaining({ errorCode: 'FILE_TOO_LARGE', description: 'Pdf must be smaller than 2MB!' }) }]);
    }
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  });

  it('sends a non-member who opens a scholarship to the membership plans', async () => {
    const { page } = suite;
    const id = await scholarship('Members Only Grant', [{ title: 'CV', dataType: 'file', key: 'cv' }]);
    const visitor = await applicant('Omar', false);
    await signIn(page, visitor.email);
    await page.goto(`${suite.server.baseUrl}/auth/scholarshipDetail?${id}`);
    await page.waitForURL('**/auth/dashboard/subscription-plan');
  });

  it('applies in bulk with a CV, leaving out an unticked scholarship, and thanks the applicant', async () => {
    const { page } = suite;
    const kept = await scholarship('CV Express Grant', [{ title: 'CV', dataType: 'file', key: 'cv' }]);
    const dropped = await scholarship('CV Skipped Grant', [{ title: 'CV', dataType: 'file', key: 'cv' }]);
    const member = await applicant('Ines', true);
    await signIn(page, member.email);
    await page.goto(`${suite.server.baseUrl}/auth/dashboard/easyApplyWithCv`);
    const skipped = page.getByRole('checkbox', { name: 'Include CV Skipped Grant' });
    await skipped.waitFor({ state: 'attached' });
    // The box's input is visually hidden: a person clicks its label.
    await page.locator('label').filter({ has: skipped }).click();
    expect(await skipped.isChecked()).toBe(false);
    await page.locator('section', { hasText: 'Apply with your CV' }).locator('input[type=file]').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdf(20 * 1024) });
    const apply = page.getByRole('button', { name: /Apply to \d+ selected/ });
    await page.getByRole('button', { name: 'Download cv.pdf' }).waitFor();
    await apply.click();
    await page.getByText('Thanks for submitting the application!').waitFor();
    await settledDialog(page);
    await page.screenshot({ path: path.join(ARTIFACTS, 'bulk-apply-thanks.png') });
    const status = async (id: string) => (await apiCall('GET', `/scholarships/${id}/applicants/get-applicant-details`, undefined, member.token)).body.data.status;
    expect(await status(kept)).toBe('Received');
    expect(await status(dropped)).toBeNull();
  });

  it('shows a member the assistance questions and an answer', async () => {
    const { page } = suite;
    const member = await applicant('Ana', true);
    await signIn(page, member.email);
    await page.goto(`${suite.server.baseUrl}/auth/dashboard/assistance`);
    await page.getByText('How do I write a strong personal statement?').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'assistance.png') });
    await page.getByRole('button', { name: 'See answer' }).first().click();
    await page.waitForURL('**/auth/dashboard/assistanceChat');
    await page.getByText('How do I write a strong personal statement?').waitFor();
    await page.locator('p').filter({ hasText: /\w{4,}/ }).first().waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'assistance-answer.png') });
  });

  it('runs no XSS payload of the corpus, in a provider description or a submitted essay', async () => {
    const { page } = suite;
    const corpus = XSS_PAYLOADS.join('\n');
    const id = await scholarship('Safe Rendering Award', [{ title: 'Personal essay', dataType: 'editor', key: 'essay' }], `<p>About this award</p>${corpus}`);
    const member = await applicant('Zoe', true);
    const submitted = await apiCall('POST', '/scholarships/submit-individual-scholarship', { scholarshipId: id, status: 'Received', requirements: [{ key: 'essay', fieldValue: { text: `<p>My essay</p>${corpus}` } }] }, member.token);
    expect(submitted.body.data.status).toBe('Received');

    await page.addInitScript(() => {
      const ran: number[] = [];
      Object.assign(window, { __xss: (n: number) => ran.push(n), __xssRan: ran });
    });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(page, member.email);
    await page.goto(`${suite.server.baseUrl}/auth/scholarshipDetail?${id}`);
    await page.getByText('About this award').waitFor();
    await page.getByText('My essay').waitFor();
    // Give handlers (onload, onerror, animations, autofocus) a moment to fire if anything survived.
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as unknown as { __xssRan: number[] }).__xssRan)).toEqual([]);
    expect(dialogs).toEqual([]);
    // The one inline script allowed is the server's own data block of catalogue figures (docs/public-site.md), in the head.
    expect(await page.locator('script:not([src]):not(head > #site-figures), iframe, object, embed, svg script').count()).toBe(0);
  });
});
