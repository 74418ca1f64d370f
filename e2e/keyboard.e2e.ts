import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ARTIFACTS, browserSuite, dobYearsAgo } from './harness.js';

/**
 * A student who uses only the keyboard (docs/accessibility.md): signs up, registers, opens a
 * scholarship and submits an application with Tab, Space, Enter, arrows and typing, and every
 * element that takes focus on the way shows it. A staff member reaches every control of every
 * console route by Tab, with focus shown at each stop.
 */
const suite = browserSuite({ env: { DEMO_DATA: 'true' } });

/** What has focus, described for a failure message. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''} "${(el.textContent ?? (el as HTMLInputElement).value ?? '').trim().slice(0, 40)}"` : 'nothing';
  });

/**
 * Whether focus can be seen: the element has an outline, or taking focus away from it changes
 * how it or one of its nearest containers is drawn (an outline, a ring, a border colour). The container counts because
 * a searchable list or the essay editor draws its ring around the field, not on the inner input.
 * Transitions are off (`withoutTransitions`), so the styles read are the final ones.
 */
async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return true;
    // Widgets that draw focus from React state (a searchable list) redraw a frame later.
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const own = getComputedStyle(el);
    // An outline is drawn only on focus in this theme (none at rest): seen without moving focus,
    // which would reset a date input to its first part.
    if (own.outlineStyle !== 'none' && parseFloat(own.outlineWidth) > 0) return true;
    const chain: Element[] = [];
    for (let node: Element | null = el; node && chain.length < 8; node = node.parentElement) chain.push(node);
    // A visually hidden checkbox or radio: its drawn control is inside the same label.
    chain.push(...(el.closest('label')?.querySelectorAll('[data-part="control"], [data-part="item-control"]') ?? []));
    const look = () =>
      chain.map((node) => {
        const style = getComputedStyle(node);
        return [style.outlineStyle, style.outlineWidth, style.outlineColor, style.boxShadow, style.borderColor].join('|');
      });
    const focused = look();
    el.blur();
    await nextFrame();
    const unfocused = look();
    el.focus();
    await nextFrame();
    return focused.some((drawn, index) => drawn !== unfocused[index]);
  });
}

/** Focus styles are read at once, not mid-animation. */
async function withoutTransitions(page: Page): Promise<void> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; }' });
}

const invisibleFocus: string[] = [];

/** Presses Tab until `target` has focus, checking on every stop that focus can be seen. */
async function tabTo(page: Page, target: Locator, maxPresses = 80): Promise<void> {
  for (let presses = 0; presses <= maxPresses; presses += 1) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
    await page.keyboard.press('Tab');
    if (!(await focusIsVisible(page))) invisibleFocus.push(`${page.url().replace(suite.server.baseUrl, '')}: ${await describeFocus(page)}`);
  }
  throw new Error(`Tab never reached ${target}; focus is on ${await describeFocus(page)}`);
}

async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

/** A native select: type-ahead picks the option, as a person types its first letters. */
const pickFrom = typeInto;

/** A searchable list: type, then Enter on the first suggestion once it is the one wanted. */
async function searchIn(page: Page, target: Locator, typed: string, option: string): Promise<void> {
  await typeInto(page, target, typed);
  await page.getByRole('option', { name: option, exact: true }).waitFor();
  await page.keyboard.press('Enter');
}

/** A radio group: Tab into it, then arrows until the wanted radio is checked. */
async function chooseIn(page: Page, group: string, option: string): Promise<void> {
  const radios = page.getByRole('radiogroup', { name: group });
  const wanted = radios.getByRole('radio', { name: option, exact: true });
  await tabTo(page, radios);
  for (let presses = 0; presses < 10 && !(await wanted.isChecked()); presses += 1) await page.keyboard.press('ArrowDown');
  expect(await wanted.isChecked()).toBe(true);
}

async function press(page: Page, target: Locator, key = 'Enter'): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

it('sign-up, registration, a scholarship and its submission with the keyboard alone, focus always visible', async () => {
  const page = suite.page;
  const email = `keys.${Date.now()}@example.com`;
  await page.goto(`${suite.server.baseUrl}/signup`);
  await page.getByLabel('First Name').waitFor();
  await withoutTransitions(page);
  await typeInto(page, page.getByLabel('First Name'), 'Kai');
  await typeInto(page, page.getByLabel('Last Name'), 'Keys');
  await typeInto(page, page.getByLabel('Email'), email);
  await typeInto(page, page.getByLabel(/^Contact Number\*?$/), '2025550143');
  await typeInto(page, page.getByLabel(/^Password\*?$/), 'a long passphrase');
  await typeInto(page, page.getByLabel('Confirm Password'), 'a long passphrase');
  await press(page, page.getByRole('checkbox', { name: /I agree to receive calls/ }), 'Space');
  await press(page, page.getByRole('checkbox', { name: /I agree to the Terms of Use/ }), 'Space');
  await press(page, page.getByRole('button', { name: 'Continue' }));
  await page.waitForURL('**/auth/userdetails');

  // The registration form, served by the server, in its own order.
  const [year, month, day] = dobYearsAgo(19).split('-');
  await typeInto(page, page.getByLabel('Birthday'), `${month}${day}${year}`);
  await pickFrom(page, page.getByLabel(/^Citizenship/), 'U.S. Citizen');
  await typeInto(page, page.getByLabel(/^Zip Code/), '10001');
  await pickFrom(page, page.getByLabel(/^Ethnicity/), 'Asian');
  await chooseIn(page, 'Gender', 'Female');
  await searchIn(page, page.getByLabel(/^Country/), 'United States', 'United States');
  await pickFrom(page, page.getByLabel(/^Current School Level/), 'High School Sophomore');
  await searchIn(page, page.getByLabel(/^High School Name/), 'Lakeside Free Text High', 'Use "Lakeside Free Text High"');
  await chooseIn(page, 'Are you enrolled in college?', 'No');
  await searchIn(page, page.getByLabel(/^Field of Study/), 'Accounting', 'Accounting');
  await searchIn(page, page.getByLabel(/^Degree Type/), 'Associate', 'Associate (AA/AS)');
  await tabTo(page, page.getByLabel(/^Marking system/));
  await page.keyboard.press('ArrowDown');
  await typeInto(page, page.getByLabel(/^Grade/), '82');
  await searchIn(page, page.getByLabel(/^Career Goal/), 'Accountant', 'Accountant');
  await pickFrom(page, page.getByLabel(/^Military Affiliation/), 'None');
  await press(page, page.getByRole('button', { name: 'Continue' }));
  await page.waitForURL('**/auth/dashboard', { timeout: 15_000 });

  // The membership that opens applications is bought elsewhere (payments.e2e.ts): granted here as the sandbox would.
  await suite.server.sql.query(`UPDATE users SET is_active_subscription = true WHERE email = $1`, [email]);
  const [{ id, title }] = (
    await suite.server.sql.query(
      `SELECT id, title FROM scholarships
        WHERE status = 'published' AND criteria = '[]' AND jsonb_array_length(requirements) = 1 AND requirements->0->'field'->>'dataType' = 'editor'
        ORDER BY title LIMIT 1`,
    )
  ).rows;
  await page.goto(`${suite.server.baseUrl}/auth/scholarshipDetail?${id}`);
  await page.getByRole('heading', { name: title }).waitFor();
  await withoutTransitions(page);
  await press(page, page.getByRole('button', { name: 'Write essay' }));
  await press(page, page.getByRole('button', { name: 'Write it myself' }));
  const editor = page.getByRole('textbox', { name: 'Personal essay' });
  await typeInto(page, editor, 'I want to study accounting to help small businesses in my town keep their books in order.');
  await press(page, page.getByRole('button', { name: 'Done' }));
  await press(page, page.getByRole('button', { name: 'Submit application' }));
  await page.getByRole('button', { name: 'Submit application' }).waitFor({ state: 'detached' });
  const [application] = (
    await suite.server.sql.query(`SELECT a.status FROM applications a JOIN users u ON u.id = a.user_id WHERE u.email = $1 AND a.scholarship_id = $2`, [email, id])
  ).rows;
  expect(application).toEqual({ status: 'Received' });
  await page.screenshot({ path: path.join(ARTIFACTS, 'keyboard-submitted.png') });

  expect(invisibleFocus).toEqual([]);
  expect(suite.problems).toEqual([]);
}, 180_000);

/** The staff console's routes (web/src/app/admin-routes.tsx), with the demo data's ids filled in. */
async function consoleRoutes(): Promise<string[]> {
  const sql = suite.server.sql;
  const [{ id: personId }] = (await sql.query(`SELECT id FROM users WHERE email = 'member@demo.scholarmatch.test'`)).rows;
  const [{ id: requestId }] = (
    await sql.query(
      `INSERT INTO support_requests (kind, user_id, name, email, query, description)
       SELECT 'support', id, first_name || ' ' || last_name, email, 'My profile', 'Where do I change my school?' FROM users WHERE id = $1 RETURNING id`,
      [personId],
    )
  ).rows;
  return [
    '/admin/support', `/admin/support/${requestId}`, '/admin/people', `/admin/people/${personId}`, '/admin/plans', '/admin/staff',
    '/admin/audit', '/admin/outbox', '/admin/payments', '/admin/security',
    '/admin/forms', '/admin/forms/profile-basic', '/admin/forms/publish', '/admin/forms/versions',
  ];
}

it('every console route with the keyboard alone: each control inside the page reached by Tab, focus always visible', async () => {
  const page = suite.page;
  const login = await fetch(`${suite.server.baseUrl}/api/v1/users/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin@demo.scholarmatch.test', password: 'DemoAdmin#2026', loginType: 'register_user' }),
  });
  const session = ((await login.json()) as { data: Record<string, unknown> }).data;
  await page.goto(`${suite.server.baseUrl}/faq`);
  await page.evaluate((session) => {
    localStorage.setItem('userInfo', JSON.stringify(session.user));
    localStorage.setItem('token', session.accessToken);
    localStorage.setItem('refresh_token', session.refreshToken);
    localStorage.setItem('user_access', JSON.stringify(session.access));
  }, session as { user: unknown; accessToken: string; refreshToken: string; access: unknown });

  const unreached: string[] = [];
  for (const route of await consoleRoutes()) {
    await page.goto(`${suite.server.baseUrl}${route}`);
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    await withoutTransitions(page);
    // Every control of the page, in the order Tab visits them; each must be reached, its focus seen.
    // Hidden from assistive technology too (a searchable list's stand-in input that carries `required`): no one tabs to it.
    const controls = page.locator('main').locator('a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]):not([aria-hidden="true"]), select:not([disabled]), textarea:not([disabled])');
    const count = await controls.count();
    if (!count) unreached.push(`${route}: no control in the page`);
    for (let index = 0; index < count; index += 1) {
      const control = controls.nth(index);
      // A radio group or a visually hidden input is reached through its group or label: the visible ones are checked.
      if (!(await control.isVisible())) continue;
      await tabTo(page, control, 120).catch((error: Error) => unreached.push(`${route}: ${error.message}`));
    }
  }

  // The sidebar is operated with the keyboard too: Tab to an entry, Enter opens it.
  await page.goto(`${suite.server.baseUrl}/admin/support`);
  await page.locator('main h1').first().waitFor();
  await press(page, page.getByRole('link', { name: 'Audit log' }));
  await page.waitForURL('**/admin/audit');
  // The security page's set-up is a button that Enter presses: the set-up code appears.
  await page.goto(`${suite.server.baseUrl}/admin/security`);
  await withoutTransitions(page);
  await press(page, page.getByRole('button', { name: 'Set up two-step verification' }));
  await page.getByLabel('Code from the app').waitFor();

  expect(unreached).toEqual([]);
  expect(invisibleFocus).toEqual([]);
}, 300_000);
