import { NEXT_YEAR } from '@scholarmatch/testkit';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { browserSuite, suiteApi, watchPage } from './harness.js';
import { fillRegistration } from './student-flows.js';

const PASSWORD = 'a long passphrase';
const SENTENCE = 'For students who build open-source tools in their community.';
/** A person typing fast, at a normal pace, and a script typing at once (ms per key). */
const PACES = [0, 20, 60];
/** Every chunk a page loads on demand answers this late: the stand-ins are what the person types into meanwhile. */
const CHUNK_DELAY_MS = 2000;

interface Session {
  user: unknown;
  accessToken: string;
  refreshToken: string;
  access: unknown;
}

/**
 * The widgets whose code loads on first use (web/src/forms/widgets/lazy-widgets.tsx, the rich-text
 * stand-in, docs/performance.md "Lazy widgets keep every keystroke") keep every keystroke, paste
 * and IME composition, and the focus and caret, while their code arrives: each lazy chunk answers
 * 2 s late, the page is cold, and the person types as soon as the field shows, at 0, 20 and 60 ms
 * a key. What was typed is saved, read back after a reload, and compared byte for byte.
 */
describe('widgets that load on first use keep what is typed while they load', () => {
  const suite = browserSuite({ env: { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  const { call, login } = suiteApi(suite);
  const base = () => suite.server.baseUrl;
  let initialScripts: Set<string>;
  let provider: string;
  let admin: string;
  const opened: BrowserContext[] = [];

  beforeAll(async () => {
    const html = await (await fetch(`${base()}/index.html`)).text();
    initialScripts = new Set([...html.matchAll(/\/assets\/[^"']+\.js/g)].map((match) => match[0]));
    provider = await login('provider@demo.scholarmatch.test', 'DemoProvider#2026');
    admin = await login('admin@demo.scholarmatch.test', 'DemoAdmin#2026');
  });

  afterEach(async () => {
    while (opened.length) await opened.pop()!.close();
  });

  async function sessionOf(email: string, password: string): Promise<Session> {
    const { body } = await call('POST', '/users/auth/login', { userName: email, password, loginType: 'register_user' });
    return body.data as Session;
  }

  /**
   * A new browser context (an empty cache) signed in as `session`, whose chunks loaded on demand come
   * 2 s late. A test lifts the delay with `unrouteAll({ behavior: 'wait' })`: a chunk still held back
   * then finishes its own `continue`, rather than being answered by Playwright first (which fails it).
   */
  async function coldPage(session: Session | null): Promise<Page> {
    const browser = suite.page.context().browser() as Browser;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    opened.push(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base() });
    if (session) {
      // The keys the app reads its session from (web/src/session/session-store.ts), before any script runs.
      await context.addInitScript((stored) => {
        if (localStorage.getItem('token')) return;
        localStorage.setItem('userInfo', JSON.stringify(stored.user));
        localStorage.setItem('token', stored.accessToken);
        localStorage.setItem('refresh_token', stored.refreshToken);
        localStorage.setItem('user_access', JSON.stringify(stored.access));
      }, session);
    }
    await context.route('**/assets/*.js', async (route) => {
      if (!initialScripts.has(new URL(route.request().url()).pathname)) await new Promise((resolve) => setTimeout(resolve, CHUNK_DELAY_MS));
      await route.continue();
    });
    const page = await context.newPage();
    const watched = watchPage(page);
    afterEachPage.push(() => expect(watched.problems).toEqual([]));
    return page;
  }
  let afterEachPage: (() => void)[] = [];
  afterEach(() => {
    const checks = afterEachPage;
    afterEachPage = [];
    for (const check of checks) check();
  });

  /** Runs a typing check at each pace at once, each on a cold page of its own; a failure names its pace. */
  async function atEveryPace(check: (pace: number) => Promise<void>): Promise<void> {
    const results = await Promise.allSettled(PACES.map((pace) => check(pace)));
    const failures = results.flatMap((result, index) =>
      result.status === 'rejected' ? [`at ${PACES[index]} ms a key: ${result.reason instanceof Error ? result.reason.stack : String(result.reason)}`] : [],
    );
    if (failures.length) throw new Error(failures.join('\n\n'));
  }

  /** The id of the element with the focus (the editor's editable area carries the field's id). */
  const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

  /** Waits until Tiptap has taken the stand-in's place (rich-text-stand-in.tsx): the stand-in is gone. */
  const editorTookOver = (page: Page) => page.waitForFunction(() => !document.querySelector('[data-rich-text-stand-in]'), undefined, { timeout: 15_000 });

  let studentCount = 0;
  async function newStudent(firstName: string, member: boolean): Promise<{ email: string; token: string; session: Session }> {
    const email = `${firstName.toLowerCase()}.${Date.now()}.${(studentCount += 1)}@example.com`;
    const signUp = await call('POST', '/register-applicants', { firstName, lastName: 'Typist', email, phone: '+12025550143', password: PASSWORD });
    expect(signUp.status).toBe(201);
    if (member) expect((await call('PUT', `/admin/applicants/${signUp.body.data.user.id}/subscription`, { active: true }, admin)).status).toBe(200);
    return { email, token: signUp.body.data.accessToken, session: await sessionOf(email, PASSWORD) };
  }

  async function publishedScholarship(title: string, requirements: object[]): Promise<string> {
    const created = await call('POST', '/providers/scholarships', { title, description: '<p>For the typing test.</p>', award: 1000, recurrenceConfig: { deadline: NEXT_YEAR }, requirements }, provider);
    expect(created.status).toBe(201);
    expect((await call('POST', `/providers/scholarships/${created.body.data.id}/publish`, undefined, provider)).status).toBe(200);
    return created.body.data.id;
  }

  /** A new scholarship's description, typed into the studio and saved as a draft: what the server stored. */
  async function typeDescription(page: Page, title: string, typing: (page: Page) => Promise<void>): Promise<string> {
    await page.goto(`${base()}/app/scholarships/new`);
    await page.getByRole('textbox', { name: 'Description' }).click();
    await typing(page);
    await editorTookOver(page);
    expect(await focusedId(page)).toBe('root_description');
    // The caret is where the person left it: the next words follow on.
    await page.keyboard.type(' Apply now.');
    await page.getByLabel(/^Title/).fill(title);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/app\/scholarships\/[0-9a-f-]{36}$/);
    await page.getByText('Draft saved').first().waitFor();
    await page.context().unrouteAll({ behavior: 'wait' });
    await page.reload();
    await page.getByRole('textbox', { name: 'Description' }).getByText('Apply now.', { exact: false }).waitFor();
    const id = page.url().split('/').at(-1)!;
    return (await call('GET', `/providers/scholarships/${id}`, undefined, provider)).body.data.description as string;
  }

  it('the description editor keeps a sentence typed at 0, 20 and 60 ms a key while Tiptap loads', () => atEveryPace(async (pace) => {
    const page = await coldPage(await sessionOf('provider@demo.scholarmatch.test', 'DemoProvider#2026'));
    const stored = await typeDescription(page, `Typed at ${pace} ms`, (p) => p.keyboard.type(SENTENCE, { delay: pace }));
    expect(stored).toBe(`<p>${SENTENCE} Apply now.</p>`);
  }));

  it('the description editor keeps a paste and an IME composition made while Tiptap loads', async () => {
    const page = await coldPage(await sessionOf('provider@demo.scholarmatch.test', 'DemoProvider#2026'));
    const stored = await typeDescription(page, 'Pasted and composed', async (p) => {
      await p.keyboard.type('Intro: ');
      await p.evaluate(() => navigator.clipboard.writeText('First pasted line.\nSecond pasted line.'));
      await p.keyboard.press('ControlOrMeta+V');
      await p.keyboard.type(' Tokyo ');
      await compose(p, ['と', 'とう', 'とうき', 'とうきょう'], '東京');
    });
    expect(stored).toBe('<p>Intro: First pasted line.</p><p>Second pasted line. Tokyo 東京 Apply now.</p>');
  });

  /**
   * An IME composition as Chromium's input method sends it, held open past the moment the editor's
   * code arrives (the hand-over waits for it to end), then committed.
   */
  async function compose(page: Page, steps: string[], committed: string): Promise<void> {
    const cdp: CDPSession = await page.context().newCDPSession(page);
    for (const text of steps) {
      await cdp.send('Input.imeSetComposition', { text, selectionStart: text.length, selectionEnd: text.length });
      await page.waitForTimeout(250);
    }
    await page.waitForTimeout(CHUNK_DELAY_MS + 500);
    await cdp.send('Input.insertText', { text: committed });
    await cdp.detach();
  }

  it('the essay editor keeps a sentence typed at 0, 20 and 60 ms a key while Tiptap loads', () => atEveryPace(async (pace) => {
    const id = await publishedScholarship(`Essay typed at ${pace} ms`, [{ title: 'Personal essay', dataType: 'editor', key: 'essay' }]);
    const member = await newStudent('Essa', true);
    const page = await coldPage(member.session);
    await page.goto(`${base()}/auth/scholarshipDetail?${id}`);
    await page.getByRole('button', { name: 'Write essay' }).click();
    // The writing area is there behind the assistant's choice; choosing to write puts the focus in it.
    await page.locator('[data-rich-text-stand-in]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Write it myself' }).click();
    await page.keyboard.type(SENTENCE, { delay: pace });
    await editorTookOver(page);
    await page.keyboard.type(' Thank you.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Personal essay');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('11 words written').waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Saved draft').first().waitFor();
    await page.context().unrouteAll({ behavior: 'wait' });
    await page.reload();
    await page.getByText('11 words written').waitFor();
    const draft = (await call('GET', `/scholarships/${id}/applicants/get-applicant-details`, undefined, member.token)).body.data;
    expect(draft.applicantFields.find((field: { key: string }) => field.key === 'essay').fieldValue.text).toBe(`<p>${SENTENCE} Thank you.</p>`);
  }));

  it("a provider's message body keeps a sentence typed at 0, 20 and 60 ms a key while Tiptap loads", () => atEveryPace(async (pace) => {
    const id = await publishedScholarship(`Messaged at ${pace} ms`, [{ title: 'Short answer', dataType: 'text', key: 'answer' }]);
    const student = await newStudent('Mira', true);
    const applied = await call('POST', '/scholarships/submit-individual-scholarship', { scholarshipId: id, status: 'Received', requirements: [{ key: 'answer', fieldValue: 'Yes' }] }, student.token);
    expect(applied.status).toBe(200);
    const page = await coldPage(await sessionOf('provider@demo.scholarmatch.test', 'DemoProvider#2026'));
    await page.goto(`${base()}/app/scholarships/${id}/applicants`);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check({ force: true });
    await page.getByRole('button', { name: 'Message', exact: true }).click();
    await page.getByLabel(/^Subject/).fill(`A note at ${pace} ms`);
    await page.getByRole('textbox', { name: 'Message' }).click();
    await page.keyboard.type(SENTENCE, { delay: pace });
    await editorTookOver(page);
    expect(await focusedId(page)).toBe('message_body');
    await page.keyboard.type(' Good luck.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Message sent to 1 applicant').first().waitFor();
    const inbox = (await call('GET', '/inbox', undefined, student.token)).body.data as { subject: { value?: string } | string; bodyAsHtml: unknown }[];
    const sent = inbox.find((message) => JSON.stringify(message.subject).includes(`A note at ${pace} ms`));
    expect(JSON.stringify(sent?.bodyAsHtml)).toContain(`<p>${SENTENCE} Good luck.</p>`);
  }));

  /** One of the student's stored profile answers, as the API returns it. */
  async function profileAnswer(token: string, key: string): Promise<unknown> {
    const profile = (await call('GET', '/register-applicants/profile', undefined, token)).body.data;
    return profile[key] ?? profile.applicantFields.find((field: { field: { key: string } }) => field.field.key === key)?.fieldValue;
  }

  async function saveProfileTab(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('tabpanel').getByText('User updated successfully').waitFor();
  }

  it('the phone widget keeps a number typed at 0, 20 and 60 ms a key while its country data loads', () => atEveryPace(async (pace) => {
    const student = await newStudent('Phon', false);
    const page = await coldPage(student.session);
    await page.goto(`${base()}/auth/profile`);
    await page.getByRole('tab', { name: 'Contact' }).click();
    const number = page.getByLabel(/^Contact Number\*?$/);
    // As a person does: a click as soon as the field shows, whether or not its code has arrived.
    await number.waitFor();
    await number.click({ force: true });
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('4155550198', { delay: pace });
    await page.getByLabel('Contact Number country').waitFor({ timeout: 15_000 });
    expect(await focusedId(page)).toBe('root_phone');
    expect(await number.inputValue()).toBe('4155550198');
    await saveProfileTab(page);
    await page.context().unrouteAll({ behavior: 'wait' });
    await page.reload();
    await page.getByRole('tab', { name: 'Contact' }).click();
    // Until the field is reached the stand-in shows the number as stored; reaching it brings the widget.
    await page.getByLabel(/^Contact Number\*?$/).hover();
    await page.getByLabel('Contact Number country').waitFor({ timeout: 15_000 });
    expect(await page.getByLabel(/^Contact Number\*?$/).inputValue()).toBe('4155550198');
    expect(await profileAnswer(student.token, 'phone')).toBe('+14155550198');
  }));

  it("the sign-up form's phone field, reached and typed into as soon as the page shows it, keeps every digit", () => atEveryPace(async (pace) => {
    const page = await coldPage(null);
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
    await page.goto(`${base()}/signup`);
    const number = page.getByLabel(/^Contact Number\*?$/);
    await number.waitFor();
    // Not fetched before the field is reached (docs/performance.md, "Web bundle").
    expect(loaded.some((file) => /\/PhoneWidget-[^/]+\.js$/.test(file))).toBe(false);
    await number.focus();
    await page.keyboard.type('2025550143', { delay: pace });
    await page.getByLabel('Contact Number country').waitFor({ timeout: 15_000 });
    expect(await focusedId(page)).toBe('root_phone');
    expect(await number.inputValue()).toBe('2025550143');
  }));

  it('a sign-up sent with Enter right after the phone number, before the phone widget has arrived, goes with the number', async () => {
    const page = await coldPage(null);
    await page.goto(`${base()}/signup`);
    const email = `enter.${Date.now()}@example.com`;
    await page.getByLabel('First Name').fill('Ena');
    await page.getByLabel('Last Name').fill('Typist');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password\*?$/).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByText('I agree to receive calls').click();
    await page.getByText('I agree to the Terms of Use').click();
    // The phone last, then Enter at once: its widget's code is still on its way (every lazy chunk is late).
    const number = page.getByLabel(/^Contact Number\*?$/);
    await number.focus();
    await page.keyboard.type('2025550143');
    expect(await page.locator('#root_phone[data-stand-in]').count()).toBe(1);
    await page.keyboard.press('Enter');
    // The submit waits for the widget, then goes with the number (src/forms/submit-after-widgets.ts).
    await page.waitForURL('**/auth/userdetails', { timeout: 20_000 });
    expect(await page.getByText('Please input your phone number!').count()).toBe(0);
    const session = await sessionOf(email, PASSWORD);
    expect(await profileAnswer(session.accessToken, 'phone')).toBe('+12025550143');
  });

  it('a searchable drop-down keeps a search typed at 0, 20 and 60 ms a key while its code loads', () => atEveryPace(async (pace) => {
    const form = (await call('GET', '/forms/profile-education')).body.data;
    const labels = form.uiSchema.fieldOfStudy['ui:enumNames'] as string[];
    const index = labels.findIndex((label) => label.startsWith('Computer Science'));
    const wanted = { value: (form.schema.properties.fieldOfStudy.enum as string[])[index], label: labels[index] };
    const student = await newStudent('Sela', false);
    const page = await coldPage(student.session);
    // The registration step: the first form a new student fills, with its long lists.
    await page.goto(`${base()}/auth/userdetails`);
    const field = page.getByLabel(/^Field of Study/);
    // As a person does: a click as soon as the field shows, whether or not its code has arrived.
    await field.waitFor();
    await field.click({ force: true });
    await page.keyboard.type('Computer Sc', { delay: pace });
    // The list opens on what was typed in the stand-in.
    await page.getByRole('option', { name: wanted.label, exact: true }).waitFor({ timeout: 15_000 });
    expect(await focusedId(page)).toBe('root_fieldOfStudy');
    expect(await field.inputValue()).toBe('Computer Sc');
    await page.getByRole('option', { name: wanted.label, exact: true }).click();
    await page.context().unrouteAll({ behavior: 'wait' });
    await fillRegistration(page, { keepFieldOfStudy: true });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Details updated successfully!!').waitFor();
    await page.goto(`${base()}/auth/profile`);
    // Shown by the stand-in (the choice as its placeholder) until the field is reached, then by react-select.
    await page.getByPlaceholder(wanted.label, { exact: true }).or(page.getByText(wanted.label, { exact: true })).first().waitFor();
    expect(await profileAnswer(student.token, 'fieldOfStudy')).toBe(wanted.value);
  }));
});
