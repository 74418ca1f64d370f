import path from 'node:path';
import type { Page } from 'playwright-core';
import { FakeOidcIssuer } from '../server/test/fake-oidc-issuer.js';
import { ARTIFACTS, browserSuite, dismissSweepstakes, suiteApi } from './harness.js';
import { fillRegistration } from './student-flows.js';

const ADMIN = { email: 'admin@demo.scholarmatch.test', password: 'DemoAdmin#2026' };
const TAKEN = 'student@demo.scholarmatch.test';

/** Chat sign-up, login and recovery (docs/chat.md) as a visitor takes them, in Chromium. */
describe('the chat assistant in a real browser', () => {
  const suite = browserSuite({ env: { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  const api = suiteApi(suite);
  const person = { email: `chat.${Date.now()}@example.com`, password: 'typed into a chat 1', newPassword: 'recovered in a chat 2' };

  const log = (page: Page) => page.getByRole('log', { name: 'Conversation with Lenny' });
  /** Waits for the assistant to say `text` (the newest such bubble). */
  const says = (page: Page, text: string) => log(page).getByText(text, { exact: true }).last().waitFor();
  const choose = (page: Page, label: string) => page.getByRole('group', { name: 'Choices' }).getByRole('button', { name: label, exact: true }).click();
  const send = async (page: Page, text: string) => {
    const box = page.getByRole('form', { name: 'Send a message' }).locator('input');
    await box.fill(text);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
  };

  async function codeSentTo(email: string): Promise<string> {
    const token = await api.login(ADMIN.email, ADMIN.password);
    const outbox = await api.call('GET', `/admin/mail-outbox?to=${encodeURIComponent(email)}&limit=1`, undefined, token);
    return /\b(\d{6})\b/.exec(outbox.body.data[0].text)![1];
  }

  it('signs a visitor up entirely by chat, with a refused phone number and a taken e-mail, and lands on /auth/userdetails', async () => {
    const { page } = suite;
    // Text boxes are 16 px on phones across the app (iOS zooms into anything smaller).
    await page.setViewportSize({ width: 390, height: 844 });
    for (const address of ['/auth/login', '/signup']) {
      await page.goto(`${suite.server.baseUrl}${address}`);
      const box = page.locator('main input:not([type=checkbox]):not([type=hidden])').first();
      await box.waitFor();
      expect([address, await box.evaluate((input) => getComputedStyle(input).fontSize)]).toEqual([address, '16px']);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${suite.server.baseUrl}/`);
    await page.getByRole('link', { name: 'Sign UP' }).first().click();
    await page.waitForURL('**/chatbot?start=signUp');
    await choose(page, 'Assistant');
    await says(page, 'What is your first name?');
    await send(page, '');
    await page.getByText('Please enter a message').waitFor();
    await send(page, 'Katherine');
    await says(page, 'And your last name?');
    await send(page, 'Johnson');
    await says(page, 'What is your e-mail address?');
    await send(page, TAKEN);
    await says(page, 'This email is already registered. Do you want to login with this email.');
    await choose(page, 'Use another email');
    await send(page, person.email);
    await says(page, 'What is your mobile number?');
    await send(page, '(202) 555-0143');
    await says(page, 'Please enter only digits!');
    await send(page, '12025550143');
    await says(page, `Choose a password for your account (at least 8 characters).`);
    expect(await page.getByRole('form', { name: 'Send a message' }).locator('input').getAttribute('type')).toBe('password');
    await send(page, person.password);
    await says(page, 'Please type the password again to confirm it.');
    await send(page, 'something else');
    await says(page, 'Passwords do not match!');
    await send(page, person.password);
    await says(page, 'I agree to receive calls and text messages about scholarships and my account');
    await choose(page, 'Yes');
    const CONSENT = 'I agree to the Terms of Use, the Privacy Policy and the Official Scholarship Rules';
    await says(page, CONSENT);
    // The consent's documents open in new tabs; the chat stays where it was.
    for (const [name, address] of [['Terms of Use', '/terms'], ['Privacy Policy', '/privacy'], ['Official Scholarship Rules', '/terms#exhibit-a']] as const) {
      const opened = page.context().waitForEvent('page');
      await log(page).getByRole('link', { name: new RegExp(`^${name}`) }).last().click();
      const tab = await opened;
      await tab.waitForLoadState();
      expect(tab.url()).toContain(address);
      await tab.getByRole('heading', { level: 1 }).first().waitFor();
      await tab.close();
    }
    await log(page).getByText(CONSENT, { exact: true }).last().waitFor();
    expect(page.url()).toContain('/chatbot');
    // On a phone: the message box is 16 px (iOS does not zoom), and the question with its links fits.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.getByRole('form', { name: 'Send a message' }).locator('input').evaluate((input) => getComputedStyle(input).fontSize)).toBe('16px');
    await page.screenshot({ path: path.join(ARTIFACTS, 'chat-consent-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(ARTIFACTS, 'chat-consent-1280.png') });
    // Refused: the server's reason, then the question asked again as a new bubble.
    await choose(page, 'No');
    await log(page).getByText(CONSENT, { exact: true }).nth(1).waitFor();
    await choose(page, 'Yes');
    await says(page, 'Are the following details correct ?');
    // Save and Proceed is the primary button (solid), Edit the secondary (outlined).
    const background = (label: string) =>
      page.getByRole('group', { name: 'Choices' }).getByRole('button', { name: label, exact: true }).evaluate((button) => getComputedStyle(button).backgroundColor);
    expect(await background('Save and Proceed')).not.toBe(await background('Edit'));
    expect(await background('Save and Proceed')).toBe('rgb(11, 92, 84)'); // brand.solid
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(ARTIFACTS, 'chat-signup-summary-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(ARTIFACTS, 'chat-signup-summary-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    const summary = await log(page).getByRole('table').innerText();
    expect(summary).toContain(person.email);
    expect(summary).toContain('+12025550143');
    expect(summary).not.toContain(person.password);
    await choose(page, 'Save and Proceed');
    await says(page, 'Your account is successfully created and you are logged in.');
    await page.waitForURL('**/auth/userdetails');
    expect(suite.problems.filter((problem) => !problem.includes('status of 400'))).toEqual([]);
  });

  it('logs in by chat after a wrong password, then recovers a forgotten password inside the chat', async () => {
    const { page } = suite;
    await page.goto(`${suite.server.baseUrl}/chatbot`);
    await choose(page, 'Login');
    await choose(page, 'Assistant');
    await says(page, 'What is the e-mail address of your account?');
    await send(page, person.email);
    await says(page, 'And your password?');
    await send(page, 'not my password');
    await says(page, 'Your password is incorrect. Select from the options below to proceed further');
    await page.screenshot({ path: path.join(ARTIFACTS, 'chat-login-wrong-password-1280.png') });
    await choose(page, 'Try Again');
    await send(page, person.password);
    await says(page, 'User Logged In Successfully!!');
    await page.waitForURL('**/auth/dashboard');

    // Logged out, the person forgets the password and recovers it in the chat.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${suite.server.baseUrl}/chatbot?start=login`);
    await choose(page, 'Assistant');
    await send(page, person.email);
    await send(page, 'forgotten it');
    await choose(page, 'Forgot Password');
    await says(page, 'OTP sent successfully');
    await says(page, 'Please enter the 6-digit code we have just e-mailed you.');
    const code = await codeSentTo(person.email);
    await send(page, code === '000000' ? '111111' : '000000');
    await says(page, 'Entered OTP is incorrect. Select from the options below to proceed further.');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(ARTIFACTS, 'chat-login-otp-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await send(page, code);
    await says(page, 'OTP submitted successfully!');
    await send(page, person.newPassword);
    await says(page, 'Password reset successfully');
    await page.waitForURL('**/auth/dashboard');
    expect((await api.call('POST', '/users/auth/login', { userName: person.email, password: person.newPassword, loginType: 'register_user' })).status).toBe(201);
  });

  it('asks a field an admin adds to the sign-up form, with no change to the web app', async () => {
    const admin = await api.login(ADMIN.email, ADMIN.password);
    const created = await api.call(
      'POST',
      '/admin/form-fields',
      {
        key: 'heardAboutUs', name: 'How did you hear about us?', dataType: 'select', section: 'signup', order: 25,
        options: [{ value: 'friend', label: 'A friend' }, { value: 'school', label: 'My school' }], validation: { required: true },
      },
      admin,
    );
    expect(created.status).toBe(201);
    // Field edits are drafted: a published version makes them live (docs/form-designer.md).
    expect((await api.call('POST', '/admin/forms/versions', {}, admin)).status).toBe(201);
    try {
      const { page } = suite;
      await page.goto(`${suite.server.baseUrl}/chatbot?start=signUp`);
      await choose(page, 'Assistant');
      const email = `chat.field.${Date.now()}@example.com`;
      for (const [question, answer] of [
        ['What is your first name?', 'Dorothy'],
        ['And your last name?', 'Vaughan'],
        ['What is your e-mail address?', email],
        ['What is your mobile number?', '12025550199'],
        ['Choose a password for your account (at least 8 characters).', 'computers are people'],
        ['Please type the password again to confirm it.', 'computers are people'],
      ]) {
        await says(page, question);
        await send(page, answer);
      }
      await says(page, 'How did you hear about us?');
      await page.screenshot({ path: path.join(ARTIFACTS, 'chat-admin-field-1280.png') });
      await choose(page, 'My school');
      await says(page, 'I agree to receive calls and text messages about scholarships and my account');
      await choose(page, 'Yes');
      await says(page, 'I agree to the Terms of Use, the Privacy Policy and the Official Scholarship Rules');
      await choose(page, 'Yes');
      await says(page, 'Are the following details correct ?');
      expect(await log(page).getByRole('table').innerText()).toContain('My school');
      await choose(page, 'Save and Proceed');
      await page.waitForURL('**/auth/userdetails');
    } finally {
      const fields = (await api.call('GET', '/admin/form-fields', undefined, admin)).body.data as { id: number; key: string }[];
      await api.call('DELETE', `/admin/form-fields/${fields.find((field) => field.key === 'heardAboutUs')!.id}`, undefined, admin);
      await api.call('POST', '/admin/forms/versions', {}, admin);
    }
  });
});

/** The dashboard assistant: a new applicant registers inside it, then gets recommendations. */
describe('the dashboard assistant in a real browser', () => {
  const suite = browserSuite({ env: { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  const api = suiteApi(suite);

  it('asks a new applicant to register inside the chat, then lists recommendations 2 s after the save', async () => {
    const { page } = suite;
    const email = `assistant.${Date.now()}@example.com`;
    const signedUp = await api.call('POST', '/register-applicants', {
      firstName: 'Annie', lastName: 'Easley', email, phone: '+12025550177', password: 'rockets and code 1', applicantType: 'STUDENT',
      isProfileUpdate: 'false', isScholarshipApplied: 'false', consentToContact: true, acceptTerms: true,
    });
    expect(signedUp.status).toBe(201);
    const session = signedUp.body.data;
    await page.goto(`${suite.server.baseUrl}/`);
    await page.evaluate((stored) => {
      localStorage.setItem('userInfo', JSON.stringify(stored.user));
      localStorage.setItem('token', stored.accessToken);
      localStorage.setItem('refresh_token', stored.refreshToken);
      localStorage.setItem('user_access', JSON.stringify(stored.access));
    }, session);
    await page.goto(`${suite.server.baseUrl}/auth/dashboard`);
    await dismissSweepstakes(page);
    await page.getByRole('button', { name: 'Ask Lenny' }).click();
    const drawer = page.getByRole('dialog', { name: 'Lenny, your assistant' });
    await drawer.getByRole('button', { name: 'Recommendations' }).click();
    await drawer.getByText('Please complete your signup details first', { exact: false }).waitFor();
    await fillRegistration(drawer);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText('Details updated successfully!!').waitFor();
    const heading = drawer.getByRole('heading', { level: 3 }).first();
    await heading.waitFor({ timeout: 10_000 });
    await drawer.getByText('Here are scholarships you can apply to.').last().waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'assistant-recommendations-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(ARTIFACTS, 'assistant-recommendations-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await drawer.getByRole('button', { name: 'Finding Student Loan' }).click();
    await drawer.getByText('This feature not available yet').waitFor();
  });
});

/** Google sign-in from the chat, against a loopback OpenID provider (never the real Google). */
describe('Google sign-in from the chat in a real browser', () => {
  let issuer: FakeOidcIssuer;
  const suite = browserSuite({
    env: async () => {
      issuer = await FakeOidcIssuer.start();
      return { DEMO_DATA: 'true', GOOGLE_CLIENT_ID: issuer.clientId, GOOGLE_CLIENT_SECRET: issuer.clientSecret, GOOGLE_ISSUER: issuer.url };
    },
  });
  afterAll(async () => {
    await issuer?.close();
  });

  it('signs a new person up through Google and continues to the registration step; the next time logs them in', async () => {
    const { page } = suite;
    issuer.person = { sub: 'google-e2e-1', email: `google.${Date.now()}@example.com`, email_verified: true, given_name: 'Mae', family_name: 'Jemison' };
    await page.goto(`${suite.server.baseUrl}/chatbot?start=signUp`);
    await page.getByRole('group', { name: 'Choices' }).getByRole('button', { name: 'Social sign-in' }).click();
    await page.waitForURL('**/auth/userdetails');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').email)).toBe(issuer.person.email);

    await page.evaluate(() => localStorage.clear());
    await page.goto(`${suite.server.baseUrl}/chatbot?start=login`);
    await page.getByRole('group', { name: 'Choices' }).getByRole('button', { name: 'Social sign-in' }).click();
    // Known now: through Google's page and back (the session is stored), then where any login goes.
    await page.waitForFunction(() => localStorage.getItem('token') !== null);
    await page.waitForURL((url) => url.pathname.startsWith('/auth/') && !url.pathname.startsWith('/auth/google'));
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').email)).toBe(issuer.person.email);
  });
});
