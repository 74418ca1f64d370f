import path from 'node:path';
import { ARTIFACTS, browserSuite, dismissMembershipOffer, dobYearsAgo } from './harness.js';

/**
 * Matching in Chromium against the demo catalogue (docs/matching.md): a new applicant with a completed profile sees
 * non-zero tiles, pages through Easy Apply, hearts an item and finds it on Wishlist / Saved, and
 * sees the unlock hint change after answering the profile question it was missing.
 */
describe('scholarship lists in a real browser', () => {
  const suite = browserSuite({ env: { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });

  async function apiCall(method: string, url: string, body?: unknown, token?: string) {
    const response = await fetch(`${suite.server.baseUrl}/api/v1${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { data: any } };
  }

  /** Signs up and registers through the API, then drops one answer (military affiliation) as an unfinished profile would lack it. */
  async function applicantWithOneMissingAnswer(email: string, password: string): Promise<void> {
    const signUp = await apiCall('POST', '/register-applicants', { firstName: 'Lena', lastName: 'Park', email, phone: '+12025550143', password });
    expect(signUp.status).toBe(201);
    const { user, accessToken } = signUp.body.data;
    const fields = (await apiCall('GET', '/register-applicants/form-fields')).body.data as { id: number; key: string; options: Record<string, string> }[];
    const first = (key: string) => Object.keys(fields.find((f) => f.key === key)!.options)[0];
    const answers: Record<string, unknown> = {
      citizenship: 'us-citizen', country: 'us', ethnicity: first('ethnicity'), gender: '1', zipCode: '10001', schoolLevel: first('schoolLevel'),
      highSchoolName: 'Central High', enrolledInCollege: '0', fieldOfStudy: 'accounting', degreeType: 'associate',
      gpa: { markingSystem: 'Percentage', grade: 92 }, careerGoal: first('careerGoal'), militaryAffiliation: 'none', isInterestedInOnlineStudy: '1',
    };
    const saved = await apiCall('PUT', `/register-applicants/${user.id}`, {
      dob: dobYearsAgo(18),
      applicantFields: Object.entries(answers).map(([key, fieldValue]) => ({ fieldId: fields.find((f) => f.key === key)!.id, fieldValue })),
    }, accessToken);
    expect(saved.status).toBe(200);
    await suite.server.sql.query(`UPDATE users SET profile = profile - 'militaryAffiliation' WHERE id = $1`, [user.id]);
  }

  const unlockCount = async () => {
    const hint = suite.page.getByText(/Complete your profile to unlock \d+ more scholarship/);
    if (!(await hint.count())) return 0;
    return Number(/unlock (\d+) more/.exec((await hint.textContent()) ?? '')![1]);
  };

  it('shows the tiles, pages Easy Apply, saves to the wishlist, and unlocks more after a profile answer', async () => {
    const { page } = suite;
    const email = `lena.${Date.now()}@example.com`;
    await applicantWithOneMissingAnswer(email, 'a long passphrase');

    await page.goto(`${suite.server.baseUrl}/auth/login`);
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Username').fill(email);
    await form.getByLabel('Password').fill('a long passphrase');
    await form.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/auth/dashboard');
    await page.getByRole('heading', { name: 'Welcome back, Lena!' }).waitFor();
    // Completing the registration entered her into the demo sweepstakes (as in the original product): a banner, no popup.
    await page.getByText(/^You are entered into the .+\*$/).waitFor();
    // A non-member is offered the free 7-day membership once per visit, with her name and her count.
    await dismissMembershipOffer(page, 'Lena');
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-sweepstakes-entered.png') });
    await page.getByRole('button', { name: 'Dismiss the sweepstakes notice' }).click();
    expect(await page.getByRole('dialog', { name: /Sweepstakes/ }).count()).toBe(0);

    // Tiles: the numbers the server computed for this applicant, none of them zero.
    const token = await page.evaluate(() => localStorage.getItem('token')!);
    const summary = (await apiCall('GET', '/scholarships/dashboard-summary', undefined, token)).body.data;
    expect(summary.yourRecommendation).toBeGreaterThan(0);
    expect(summary.scholarshipAmount).toBeGreaterThan(0);
    expect(summary.unlock.count).toBeGreaterThan(0);
    await page.getByText(/Complete your profile to unlock \d+ more scholarship/).waitFor();
    const before = await unlockCount();
    expect(before).toBe(summary.unlock.count);
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-lists.png'), fullPage: true });

    // Easy Apply, page 2: six cards, then a heart.
    const sidebar = page.getByRole('navigation', { name: 'Account' });
    await sidebar.getByRole('link', { name: 'Easy Apply' }).click();
    await page.waitForURL('**/auth/dashboard/easy-apply');
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(/page=2/);
    const hearts = page.getByRole('button', { name: 'Save to wishlist' });
    await hearts.first().waitFor();
    expect(await hearts.count()).toBe(6);
    const card = page.locator('article').first();
    const title = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('button', { name: 'Save to wishlist' }).click();
    await card.getByRole('button', { name: 'Remove from wishlist' }).waitFor();
    expect(await card.getByRole('button', { name: 'Remove from wishlist' }).getAttribute('aria-pressed')).toBe('true');

    // Wishlist / Saved has it.
    await sidebar.getByRole('link', { name: 'Wishlist / Saved' }).click();
    await page.waitForURL('**/auth/dashboard/saved');
    await page.getByRole('heading', { name: title }).waitFor();

    // Answer the missing question: the hint shrinks on the next visit.
    await page.goto(`${suite.server.baseUrl}/auth/profile`);
    await page.getByLabel(/^Military Affiliation/).selectOption({ label: 'Veteran' });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('tabpanel').getByText('User updated successfully').waitFor();
    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Welcome back, Lena!' }).waitFor();
    // The dismissed banner stays away.
    expect(await page.getByText(/^You are entered into the/).count()).toBe(0);
    const after = (await apiCall('GET', '/scholarships/dashboard-summary', undefined, token)).body.data.unlock.count;
    expect(after).toBeLessThan(before);
    await page.waitForFunction((expected) => {
      const match = /unlock (\d+) more/.exec(document.body.innerText);
      return (match ? Number(match[1]) : 0) === expected;
    }, after);
    expect(suite.problems).toEqual([]);
  });
});
