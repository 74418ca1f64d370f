import path from 'node:path';
import { fetchApi, NEXT_YEAR, registeredApplicant } from '@scholarmatch/testkit';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, browserSuite, launchBrowser, suiteApi } from './harness.js';
import { designerRoundTrip } from './staff-designer.js';

const ADMIN = { email: 'admin@demo.scholarmatch.test', password: 'DemoAdmin#2026' };
const PASSWORD = 'a long staff passphrase';

async function logIn(page: Page, base: string, email: string, password: string, landing: string): Promise<void> {
  await page.goto(`${base}/auth/login`);
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Username').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`**${landing}`);
}

/**
 * The staff console end to end (docs/console.md), in Chromium: an admin invites a support agent,
 * who joins and answers a student's support request, which the student reads in the inbox; the
 * admin changes the Basic profile tab through the form designer (preview, diff, publish), the
 * student must answer the new question, and the admin rolls it back; the admin grants a
 * complimentary membership and the student opens members-only details; the audit log shows every
 * step; the support agent is refused the designer.
 */
describe('the staff console in a real browser', () => {
  const suite = browserSuite({ env: { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  const { call, login } = suiteApi(suite);
  const stamp = Date.now();
  const agentEmail = `agent.${stamp}@scholarmatch.test`;
  const student = { email: `console.${stamp}@example.com`, firstName: 'Rosalind', lastName: 'Franklin' };
  let second: { browser: Browser; close: () => Promise<void> };

  beforeAll(async () => {
    second = await launchBrowser();
  });
  afterAll(async () => {
    await second?.close();
  });

  const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `staff-console-${name}.png`), fullPage: true });

  /** A student whose registration is complete, so a new required question is the only one left to answer. */
  async function newStudent(): Promise<{ id: string; token: string }> {
    const person = await registeredApplicant(fetchApi(suite.server.baseUrl), {
      signUp: { firstName: student.firstName, lastName: student.lastName, email: student.email, password: PASSWORD, consentToContact: true, acceptTerms: true },
    });
    return { id: person.id, token: person.token };
  }

  async function gatedScholarship(): Promise<string> {
    const provider = await login('provider@demo.scholarmatch.test', 'DemoProvider#2026');
    const created = await call(
      'POST',
      '/providers/scholarships',
      { title: 'Console Path Award', description: '<p>For the console test.</p>', award: 2500, recurrenceConfig: { deadline: NEXT_YEAR } },
      provider,
    );
    expect(created.status).toBe(201);
    expect((await call('POST', `/providers/scholarships/${created.body.data.id}/publish`, undefined, provider)).status).toBe(200);
    return created.body.data.id;
  }

  it('invite, answer support, design a form and roll it back, grant a membership, audit it all, and keep support out of the designer', async () => {
    const { page } = suite;
    const base = suite.server.baseUrl;
    const person = await newStudent();
    const scholarshipId = await gatedScholarship();

    // 1. The admin invites a support agent from the Staff page.
    await logIn(page, base, ADMIN.email, ADMIN.password, '/admin/**');
    await page.goto(`${base}/admin/staff`);
    const invite = page.getByRole('region', { name: 'Invite a staff member' });
    await invite.getByLabel('E-mail').fill(agentEmail);
    await invite.getByLabel('Role').selectOption('support');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByText(`Invitation sent to ${agentEmail}.`).waitFor();
    const mail = (await suite.server.sql.query('SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [agentEmail])).rows[0].text_body as string;
    const link = new URL(/https?:\/\/\S+\/app\/staff-invitation\?token=[\w-]+/.exec(mail)![0]);

    // 2. The agent joins through the link in a browser of their own, and answers the student's request.
    const agent = await second.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await agent.goto(`${base}${link.pathname}${link.search}`);
    await agent.getByLabel(/^First Name/).fill('Grace');
    await agent.getByLabel(/^Last Name/).fill('Hopper');
    await agent.getByLabel(/^Password\*?$/).fill(PASSWORD);
    await agent.getByLabel(/^Confirm Password/).fill(PASSWORD);
    await agent.getByRole('button', { name: 'Join the staff' }).click();
    await agent.waitForURL('**/admin/**');

    const asked = await call('POST', '/scholarships/add-support', { query: 'Essay word count', description: 'Does the 500-word limit include the title?' }, person.token);
    expect(asked.status).toBe(201);
    const [{ id: requestId }] = (await suite.server.sql.query('SELECT id FROM support_requests WHERE user_id = $1', [person.id])).rows;
    await agent.goto(`${base}/admin/support`);
    await agent.getByText('Essay word count').first().click();
    await agent.waitForURL(`**/admin/support/${requestId}`);
    await agent.getByLabel(/^Your answer/).fill('No: the title does not count towards the 500 words.');
    await agent.getByRole('button', { name: 'Send answer' }).click();
    await agent.getByRole('list', { name: 'Conversation' }).getByText('the title does not count').waitFor();
    await shoot(agent, 'support-answered');

    // The student reads it in the inbox.
    await page.evaluate(() => localStorage.clear());
    await logIn(page, base, student.email, PASSWORD, '/auth/dashboard');
    await page.goto(`${base}/auth/dashboard/inbox`);
    await page.getByText('Re: Essay word count').first().waitFor();

    // 3. The form designer: a field added to the Basic tab, previewed, diffed, published, answered, rolled back.
    await designerRoundTrip({ page, base, admin: ADMIN, student: { email: student.email, password: PASSWORD }, shoot, logIn });

    // 4. A complimentary membership, granted on the person's page, opens members-only details.
    await page.evaluate(() => localStorage.clear());
    await logIn(page, base, ADMIN.email, ADMIN.password, '/admin/**');
    await page.goto(`${base}/admin/people/${person.id}`);
    await page.getByRole('button', { name: 'Grant complimentary membership' }).click();
    const grant = page.getByRole('dialog', { name: 'Grant a complimentary membership?' });
    await grant.getByLabel(/^Last day/).fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
    await grant.getByLabel(/^Reason/).fill('Console e2e: a scholarship fair prize');
    await grant.getByRole('button', { name: 'Grant membership' }).click();
    await grant.waitFor({ state: 'detached' });
    await page.evaluate(() => localStorage.clear());
    await logIn(page, base, student.email, PASSWORD, '/auth/dashboard');
    await page.goto(`${base}/auth/scholarshipDetail?${scholarshipId}`);
    await page.getByRole('heading', { name: 'Console Path Award' }).waitFor();

    // 5. Every step is in the audit log.
    await page.evaluate(() => localStorage.clear());
    await logIn(page, base, ADMIN.email, ADMIN.password, '/admin/**');
    await page.goto(`${base}/admin/audit`);
    for (const words of ['Staff member invited', 'Support request answered', 'Form version published', 'Form version rolled back', 'Complimentary membership granted']) {
      await page.getByRole('list', { name: 'Audit log' }).getByText(words, { exact: true }).first().waitFor();
    }
    await shoot(page, 'audit');

    // 6. The support agent is refused the form designer, in the browser and by the API.
    await agent.goto(`${base}/admin`);
    expect(await agent.getByRole('link', { name: 'Forms' }).count()).toBe(0);
    const agentToken = await login(agentEmail, PASSWORD);
    expect((await call('GET', '/admin/forms', undefined, agentToken)).status).toBe(403);
    expect((await call('POST', '/admin/forms/versions', {}, agentToken)).status).toBe(403);
    await agent.goto(`${base}/admin/forms`);
    await agent.waitForURL((url) => !url.pathname.startsWith('/admin/forms'));
    await agent.close();
    expect(suite.problems).toEqual([]);
  }, 240_000);
});
