import path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, browserSuite, dismissSweepstakes, suiteApi } from './harness.js';

const ADMIN = { email: 'admin@demo.scholarmatch.test', password: 'DemoAdmin#2026' };
const STAFF = 'help-desk@scholarmatch.test';

async function logIn(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/auth/login`);
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Username').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/auth/dashboard');
}

/** Support and contact (docs/support.md) as a visitor, a student and an admin take them, in Chromium. */
describe('support and contact in a real browser', () => {
  const suite = browserSuite({ env: { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000', SUPPORT_EMAIL: STAFF } });
  const api = suiteApi(suite);
  const student = { email: `support.${Date.now()}@example.com`, password: 'help me please 1' };

  const outbox = async (to: string) => {
    const admin = await api.login(ADMIN.email, ADMIN.password);
    return (await api.call('GET', `/admin/mail-outbox?to=${encodeURIComponent(to)}&limit=20`, undefined, admin)).body.data as { subject: string; text: string }[];
  };
  /** Polls until `check` passes (a job sends the e-mails shortly after each request). */
  const eventually = async (check: () => Promise<boolean>) => {
    for (let tries = 0; tries < 100; tries++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('not in time');
  };

  it("takes a visitor's message on /contact, says 'Thank You!', and starts the form again", async () => {
    const { page } = suite;
    await page.goto(`${suite.server.baseUrl}/contact`);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Please input your email address!').first().waitFor();
    await page.getByLabel(/^Email/).fill('visitor@example.org');
    await page.getByRole('textbox', { name: /^Phone/ }).fill('2025550188');
    await page.getByLabel(/^Message/).fill('Do you list scholarships for nursing students?');
    await page.screenshot({ path: path.join(ARTIFACTS, 'contact-1280.png'), fullPage: true });
    await page.getByRole('button', { name: 'Send' }).click();
    const thanks = page.getByRole('dialog', { name: 'Thank You!' });
    await thanks.getByText('We have received your query, we will get back to you soon.').waitFor();
    await thanks.getByRole('button', { name: 'OK' }).click();
    expect(await page.getByLabel(/^Message/).inputValue()).toBe('');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(ARTIFACTS, 'contact-390.png'), fullPage: true });
    await eventually(async () => (await outbox(STAFF)).some((mail) => mail.text.includes('Do you list scholarships for nursing students?')));
  });

  it("sends a student's support request with their own name and e-mail; the admin's answer reaches their inbox", async () => {
    const signedUp = await api.call('POST', '/register-applicants', {
      firstName: 'Valerie', lastName: 'Thomas', email: student.email, phone: '+12025550166', password: student.password, applicantType: 'STUDENT',
      isProfileUpdate: 'false', isScholarshipApplied: 'false', consentToContact: true, acceptTerms: true,
    });
    expect(signedUp.status).toBe(201);
    const { page } = suite;
    await logIn(page, suite.server.baseUrl, student.email, student.password);
    await dismissSweepstakes(page);
    await page.goto(`${suite.server.baseUrl}/auth/dashboard/support`);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Valerie Thomas');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(student.email);
    await page.getByLabel(/^Query/).fill('Transcript upload');
    await page.getByLabel(/^Description/).fill('My transcript PDF is refused as too large.');
    await page.screenshot({ path: path.join(ARTIFACTS, 'support-1280.png'), fullPage: true });
    await page.getByRole('button', { name: 'Submit' }).click();
    const thanks = page.getByRole('dialog', { name: 'Thank You!' });
    await thanks.getByText('We have received your query, we will get back to you soon.').waitFor();
    await thanks.getByRole('button', { name: 'OK' }).click();
    // The request joins the page's history, waiting for an answer.
    const history = page.getByRole('region', { name: 'Your requests' });
    const mine = history.getByRole('listitem', { name: 'Transcript upload' });
    await mine.getByText('Waiting for an answer').waitFor();

    // The admin finds it in the list and answers it.
    const admin = await api.login(ADMIN.email, ADMIN.password);
    const list = await api.call('GET', '/admin/support-requests?answered=false', undefined, admin);
    const request = (list.body.data as { id: string; query: string | null; email: string; name: string }[]).find((r) => r.query === 'Transcript upload')!;
    expect(request).toMatchObject({ email: student.email, name: 'Valerie Thomas' });
    await eventually(async () => (await outbox(STAFF)).some((mail) => mail.subject === 'Support request: Transcript upload'));
    const answered = await api.call('POST', `/admin/support-requests/${request.id}/answer`, { answer: '<p>Files up to 2 MB are taken; try a <b>compressed</b> PDF.</p>' }, admin);
    expect(answered.status).toBe(201);

    await page.goto(`${suite.server.baseUrl}/auth/dashboard/inbox`);
    // The receipt came first, with the 24-hour promise.
    await page.getByText('We received your request: Transcript upload').first().waitFor();
    await page.getByRole('searchbox').fill('compressed');
    await page.getByText('Re: Transcript upload').first().waitFor();
    await eventually(async () => (await outbox(student.email)).some((mail) => mail.subject === 'Re: Transcript upload'));
    // Back on the Support page: the request is answered, the answer under it.
    await page.goto(`${suite.server.baseUrl}/auth/dashboard/support`);
    await mine.getByText('Answered', { exact: true }).waitFor();
    await mine.getByText('compressed').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'support-history-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${suite.server.baseUrl}/auth/dashboard/support`);
    await mine.getByText('Answered', { exact: true }).waitFor();
    expect(await page.getByLabel(/^Query/).evaluate((input) => getComputedStyle(input).fontSize)).toBe('16px');
    await page.screenshot({ path: path.join(ARTIFACTS, 'support-390.png'), fullPage: true });
    await page.goto(`${suite.server.baseUrl}/auth/dashboard/subscription-support`);
    await page.getByText('You are not subscribed.').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'subscription-support-390.png'), fullPage: true });
  });
  it('keeps support a conversation: the student replies under the answer, the console shows the whole thread, staff answer again', async () => {
    const base = suite.server.baseUrl;
    const person = { email: `thread.${Date.now()}@example.com`, password: 'help me please 2' };
    const signedUp = await api.call('POST', '/register-applicants', {
      firstName: 'Mary', lastName: 'Jackson', email: person.email, phone: '+12025550167', password: person.password, applicantType: 'STUDENT',
      isProfileUpdate: 'false', isScholarshipApplied: 'false', consentToContact: true, acceptTerms: true,
    });
    expect(signedUp.status).toBe(201);
    const token = await api.login(person.email, person.password);
    expect((await api.call('POST', '/scholarships/add-support', { query: 'Recommendation letter', description: 'Can my teacher upload her letter herself?' }, token)).status).toBe(201);
    const admin = await api.login(ADMIN.email, ADMIN.password);
    const request = (await api.call('GET', '/admin/support-requests?search=Recommendation%20letter', undefined, admin)).body.data[0] as { id: string };
    expect((await api.call('POST', `/admin/support-requests/${request.id}/answer`, { answer: '<p>Yes: send her the <b>link</b> on your application page.</p>' }, admin)).status).toBe(201);
    expect((await api.call('POST', `/admin/support-requests/${request.id}/notes`, { text: 'Teacher uploads without an account are on the roadmap.' }, admin)).status).toBe(201);
    const inbox = (await api.call('GET', '/inbox', undefined, token)).body.data as { _id: { value: string }; kind: string }[];
    const answer = inbox.find((message) => message.kind === 'support-answer')!;

    // The student replies under the answer, on the message page.
    const { page } = suite;
    await logIn(page, base, person.email, person.password);
    await dismissSweepstakes(page);
    await page.goto(`${base}/auth/message?id=${answer._id.value}`);
    const conversation = page.getByRole('region', { name: 'Your conversation with support' });
    await conversation.getByText('Can my teacher upload her letter herself?').waitFor();
    await page.getByLabel(/^Your reply/).fill('She has no account here. Can she e-mail it to you instead?');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await conversation.getByText('She has no account here. Can she e-mail it to you instead?').waitFor();
    for (const width of [1280, 768, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await conversation.getByText('She has no account here.', { exact: false }).waitFor();
      // From the top: a full-page shot of a scrolled page draws the fixed top bar over the middle.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(ARTIFACTS, `support-reply-${width}.png`), fullPage: true });
    }
    expect((await api.call('GET', `/admin/support-requests/${request.id}`, undefined, admin)).body.data.request.status).toBe('open');

    // The admin reads the whole thread in the console and answers again.
    const staffPage = await page.context().browser()!.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await staffPage.goto(`${base}/auth/login`);
      const form = staffPage.getByRole('form', { name: 'Log in' });
      await form.getByLabel('Username').fill(ADMIN.email);
      await form.getByLabel('Password').fill(ADMIN.password);
      await form.getByRole('button', { name: 'Login' }).click();
      await staffPage.waitForURL((url) => !url.pathname.startsWith('/auth/login'));
      await staffPage.goto(`${base}/admin/support/${request.id}`);
      const thread = staffPage.getByRole('list', { name: 'Conversation' });
      await thread.getByText('She has no account here.', { exact: false }).waitFor();
      const labels = await thread.getByRole('article').evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label')!.split(':')[0]));
      expect(labels).toEqual(['Request', 'Answer sent', 'Internal note (never sent)', 'Reply']);
      await staffPage.getByLabel(/^Your answer \(another message in the thread\)/).fill('Yes: she can write to us, and we attach it for you.');
      await staffPage.getByRole('button', { name: 'Send answer' }).click();
      await thread.getByText('we attach it for you', { exact: false }).waitFor();
      // The 'Answer sent' toast closes before the shots, so it covers nothing.
      await staffPage.waitForFunction(() => document.querySelectorAll('[data-scope="toast"][data-part="root"]').length === 0, undefined, { timeout: 15_000 }).catch(() => undefined);
      for (const width of [1280, 768, 375]) {
        await staffPage.setViewportSize({ width, height: 900 });
        await thread.getByText('we attach it for you', { exact: false }).waitFor();
        await staffPage.evaluate(() => window.scrollTo(0, 0));
        await staffPage.screenshot({ path: path.join(ARTIFACTS, `support-console-thread-${width}.png`), fullPage: true });
      }
    } finally {
      await staffPage.close();
    }
    const answers = ((await api.call('GET', '/inbox', undefined, token)).body.data as { kind: string }[]).filter((message) => message.kind === 'support-answer');
    expect(answers).toHaveLength(2);
  });
});
