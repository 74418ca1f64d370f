import path from 'node:path';
import { ARTIFACTS, browserSuite, dismissSweepstakes, settledDialog } from './harness.js';

const STUDENT = { email: 'student@demo.scholarmatch.test', password: 'DemoStudent#2026' };
const ADMIN = { email: 'admin@demo.scholarmatch.test', password: 'DemoAdmin#2026' };

/** Sign-up, login, logout and password recovery as a person does them, in Chromium. */
describe('accounts in a real browser', () => {
  const suite = browserSuite({ env: { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });

  const storage = (key: string) => suite.page.evaluate((k) => localStorage.getItem(k), key);

  /** The newest reset code e-mailed to `email`, read from the outbox as the admin. */
  async function codeSentTo(email: string): Promise<string> {
    const login = await fetch(`${suite.server.baseUrl}/api/v1/users/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: ADMIN.email, password: ADMIN.password, loginType: 'register_user' }),
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const outbox = await fetch(`${suite.server.baseUrl}/api/v1/admin/mail-outbox?to=${encodeURIComponent(email)}&limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const [message] = ((await outbox.json()) as { data: { text: string }[] }).data;
    return /\b(\d{6})\b/.exec(message.text)![1];
  }

  it('signs up through the served form and lands on /auth/userdetails', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/signup`);
    await suite.page.getByText('Congratulations').waitFor();
    await suite.page.getByLabel('First Name').waitFor();
    await suite.page.getByLabel('First Name').fill('Nia');
    await suite.page.getByLabel('Last Name').fill('Okafor');
    await suite.page.getByLabel('Email').fill(`nia.${Date.now()}@example.com`);
    await suite.page.getByLabel(/^Contact Number\*?$/).fill('2025550143');
    await suite.page.getByLabel(/^Password\*?$/).fill('a long passphrase');
    await suite.page.getByLabel('Confirm Password').fill('a long passphrasE');
    await suite.page.getByRole('button', { name: 'Continue' }).click();
    await suite.page.getByText('Passwords do not match!').waitFor();
    expect(await suite.page.getByText('Please Select!').count()).toBe(2);
    await suite.page.screenshot({ path: path.join(ARTIFACTS, 'signup-errors.png'), fullPage: true });

    await suite.page.getByLabel('Confirm Password').fill('a long passphrase');
    await suite.page.getByText('I agree to receive calls').click();
    await suite.page.getByText('I agree to the Terms of Use').click();
    await suite.page.getByRole('button', { name: 'Continue' }).click();
    await suite.page.waitForURL('**/auth/userdetails');
    await suite.page.getByText('Welcome, Nia!').waitFor();
    expect(await storage('token')).toMatch(/^ey/);
    expect(JSON.parse((await storage('userInfo'))!)).toMatchObject({ firstName: 'Nia', role: 'applicant' });
    await suite.page.getByLabel('Birthday').waitFor();
    await suite.page.screenshot({ path: path.join(ARTIFACTS, 'userdetails.png') });

    // Signed in, the sign-up page sends the person to the dashboard.
    await suite.page.goto(`${suite.server.baseUrl}/auth/register1`);
    await suite.page.waitForURL('**/auth/dashboard');
    expect(suite.problems).toEqual([]);
  });

  it('signs a parent up as applicant type PARENT, kept by the server', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/signup`);
    await suite.page.getByLabel('First Name').waitFor();
    await suite.page.getByRole('radiogroup', { name: 'Who is signing up?' }).getByText('I am a parent', { exact: true }).click();
    await suite.page.getByLabel('First Name').fill('Grace');
    await suite.page.getByLabel('Last Name').fill('Okafor');
    await suite.page.getByLabel('Email').fill(`grace.${Date.now()}@example.com`);
    await suite.page.getByLabel(/^Contact Number\*?$/).fill('2025550143');
    await suite.page.getByLabel(/^Password\*?$/).fill('a long passphrase');
    await suite.page.getByLabel('Confirm Password').fill('a long passphrase');
    await suite.page.getByText('I agree to receive calls').click();
    await suite.page.getByText('I agree to the Terms of Use').click();
    await suite.page.getByRole('button', { name: 'Continue' }).click();
    await suite.page.waitForURL('**/auth/userdetails');
    const profile = await fetch(`${suite.server.baseUrl}/api/v1/register-applicants/profile`, {
      headers: { authorization: `Bearer ${await storage('token')}` },
    });
    expect(((await profile.json()) as { data: { applicantType: string } }).data.applicantType).toBe('PARENT');
    expect(suite.problems).toEqual([]);
  });

  it('shows the server description when the e-mail is already registered', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/signup`);
    await suite.page.getByLabel('First Name').fill('Maya');
    await suite.page.getByLabel('Last Name').fill('Lopez');
    await suite.page.getByLabel('Email').fill(STUDENT.email);
    await suite.page.getByLabel(/^Contact Number\*?$/).fill('2025550143');
    await suite.page.getByLabel(/^Password\*?$/).fill('whatever it is');
    await suite.page.getByLabel('Confirm Password').fill('whatever it is');
    await suite.page.getByText('I agree to receive calls').click();
    await suite.page.getByText('I agree to the Terms of Use').click();
    await suite.page.getByRole('button', { name: 'Continue' }).click();
    await suite.page.getByText('Email already exist!! Please login or try with another email').waitFor();
    expect(suite.page.url()).toContain('/signup');
  });

  it('logs in from the top bar (the chat, then Manually), reaches the dashboard, and logs out clearing the session', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/`);
    await suite.page.getByRole('link', { name: 'Login' }).first().click();
    await suite.page.waitForURL('**/chatbot?start=login');
    await suite.page.getByRole('button', { name: 'Manually' }).click();
    const dialog = suite.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Login' }).click();
    await dialog.getByText('Please input your username').waitFor();
    await dialog.getByText('Please input your password').waitFor();
    await dialog.getByLabel('Username').fill(STUDENT.email);
    await dialog.getByLabel('Password').fill('not the password');
    await dialog.getByRole('button', { name: 'Login' }).click();
    await dialog.getByText('Your password is incorrect').waitFor();
    await dialog.getByLabel('Password').fill(STUDENT.password);
    await dialog.getByRole('button', { name: 'Login' }).click();
    await suite.page.waitForURL('**/auth/dashboard');
    await suite.page.getByText('Welcome back, Maya!').waitFor();
    await suite.page.getByRole('dialog', { name: /Sweepstakes/ }).waitFor();
    await settledDialog(suite.page);
    await suite.page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-sweepstakes.png') });
    await dismissSweepstakes(suite.page);
    await suite.page.screenshot({ path: path.join(ARTIFACTS, 'dashboard.png') });

    await suite.page.getByRole('button', { name: 'Logout' }).click();
    await suite.page.waitForURL(`${suite.server.baseUrl}/`);
    for (const key of ['token', 'refresh_token', 'userInfo', 'isActiveSubscription']) expect(await storage(key)).toBeNull();
    await suite.page.goto(`${suite.server.baseUrl}/auth/dashboard`);
    await suite.page.waitForURL('**/auth/login');
    expect(suite.problems.filter((p) => !p.includes('400'))).toEqual([]);
  });

  it('recovers a password with the e-mailed OTP, then changes it in Settings', async () => {
    const email = `reset.${Date.now()}@example.com`;
    const signUp = await fetch(`${suite.server.baseUrl}/api/v1/register-applicants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Reza', lastName: 'Karimi', email, phone: '+12025550199', password: 'first password' }),
    });
    expect(signUp.status).toBe(201);

    await suite.page.goto(`${suite.server.baseUrl}/forgot-password`);
    await suite.page.getByLabel('Email').fill(email);
    await suite.page.getByRole('button', { name: 'Get OTP' }).click();
    await suite.page.getByText('OTP sent successfully').waitFor();
    const submit = suite.page.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    const code = await codeSentTo(email);
    await suite.page.getByLabel('Digit 1').click();
    await suite.page.keyboard.type(code);
    expect(await submit.isDisabled()).toBe(false);
    await suite.page.screenshot({ path: path.join(ARTIFACTS, 'forgot-otp.png') });
    await submit.click();
    await suite.page.getByText('OTP submitted successfully!').waitFor();
    await suite.page.getByLabel('New password').fill('second password');
    await suite.page.getByLabel('Confirm password').fill('second passworD');
    await suite.page.getByRole('button', { name: 'Reset Password' }).click();
    await suite.page.getByText('Passwords do not match').waitFor();
    await suite.page.getByLabel('Confirm password').fill('second password');
    await suite.page.getByRole('button', { name: 'Reset Password' }).click();
    await suite.page.waitForURL('**/auth/dashboard');
    await suite.page.getByText('Welcome back, Reza!').waitFor();

    await suite.page.goto(`${suite.server.baseUrl}/auth/dashboard/setting`);
    await suite.page.getByRole('link', { name: 'Buy Subscription Plan' }).waitFor();
    await suite.page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = suite.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Please fill in all fields').waitFor();
    await dialog.getByLabel('Old password').fill('wrong old one');
    await dialog.getByLabel('New password').fill('third password');
    await dialog.getByLabel('Confirm password').fill('third password');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Old Password Not Matched').waitFor();
    await dialog.getByLabel('Old password').fill('second password');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Password changed successfully').waitFor();
    await suite.page.waitForURL('**/auth/dashboard');

    const login = await fetch(`${suite.server.baseUrl}/api/v1/users/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: email, password: 'third password', loginType: 'register_user' }),
    });
    expect(login.status).toBe(201);
  });
});
