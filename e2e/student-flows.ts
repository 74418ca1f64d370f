import type { Locator, Page } from 'playwright-core';
import { dobYearsAgo } from './harness.js';

/** Where a form is: the page, or a part of it (a drawer). */
type Scope = Page | Locator;

/** Picks from a native select (short lists). */
export async function pick(scope: Scope, label: RegExp, option: string): Promise<void> {
  await scope.getByLabel(label).selectOption({ label: option });
}

/** Picks from a searchable list (long lists, react-select): types, then chooses the suggestion. */
export async function search(scope: Scope, label: RegExp, typed: string, option: string): Promise<void> {
  await scope.getByLabel(label).fill(typed);
  await scope.getByRole('option', { name: option, exact: true }).click();
}

export async function choose(scope: Scope, group: string, option: string): Promise<void> {
  await scope.getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();
}

/** The sign-up page, as a student fills it; ends on the registration step. */
export async function signUpInBrowser(page: Page, baseUrl: string, email: string, password = 'a long passphrase'): Promise<void> {
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel('First Name').fill('Ana');
  await page.getByLabel('Last Name').fill('Silva');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Contact Number\*?$/).fill('2025550143');
  await page.getByLabel(/^Password\*?$/).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByText('I agree to receive calls').click();
  await page.getByText('I agree to the Terms of Use').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/auth/userdetails');
}

/**
 * Every required answer of the served registration form, wherever it is shown (the page, the
 * assistant's drawer); `keepFieldOfStudy` leaves the one a test chose itself.
 */
export async function fillRegistration(scope: Scope, { keepFieldOfStudy = false } = {}): Promise<void> {
  await scope.getByLabel('Birthday').fill(dobYearsAgo(19));
  await pick(scope, /^Citizenship/, 'U.S. Citizen');
  await scope.getByLabel(/^Zip Code/).fill('10001');
  await pick(scope, /^Ethnicity/, 'Asian');
  await choose(scope, 'Gender', 'Female');
  await search(scope, /^Country/, 'United St', 'United States');
  await pick(scope, /^Current School Level/, 'High School Sophomore');
  await scope.getByLabel(/^High School Name/).fill('Lakeside Free Text High');
  await scope.getByText('Use "Lakeside Free Text High"').click();
  await choose(scope, 'Are you enrolled in college?', 'No');
  if (!keepFieldOfStudy) await search(scope, /^Field of Study/, 'Account', 'Accounting');
  await search(scope, /^Degree Type/, 'Assoc', 'Associate (AA/AS)');
  await scope.getByLabel(/^Marking system/).selectOption({ index: 1 });
  await scope.getByLabel(/^Grade/).fill('82');
  await search(scope, /^Career Goal/, 'Accountant', 'Accountant');
  await pick(scope, /^Military Affiliation/, 'None');
}

/** The registration step (every required answer), saved; ends on the dashboard. */
export async function completeRegistration(page: Page): Promise<void> {
  await fillRegistration(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Details updated successfully!!').waitFor();
  await page.waitForURL('**/auth/dashboard', { timeout: 10_000 });
}
