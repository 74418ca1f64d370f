import type { Page } from 'playwright-core';

interface Person {
  email: string;
  password: string;
}

export interface DesignerRoundTrip {
  page: Page;
  base: string;
  admin: Person;
  /** A registered student whose other answers are complete, so only the new question stands between them and a save. */
  student: Person;
  shoot: (page: Page, name: string) => Promise<unknown>;
  logIn: (page: Page, base: string, email: string, password: string, landing: string) => Promise<void>;
}

/**
 * The form designer's round trip as the staff console e2e takes it (docs/form-designer.md): the
 * admin adds a required question to the Basic profile tab, watches it in the preview, moves it by
 * keyboard, reviews the diff and publishes; the student is told, cannot save the tab without
 * answering, and answers; the admin then rolls the version back and the live form no longer asks.
 */
export async function designerRoundTrip({ page, base, admin, student, shoot, logIn }: DesignerRoundTrip): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await logIn(page, base, admin.email, admin.password, '/admin/**');
  await page.goto(`${base}/admin/forms/profile-basic`);
  await page.getByRole('button', { name: 'Add field to basic' }).click();
  await page.getByRole('textbox', { name: /^Key/ }).fill('favouriteSubject');
  await page.getByRole('textbox', { name: /^Title/ }).fill('Favourite subject');
  await page.getByRole('textbox', { name: /^Hint/ }).fill('The one you enjoy most');
  // The box's input is visually hidden: a person clicks its label.
  await page.getByText('Required: people must answer it').click();
  expect(await page.getByRole('checkbox', { name: /Required/ }).isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Add to draft' }).click();
  await page.getByRole('region', { name: 'Preview' }).getByLabel(/Favourite subject/).waitFor();
  await page.getByRole('listitem', { name: 'Favourite subject' }).getByText('Added').waitFor();

  // Added last, moved up one place by keyboard: the button keeps the focus as its field moves.
  expect(await page.getByRole('button', { name: 'Move Favourite subject down' }).isDisabled()).toBe(true);
  await page.getByRole('button', { name: 'Move Favourite subject up' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !(document.querySelector('[aria-label="Move Favourite subject down"]') as HTMLButtonElement | null)?.disabled);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move Favourite subject up');
  await shoot(page, 'designer');

  // The diff names the change and the form it touches, then the version goes live.
  await page.getByRole('region', { name: 'Draft' }).getByRole('link', { name: 'Review and publish' }).click();
  await page.waitForURL('**/admin/forms/publish');
  await page.getByRole('region', { name: 'Basic' }).getByText('Favourite subject').waitFor();
  await page.getByRole('button', { name: 'Publish' }).and(page.locator(':enabled')).waitFor();
  await shoot(page, 'designer-diff');
  await page.getByRole('textbox', { name: /Note for the version history/ }).fill('Favourite subject');
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.waitForURL('**/admin/forms/versions?published=*');
  await page.getByText(/Published: version \d+ is live\./).waitFor();

  // The student, in a session of their own, is told and must answer before the tab saves.
  const studentContext = await page.context().browser()!.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const studentPage = await studentContext.newPage();
    await logIn(studentPage, base, student.email, student.password, '/auth/dashboard');
    await studentPage.goto(`${base}/auth/profile?tab=basic`);
    const notice = studentPage.getByRole('region', { name: 'New profile questions' });
    await notice.getByText("We've added questions to your profile").waitFor();
    const question = studentPage.getByLabel(/Favourite subject/);
    await question.waitFor();
    await studentPage.getByRole('button', { name: 'Save Changes' }).click();
    await studentPage.getByText('Please input your favourite subject!').first().waitFor();
    await question.fill('Chemistry');
    await studentPage.getByRole('button', { name: 'Save Changes' }).click();
    await studentPage.getByRole('tabpanel').getByText('User updated successfully').waitFor();
    await shoot(studentPage, 'designer-student');
  } finally {
    await studentContext.close();
  }

  // Rolled back: the live form no longer asks; the student's answer is kept for a field that returns.
  await page.getByRole('button', { name: /Roll back to version/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Roll back' }).click();
  await page.getByText(/Rolled back: version \d+ is live\./).waitFor();
  const after = await (await fetch(`${base}/api/v1/forms/profile-basic`)).json() as { data: { schema: { properties: Record<string, unknown> } } };
  expect(after.data.schema.properties.favouriteSubject).toBeUndefined();
}
