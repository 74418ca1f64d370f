import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, launchBrowser, startServer, watchPage, type RunningServer } from './harness.js';

const ADMIN = { email: 'admin@demo.scholarmatch.test', password: 'DemoAdmin#2026' };

function dobYearsAgo(years: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), 1)).toISOString().slice(0, 10);
}

/** Picks from a native select (short lists). */
async function pick(page: Page, label: RegExp, option: string): Promise<void> {
  await page.getByLabel(label).selectOption({ label: option });
}

/** Picks from a searchable list (long lists, react-select): types, then chooses the suggestion. */
async function search(page: Page, label: RegExp, typed: string, option: string): Promise<void> {
  await page.getByLabel(label).fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

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

async function choose(page: Page, group: string, option: string): Promise<void> {
  await page.getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();
}

/** The registration step and the profile tabs in Chromium, saving through the real server. */
describe('registration and profile in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let page: Page;
  let watched: { problems: string[] };

  beforeAll(async () => {
    server = await startServer({ env: { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
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

  async function signUpInBrowser(email: string): Promise<void> {
    await page.goto(`${server.baseUrl}/signup`);
    await page.getByLabel('First Name').fill('Ana');
    await page.getByLabel('Last Name').fill('Silva');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Contact Number\*?$/).fill('2025550143');
    await page.getByLabel(/^Password\*?$/).fill('a long passphrase');
    await page.getByLabel('Confirm Password').fill('a long passphrase');
    await page.getByText('I agree to receive calls').click();
    await page.getByText('I agree to the Terms of Use').click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/auth/userdetails');
  }

  async function apiCall(method: string, url: string, body?: unknown, token?: string) {
    const response = await fetch(`${server.baseUrl}/api/v1${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { data: any; errors?: { path: string; message: string }[] } };
  }

  it('completes registration, then every profile tab saves and round-trips', async () => {
    await signUpInBrowser(`ana.${Date.now()}@example.com`);
    await page.getByLabel('Birthday').fill(dobYearsAgo(19));
    await pick(page, /^Citizenship/, 'U.S. Citizen');
    await page.getByLabel(/^Zip Code/).fill('10001');
    await pick(page, /^Ethnicity/, 'Asian');
    await choose(page, 'Gender', 'Female');
    await search(page, /^Country/, 'United St', 'United States');
    await pick(page, /^Current School Level/, 'High School Sophomore');
    await page.getByLabel(/^High School Name/).fill('Lakeside Free Text High');
    await page.getByText('Use "Lakeside Free Text High"').click();
    await choose(page, 'Are you enrolled in college?', 'No');
    await search(page, /^Field of Study/, 'Account', 'Accounting');
    await search(page, /^Degree Type/, 'Assoc', 'Associate (AA/AS)');
    await page.getByLabel(/^Marking system/).selectOption({ index: 1 });
    await page.getByLabel(/^Grade/).fill('82');
    await search(page, /^Career Goal/, 'Accountant', 'Accountant');
    await pick(page, /^Military Affiliation/, 'None');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Details updated successfully!!').waitFor();
    await page.waitForURL('**/auth/dashboard', { timeout: 10_000 });

    await page.goto(`${server.baseUrl}/auth/profile`);
    await page.getByText('Eligible for 0 scholarships').waitFor();
    await page.getByText('19 years old').waitFor();
    expect(await page.getByLabel(/^High School Name/).inputValue().catch(() => '')).toBe('');
    await page.getByText('Lakeside Free Text High').waitFor();
    expect(await page.getByLabel(/GPA \(4-point scale\)/).inputValue()).toBe('3.7');

    // A bad grade: the browser shows the seed's words, and the server refuses the same value with the same words.
    await page.getByLabel(/^Marking system/).selectOption({ index: 2 });
    await page.getByLabel(/^Grade/).fill('11');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Enter a valid GPA between 0 and 10').waitFor();
    const session = await page.evaluate(() => ({ token: localStorage.getItem('token')!, user: JSON.parse(localStorage.getItem('userInfo')!) }));
    const fields = (await apiCall('GET', '/register-applicants/form-fields')).body.data as { id: number; key: string }[];
    const gpaId = fields.find((f) => f.key === 'gpa')!.id;
    const refused = await apiCall('PUT', `/register-applicants/${session.user.id}`, {
      formKey: 'profile-education', applicantFields: [{ fieldId: gpaId, fieldValue: { markingSystem: '10CGPA', grade: 11 } }],
    }, session.token);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: 'gpa.grade', message: 'Enter a valid GPA between 0 and 10' }]);
    await page.screenshot({ path: path.join(ARTIFACTS, 'profile-education-error.png'), fullPage: true });

    await page.getByLabel(/^Grade/).fill('8');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('tabpanel').getByText('User updated successfully').waitFor();

    await page.getByRole('tab', { name: 'Basic' }).click();
    await page.getByLabel(/^Zip Code/).fill('94110');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('tabpanel').getByText('User updated successfully').waitFor();

    await page.getByRole('tab', { name: 'Contact' }).click();
    await page.getByLabel(/^Contact Number\*?$/).fill('4155550123');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('tabpanel').getByText('User updated successfully').waitFor();

    await page.reload();
    expect(await valueOf(page, /GPA \(4-point scale\)/, '3.7')).toBe('3.7');
    await page.getByRole('tab', { name: 'Basic' }).click();
    expect(await valueOf(page, /^Zip Code/, '94110')).toBe('94110');
    await page.getByRole('tab', { name: 'Contact' }).click();
    expect(await valueOf(page, /^Contact Number\*?$/, '4155550123')).toBe('4155550123');
    expect(watched.problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
  });

  it('shows, validates and saves a field an admin adds through the API, with no web change', async () => {
    const email = `admin.field.${Date.now()}@example.com`;
    await signUpInBrowser(email);
    const session = await page.evaluate(() => ({ token: localStorage.getItem('token')!, user: JSON.parse(localStorage.getItem('userInfo')!) }));
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

    await page.goto(`${server.baseUrl}/auth/profile`);
    await page.getByRole('radiogroup', { name: 'First-generation college student' }).waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Please select your first-generation college student!').waitFor();
    await choose(page, 'First-generation college student', 'Yes');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('tabpanel').getByText('User updated successfully').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'profile-admin-field.png'), fullPage: true });

    await page.reload();
    const yes = page.getByRole('radiogroup', { name: 'First-generation college student' }).getByRole('radio', { name: 'Yes' });
    await yes.waitFor({ state: 'attached' });
    expect(await yes.isChecked()).toBe(true);
    expect(watched.problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
  });
});
