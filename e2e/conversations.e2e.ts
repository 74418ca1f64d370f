import path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, browserSuite, suiteApi } from './harness.js';

const NEXT_YEAR = `${new Date().getUTCFullYear() + 1}-06-30`;
const PASSWORD = 'a long passphrase';
const TITLE = 'Lovelace Engines Award';
const ORGANISATION = 'Lovelace Trust';

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(ARTIFACTS, `conversation-${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(ARTIFACTS, `conversation-${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForTimeout(200);
}

async function signIn(page: Page, base: string, email: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto(`${base}/auth/login`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${base}/auth/login`);
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Username').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Login' }).click();
}

/**
 * Messages both ways in Chromium (docs/inbox.md, "Conversations"): a provider writes
 * to an applicant; the applicant replies under the message; the provider sees the unread reply in
 * the studio sidebar, reads it in the studio inbox and answers; the applicant reads the answer in
 * their inbox, from the organisation, never the provider's own address.
 */
describe('messages both ways in a real browser', () => {
  const suite = browserSuite({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  const { call } = suiteApi(suite);

  it('an applicant replies to a provider’s message, the provider answers in the studio inbox, the applicant reads the answer', async () => {
    const { page } = suite;
    const base = suite.server.baseUrl;
    const sql = suite.server.sql;
    const stamp = Date.now();

    const providerEmail = `ada.${stamp}@lovelace.example`;
    const signup = await call('POST', '/users/provider-signup', {
      answers: {
        organisationName: ORGANISATION, website: 'https://lovelace.example', firstName: 'Ada', lastName: 'Lovelace',
        email: providerEmail, phone: '+12025550143', password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true,
      },
    });
    expect(signup.status).toBe(201);
    const provider = signup.body.data.accessToken as string;
    const created = await call('POST', '/providers/scholarships', { title: TITLE, award: 2000, recurrenceConfig: { deadline: NEXT_YEAR }, requirements: [{ title: 'Your engine', dataType: 'text', key: 'engine' }] }, provider);
    const scholarshipId = created.body.data.id as string;
    expect((await call('POST', `/providers/scholarships/${scholarshipId}/publish`, undefined, provider)).status).toBe(200);

    const studentEmail = `mary.${stamp}@students.example`;
    const registered = await call('POST', '/register-applicants', { firstName: 'Mary', lastName: 'Somerville', email: studentEmail, phone: '+12025550199', password: PASSWORD, applicantType: 'STUDENT', isProfileUpdate: 'false', isScholarshipApplied: 'false' });
    expect(registered.status).toBe(201);
    const student = registered.body.data.accessToken as string;
    await sql.query('UPDATE users SET is_active_subscription = true WHERE email = $1', [studentEmail]);
    const applied = await call('POST', '/scholarships/submit-individual-scholarship', { scholarshipId, status: 'Received', requirements: [{ key: 'engine', fieldValue: 'An analytical one.' }] }, student);
    expect(applied.body.data.status).toBe('Received');

    // The provider writes to the applicant, as from the applicants page.
    const applicants = await call('GET', `/scholarships/${scholarshipId}/applicants`, undefined, provider);
    const applicationId = applicants.body.data.applicants[0].id as string;
    const sent = await call('POST', `/scholarships/${scholarshipId}/messages`, { applicantIds: [applicationId], answers: { subject: 'An interview', body: '<p>Can you come on Tuesday at ten?</p>' } }, provider);
    expect(sent.status).toBe(201);

    // The applicant opens it in the inbox (beside the list at 1280 px) and replies under it.
    await signIn(page, base, studentEmail);
    await page.waitForURL((url) => url.pathname.startsWith('/auth/dashboard'));
    await page.goto(`${base}/auth/dashboard/inbox`);
    await page.getByText('An interview').first().click();
    const message = page.getByRole('article', { name: 'An interview' });
    await message.getByText('Can you come on Tuesday at ten?').waitFor();
    await message.getByText(ORGANISATION).waitFor();
    await page.getByRole('heading', { name: `Reply to ${ORGANISATION}` }).waitFor();
    // An empty reply is refused with the form's words before anything is sent.
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('Please write your reply.').waitFor();
    await page.getByLabel(/^Your reply/).fill('Yes, Tuesday at ten suits me.\n\nShould I bring my notes?');
    await page.getByRole('button', { name: 'Send reply' }).click();
    const thread = page.getByRole('region', { name: 'Conversation' });
    await thread.getByText('Should I bring my notes?').waitFor();
    expect(await thread.getByRole('listitem').count()).toBe(2);
    expect(await page.locator('body').innerText()).not.toContain(providerEmail);
    await shoot(page, 'applicant-reply');

    // The provider: the sidebar counts the unread reply; the studio inbox lists the conversation.
    await signIn(page, base, providerEmail);
    await page.waitForURL((url) => url.pathname.startsWith('/app/'));
    const sidebar = page.locator('aside').getByRole('navigation', { name: 'Account' });
    await sidebar.getByRole('link', { name: 'Inbox, 1 unread' }).click();
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    const row = page.getByRole('list', { name: 'Conversations' }).getByRole('link').first();
    await row.getByText('Mary Somerville, 1 unread').waitFor();
    await row.getByText(TITLE).waitFor();
    await shoot(page, 'studio-inbox');
    // "Unread only" keeps it; the address holds the filter.
    await page.getByText('Unread only').click();
    await page.waitForURL((url) => url.searchParams.get('unread') === 'true');
    await row.click();
    await page.getByRole('heading', { level: 1, name: 'Mary Somerville' }).waitFor();
    await page.getByRole('region', { name: 'Conversation' }).getByText('Should I bring my notes?').waitFor();
    // Read: the badge goes.
    await sidebar.getByRole('link', { name: 'Inbox', exact: true }).waitFor();
    await page.getByLabel(/^Your reply/).fill('Yes, please bring them. See you on Tuesday.');
    await page.getByRole('button', { name: 'Send answer' }).click();
    await page.getByRole('region', { name: 'Conversation' }).getByText('See you on Tuesday.').waitFor();
    await shoot(page, 'studio-thread');
    // The submission page leads to the same conversation.
    await page.goto(`${base}/app/scholarships/${scholarshipId}/applicants/${applicationId}`);
    await page.getByRole('link', { name: 'Messages' }).click();
    await page.waitForURL(`${base}/app/inbox/${applicationId}`);

    // The applicant reads the answer in the inbox, from the organisation, with the whole conversation.
    await signIn(page, base, studentEmail);
    await page.waitForURL((url) => url.pathname.startsWith('/auth/dashboard'));
    await page.goto(`${base}/auth/dashboard/inbox`);
    await page.getByRole('heading', { name: 'Inbox (3)' }).waitFor();
    await page.getByText('Re: An interview').first().click();
    const answer = page.getByRole('article', { name: 'Re: An interview' });
    await answer.getByText('See you on Tuesday.').waitFor();
    await answer.getByText(ORGANISATION).waitFor();
    const whole = page.getByRole('region', { name: 'Conversation' });
    await whole.getByText('See you on Tuesday.').waitFor();
    expect(await whole.getByRole('listitem').count()).toBe(3);
    expect(await page.locator('body').innerText()).not.toContain(providerEmail);
    await shoot(page, 'applicant-answer');
    // Below 1200 px a message opens on its own page, the conversation and the Reply box under it.
    const answerPage = await page.getByRole('link', { name: /Re: An interview/ }).first().getAttribute('href');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}${answerPage}`);
    await page.getByRole('region', { name: 'Conversation' }).getByText('See you on Tuesday.').waitFor();
    await page.getByLabel(/^Your reply/).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'conversation-message-page-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The answer was e-mailed too (docs/inbox.md, "Conversations", E-mail).
    const mails = (await sql.query('SELECT subject FROM mail_outbox WHERE to_address = $1 ORDER BY id', [studentEmail])).rows.map((mail) => String(mail.subject));
    expect(mails.some((subject) => subject.includes('Re: An interview'))).toBe(true);
    expect(suite.problems).toEqual([]);
  }, 180_000);
});
