import path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, browserSuite } from './harness.js';
import { choose, completeRegistration, signUpInBrowser } from './student-flows.js';

const ADMIN = { email: 'admin@demo.scholarmatch.test', password: 'DemoAdmin#2026' };


/** The input's value once it settles (lazy widgets fill theirs a moment after they appear). */
async function valueOf(page: Page, label: RegExp, expected: string): Promise<string> {
  const input = page.getByLabel(label);
  const deadline = Date.now() + 5000;
  let value = await input.inputValue();
  while (value !== expected && Date.now() < deadline) {
    await page.waitForTimeout(100);
    value = await input.inputValue();
  }
  return value;
}


/** The registration step and the profile tabs in Chromium, saving through the real server. */
describe('registration and profile in a real browser', () => {
  const suite = browserSuite({ env: { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });

  const signUp = (email: string) => signUpInBrowser(suite.page, suite.server.baseUrl, email);

  async function apiCall(method: string, url: string, body?: unknown, token?: string) {
    const response = await fetch(`${suite.server.baseUrl}/api/v1${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { data: any; errors?: { path: string; message: string }[] } };
  }

  /** What the API answers this applicant for the header's 'Eligible for N scholarships': the recommendation count. */
  async function eligibleCount(token: string): Promise<number> {
    const answer = await apiCall('GET', '/scholarships/stats', undefined, token);
    expect(answer.status).toBe(200);
    return answer.body.data.yourRecommendation as number;
  }

  async function headerShowsCount(count: number): Promise<void> {
    await suite.page.getByText(`Eligible for ${count} scholarship${count === 1 ? '' : 's'}`, { exact: true }).waitFor();
  }

  it('completes registration, then every profile tab saves and round-trips', async () => {
    await signUp(`ana.${Date.now()}@example.com`);
    await completeRegistration(suite.page);

    await suite.page.goto(`${suite.server.baseUrl}/auth/profile`);
    const session = await suite.page.evaluate(() => ({ token: localStorage.getItem('token')!, user: JSON.parse(localStorage.getItem('userInfo')!) }));
    // The header shows the number the API answers for this applicant (the demo catalogue has matches for this profile).
    const matches = await eligibleCount(session.token);
    expect(matches).toBeGreaterThan(0);
    await headerShowsCount(matches);
    await suite.page.getByText('19 years old').waitFor();
    expect(await suite.page.getByLabel(/^High School Name/).inputValue().catch(() => '')).toBe('');
    // Shown as the stand-in's placeholder until the field is reached (web/src/forms/widgets/lazy-widgets.tsx), then by react-select.
    await suite.page.getByPlaceholder('Lakeside Free Text High', { exact: true }).or(suite.page.getByText('Lakeside Free Text High')).first().waitFor();
    expect(await suite.page.getByLabel(/GPA \(4-point scale\)/).inputValue()).toBe('3.7');

    // A bad grade: the browser shows the original words, and the server refuses the same value with the same words.
    await suite.page.getByLabel(/^Marking system/).selectOption({ index: 2 });
    await suite.page.getByLabel(/^Grade/).fill('11');
    await suite.page.getByRole('button', { name: 'Save Changes' }).click();
    await suite.page.getByText('Enter a valid GPA between 0 and 10').waitFor();
    const fields = (await apiCall('GET', '/register-applicants/form-fields')).body.data as { id: number; key: string }[];
    const gpaId = fields.find((f) => f.key === 'gpa')!.id;
    const refused = await apiCall('PUT', `/register-applicants/${session.user.id}`, {
      formKey: 'profile-education', applicantFields: [{ fieldId: gpaId, fieldValue: { markingSystem: '10CGPA', grade: 11 } }],
    }, session.token);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: 'gpa.grade', message: 'Enter a valid GPA between 0 and 10' }]);
    await suite.page.screenshot({ path: path.join(ARTIFACTS, 'profile-education-error.png'), fullPage: true });

    await suite.page.getByLabel(/^Grade/).fill('8');
    await suite.page.getByRole('button', { name: 'Save Changes' }).click();
    await suite.page.getByRole('tabpanel').getByText('User updated successfully').waitFor();
    // New answers, new matches: the header asks again and still shows what the API answers.
    await headerShowsCount(await eligibleCount(session.token));
    await suite.page.evaluate(() => window.scrollTo(0, 0));
    await suite.page.screenshot({ path: path.join(ARTIFACTS, 'profile-header-count.png') });

    await suite.page.getByRole('tab', { name: 'Basic' }).click();
    await suite.page.getByLabel(/^Zip Code/).fill('94110');
    await suite.page.getByRole('button', { name: 'Save Changes' }).click();
    await suite.page.getByRole('tabpanel').getByText('User updated successfully').waitFor();

    await suite.page.getByRole('tab', { name: 'Contact' }).click();
    await suite.page.getByLabel(/^Contact Number\*?$/).fill('4155550123');
    await suite.page.getByRole('button', { name: 'Save Changes' }).click();
    await suite.page.getByRole('tabpanel').getByText('User updated successfully').waitFor();

    // The tab is in the address (docs/form-designer.md, "Screens"): the reload reopens Contact.
    await suite.page.reload();
    expect(new URL(suite.page.url()).searchParams.get('tab')).toBe('contact');
    await suite.page.getByRole('tab', { name: 'Education' }).click();
    expect(await valueOf(suite.page, /GPA \(4-point scale\)/, '3.7')).toBe('3.7');
    await suite.page.getByRole('tab', { name: 'Basic' }).click();
    expect(await valueOf(suite.page, /^Zip Code/, '94110')).toBe('94110');
    await suite.page.getByRole('tab', { name: 'Contact' }).click();
    expect(await valueOf(suite.page, /^Contact Number\*?$/, '4155550123')).toBe('4155550123');
    expect(suite.problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
  });

  it('shows, validates and saves a field an admin adds through the API, with no web change', async () => {
    const email = `admin.field.${Date.now()}@example.com`;
    await signUp(email);
    const session = await suite.page.evaluate(() => ({ token: localStorage.getItem('token')!, user: JSON.parse(localStorage.getItem('userInfo')!) }));
    const fields = (await apiCall('GET', '/register-applicants/form-fields')).body.data as { id: number; key: string; options: Record<string, string> }[];
    const id = (key: string) => fields.find((f) => f.key === key)!.id;
    const first = (key: string) => Object.keys(fields.find((f) => f.key === key)!.options)[0];
    const education = {
      schoolLevel: first('schoolLevel'), highSchoolName: 'Central High', enrolledInCollege: '1', collegeName: 'Some College',
      fieldOfStudy: first('fieldOfStudy'), degreeType: first('degreeType'), gpa: { markingSystem: 'GPA', grade: 3.5 },
      careerGoal: first('careerGoal'), militaryAffiliation: first('militaryAffiliation'),
    };
    const saved = await apiCall('PUT', `/register-applicants/${session.user.id}`, {
      formKey: 'profile-education', applicantFields: Object.entries(education).map(([key, fieldValue]) => ({ fieldId: id(key), fieldValue })),
    }, session.token);
    expect(saved.status).toBe(200);

    const admin = (await apiCall('POST', '/users/auth/login', { userName: ADMIN.email, password: ADMIN.password, loginType: 'register_user' })).body.data.accessToken;
    const created = await apiCall('POST', '/admin/form-fields', {
      key: 'firstGeneration', name: 'First-generation college student', dataType: 'select',
      options: [{ value: '1', label: 'Yes' }, { value: '0', label: 'No' }], validation: { required: true }, ui: { radio: true },
      section: 'education', order: 115,
    }, admin);
    expect(created.status).toBe(201);
    // Field edits are drafted: a published version makes them live (docs/form-designer.md).
    expect((await apiCall('POST', '/admin/forms/versions', { note: 'First-generation question' }, admin)).status).toBe(201);

    await suite.page.goto(`${suite.server.baseUrl}/auth/profile`);
    await suite.page.getByRole('radiogroup', { name: 'First-generation college student' }).waitFor();
    await suite.page.getByRole('button', { name: 'Save Changes' }).click();
    await suite.page.getByText('Please select your first-generation college student!').waitFor();
    await choose(suite.page, 'First-generation college student', 'Yes');
    await suite.page.getByRole('button', { name: 'Save Changes' }).click();
    await suite.page.getByRole('tabpanel').getByText('User updated successfully').waitFor();
    await suite.page.screenshot({ path: path.join(ARTIFACTS, 'profile-admin-field.png'), fullPage: true });

    await suite.page.reload();
    const yes = suite.page.getByRole('radiogroup', { name: 'First-generation college student' }).getByRole('radio', { name: 'Yes' });
    await yes.waitFor({ state: 'attached' });
    expect(await yes.isChecked()).toBe(true);
    expect(suite.problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
  });
});
