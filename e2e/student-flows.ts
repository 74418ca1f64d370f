import type { Page } from 'playwright-core';
import { dobYearsAgo } from './harness.js';

/** Picks from a native select (short lists). */
export async function pick(page: Page, label: RegExp, option: string): Promise<void> {
  await page.getByLabel(label).selectOption({ label: option });
}

/** Picks from a searchable list (long lists, react-select): types, then chooses the suggestion. */
export async function search(page: Page, label: RegExp, typed: string, option: string): Promise<void> {
  await page.getByLabel(label).fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

export async function choose(page: Page, group: string, option: string): Promise<void> {
  await page.getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();
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

/** The registration step (every required answer), saved; ends on the dashboard. */
export async function completeRegistration(page: Page): Promise<void> {
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
}
