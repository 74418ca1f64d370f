import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, browserSuite, launchBrowser, suiteApi } from './harness.js';

const NEXT_YEAR = `${new Date().getUTCFullYear() + 1}-06-30`;
const PASSWORD = 'a long passphrase';
const TITLE = 'Noether Mathematics Prize';
/** An answer a spreadsheet would run as a formula, were the export not to neutralise it. */
const FORMULA = '=HYPERLINK("http://evil.example","click")';

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(ARTIFACTS, `review-${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(ARTIFACTS, `review-${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForTimeout(200);
}

/** None of `secrets` is anywhere in the page's text. */
async function expectNone(page: Page, secrets: string[]): Promise<void> {
  const text = await page.locator('body').innerText();
  for (const secret of secrets) expect([secret, text.includes(secret)]).toEqual([secret, false]);
}

async function signIn(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/auth/login`);
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Username').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

/**
 * Review and the inbox in Chromium (docs/review.md, docs/inbox.md): two students apply to a provider's scholarship; the provider turns blind
 * review on and sees no names, scores both, and so does an invited reviewer; the provider draws a
 * winner and exports the CSV (no personal columns, the formula answer neutralised); each student
 * finds the result in the inbox by searching a word of it, and the e-mails are in the outbox.
 */
describe('provider review and the inbox in a real browser', () => {
  const suite = browserSuite({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  const { call, login } = suiteApi(suite);

  it('applied, reviewed blind by two reviewers, a winner drawn, exported, and everyone told', async () => {
    const { page } = suite;
    const base = suite.server.baseUrl;
    const sql = suite.server.sql;
    const stamp = Date.now();

    // The provider and its scholarship: one text requirement.
    const providerEmail = `emmy.${stamp}@noether.example`;
    const signup = await call('POST', '/users/provider-signup', {
      answers: {
        organisationName: 'Noether Society',
        website: 'https://noether.example',
        firstName: 'Emmy',
        lastName: 'Noether',
        email: providerEmail,
        phone: '+12025550143',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptTerms: true,
      },
    });
    expect(signup.status).toBe(201);
    const provider = signup.body.data.accessToken as string;
    const created = await call('POST', '/providers/scholarships', { title: TITLE, award: 3000, recurrenceConfig: { deadline: NEXT_YEAR }, requirements: [{ title: 'Your proof', dataType: 'text', key: 'proof' }] }, provider);
    const scholarshipId = created.body.data.id as string;
    expect((await call('POST', `/providers/scholarships/${scholarshipId}/publish`, undefined, provider)).status).toBe(200);
    const rubric = await call(
      'PUT',
      `/scholarship/${scholarshipId}/rank-criteria`,
      {
        criteria: [
          { answers: { criterionName: 'Rigour', criterionWeight: 2, criterionMaxPoints: 10 } },
          { answers: { criterionName: 'Clarity', criterionWeight: 1, criterionMaxPoints: 5 } },
        ],
      },
      provider,
    );
    expect(rubric.status).toBe(200);

    // Two students, members, apply (one answer is a formula).
    const students: { first: string; last: string; email: string; token: string }[] = [];
    for (const [first, last, proof] of [
      ['Sofia', 'Kovalevskaya', 'Every bounded monotone sequence converges.'],
      ['Srinivasa', 'Ramanujan', FORMULA],
    ]) {
      const email = `${first.toLowerCase()}.${stamp}@students.example`;
      const res = await call('POST', '/register-applicants', { firstName: first, lastName: last, email, phone: '+12025550199', password: PASSWORD, applicantType: 'STUDENT', isProfileUpdate: 'false', isScholarshipApplied: 'false' });
      expect(res.status).toBe(201);
      const token = res.body.data.accessToken as string;
      await sql.query('UPDATE users SET is_active_subscription = true WHERE email = $1', [email]);
      const applied = await call('POST', '/scholarships/submit-individual-scholarship', { scholarshipId, status: 'Received', requirements: [{ key: 'proof', fieldValue: proof }] }, token);
      expect(applied.body.data.status).toBe('Received');
      students.push({ first, last, email, token });
    }

    // A reviewer, invited by e-mail, joins through the link.
    const reviewerEmail = `olga.${stamp}@reviewers.example`;
    expect((await call('POST', '/providers/reviewers', { email: reviewerEmail }, provider)).status).toBe(201);
    const invitation = (await sql.query('SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [reviewerEmail])).rows[0].text_body as string;
    const invitationUrl = /https?:\/\/\S+\/app\/invitation\?token=[\w-]+/.exec(invitation)![0];
    const invitationPath = new URL(invitationUrl).pathname + new URL(invitationUrl).search;

    // The provider turns blind review on: no names, e-mails or schools anywhere on the page.
    await signIn(page, base, providerEmail, PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/app/'));
    await page.goto(`${base}/app/scholarships/${scholarshipId}/applicants`);
    const applicants = page.getByRole('table', { name: 'Applicants' });
    await applicants.getByRole('row').nth(2).waitFor();
    await page.getByText('Blind review (hide names, e-mails, phones and schools)').click();
    await page.waitForTimeout(500);
    await expectNone(page, students.flatMap((s) => [s.first, s.last, s.email]));
    await shoot(page, 'applicants');

    // The provider scores both, each from its submission, which shows no name either.
    const scoreAll = async (scorer: Page, rigour: string[], clarity: string[]) => {
      await scorer.goto(`${base}/app/scholarships/${scholarshipId}/applicants`);
      const table = scorer.getByRole('table', { name: 'Applicants' });
      await table.getByRole('row').nth(2).waitFor({ timeout: 10_000 }).catch(async (error) => {
        await scorer.screenshot({ path: path.join(ARTIFACTS, 'review-debug.png'), fullPage: true });
        throw error;
      });
      const links = await table.getByRole('link').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).getAttribute('href')!));
      const submissions = [...new Set(links.filter((href) => /\/applicants\/[0-9a-f-]{36}/.test(href)))];
      expect(submissions).toHaveLength(2);
      for (const [index, href] of submissions.entries()) {
        await scorer.goto(`${base}${href}`);
        const points = scorer.getByRole('region', { name: 'Points' });
        await points.getByLabel(/^Rigour/).fill(rigour[index]);
        await points.getByLabel(/^Clarity/).fill(clarity[index]);
        await points.getByRole('button', { name: 'Save points' }).click();
        await points.getByRole('table', { name: 'Points by reviewer' }).waitFor();
        await expectNone(scorer, students.flatMap((s) => [s.first, s.last, s.email]));
      }
    };
    await scoreAll(page, ['8', '6'], ['4', '5']);
    await shoot(page, 'submission');

    // The reviewer accepts the invitation in a browser of their own, and scores both too.
    const second = await launchBrowser();
    try {
      const reviewerPage = await (second.browser as Browser).newPage({ viewport: { width: 1280, height: 900 } });
      await reviewerPage.goto(`${base}${invitationPath}`);
      await reviewerPage.getByRole('heading', { name: 'Join Noether Society as a reviewer' }).waitFor();
      await reviewerPage.getByLabel(/^First Name/).fill('Olga');
      await reviewerPage.getByLabel(/^Last Name/).fill('Taussky');
      await reviewerPage.getByLabel(/^Password\*?$/).fill(PASSWORD);
      await reviewerPage.getByLabel(/^Confirm Password/).fill(PASSWORD);
      await shoot(reviewerPage, 'invitation');
      await reviewerPage.getByRole('button', { name: 'Join as a reviewer' }).click();
      await reviewerPage.waitForURL((url) => url.pathname.startsWith('/app/scholarships'));
      await scoreAll(reviewerPage, ['10', '2'], ['5', '1']);
    } finally {
      await second.close();
    }
    const scored = await call('GET', `/scholarships/${scholarshipId}/applicants`, undefined, provider);
    expect(scored.body.data.applicants.map((row: { reviewCount: number }) => row.reviewCount)).toEqual([2, 2]);

    // The provider draws one winner; the seed is shown for the audit.
    await page.goto(`${base}/app/scholarships/${scholarshipId}/applicants`);
    await page.getByRole('button', { name: 'Draw winners' }).click();
    const draw = page.getByRole('dialog', { name: 'Draw winners' });
    await draw.getByRole('button', { name: 'Continue' }).click();
    await draw.getByRole('button', { name: /^Draw 1 now$/ }).click();
    await page.getByRole('region', { name: 'Winners' }).getByText(/with the seed/).waitFor();
    // Once chosen, Draw winners is disabled and says when (names are hidden under blind review: the reference).
    const drawAgain = page.getByRole('button', { name: 'Draw winners' });
    expect(await drawAgain.isDisabled()).toBe(true);
    await page.getByText(/^Winners chosen on .+: [0-9A-F]{8}$/).waitFor();
    await shoot(page, 'winners');

    // The export: blind columns absent, the formula answer neutralised.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const bytes = readFileSync((await (await download).path())!);
    // A UTF-8 byte-order mark first, so Excel on Windows reads accented names right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.subarray(3).toString('utf8');
    const [header] = csv.split('\r\n');
    expect(header).not.toMatch(/First name|Last name|E-mail|Phone|School/);
    expect(header).toContain('Your proof');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    for (const s of students) expect(csv).not.toContain(s.email);

    // With blind review off, the phone column: a '+' and digits is no formula, written as it is.
    expect((await call('PUT', `/scholarships/${scholarshipId}/review-settings`, { blindReview: false }, provider)).status).toBe(200);
    await page.reload();
    const named = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const namedCsv = readFileSync((await (await named).path())!, 'utf8');
    expect(namedCsv.startsWith('\uFEFF')).toBe(true);
    expect(namedCsv).toContain(',+12025550199,');
    expect(namedCsv).not.toContain("'+12025550199");
    expect(namedCsv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);

    // Each student finds the result in the inbox by searching a word of it.
    const decisions = await call('GET', `/scholarships/${scholarshipId}/winners`, undefined, provider);
    const winnerId = decisions.body.data.decisions[0].winnerIds[0] as string;
    for (const student of students) {
      const mine = await call('GET', '/scholarships/me/scholarships?status=Received', undefined, student.token);
      const won = mine.body.data[0].reviewStatus === 'Winner';
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await signIn(page, base, student.email, PASSWORD);
      await page.waitForURL((url) => url.pathname.startsWith('/auth/dashboard'));
      await page.goto(`${base}/auth/dashboard/inbox`);
      await page.getByRole('heading', { name: 'Inbox (2)' }).waitFor();
      await page.getByRole('searchbox', { name: 'Search messages' }).fill(won ? 'Congratulations' : 'selected');
      // The search reaches the server: of the two messages (received, then the result), one matches.
      await page.getByRole('heading', { name: 'Inbox (1)' }).waitFor();
      const subject = won ? `You won ${TITLE}` : `${TITLE}: the winners are chosen`;
      await page.getByText(subject).first().click();
      await page.getByText(won ? /Congratulations! You have been selected/ : /You were not selected this time/).first().waitFor();
      if (won) await shoot(page, 'inbox');
      const mails = (await sql.query('SELECT subject FROM mail_outbox WHERE to_address = $1', [student.email])).rows.map((r) => r.subject);
      expect(mails).toEqual(expect.arrayContaining([`Your application to ${TITLE} was received`, subject]));
      // My Scholarships shows where the provider moved it.
      await page.goto(`${base}/auth/dashboard/myScholarship`);
      await page.getByText(won ? 'Winner' : 'Not selected').first().waitFor();
    }
    expect(winnerId).toBeTruthy();
    expect(suite.problems).toEqual([]);
  }, 240_000);
});
