import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, startServer, type RunningServer } from '@scholarmatch/testkit';
import { chromium, type Browser, type Page } from 'playwright-core';

export { createDatabaseBeside, dobYearsAgo, freePort, REPO_ROOT, startServer, type RunningServer } from '@scholarmatch/testkit';
export const ARTIFACTS = path.join(REPO_ROOT, 'e2e', 'artifacts');

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with the flags this machine needs (no network beyond loopback).
 * Playwright gives each launch a fresh, temporary profile (user data dir) of its own.
 */
export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  return { browser, close: () => browser.close() };
}

/** What a browser spec works with: the running server, this test's page and its console problems. */
export interface BrowserSuite {
  readonly server: RunningServer;
  readonly page: Page;
  readonly problems: string[];
}

/**
 * Registers the hooks every browser spec needs: one server (with `env`, or what `env()` answers)
 * and one Chromium for the file, a fresh 1280×900 page per test, watched for console errors.
 */
export function browserSuite(options: { env?: Record<string, string> | (() => Promise<Record<string, string>>) } = {}): BrowserSuite {
  const state = {} as { server: RunningServer; browser: Browser; close: () => Promise<void>; page: Page; watched: { problems: string[] } };
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    // A function when the settings are known only once something else runs (a loopback provider's address).
    const env = typeof options.env === 'function' ? await options.env() : options.env;
    state.server = await startServer({ env });
    ({ browser: state.browser, close: state.close } = await launchBrowser());
  });
  afterAll(async () => {
    await state.close?.();
    await state.server?.stop();
  });
  beforeEach(async () => {
    state.page = await state.browser.newPage({ viewport: { width: 1280, height: 900 } });
    state.watched = watchPage(state.page);
  });
  afterEach(async () => {
    await state.page.close();
  });
  return {
    get server() {
      return state.server;
    },
    get page() {
      return state.page;
    },
    get problems() {
      return state.watched.problems;
    },
  };
}

/** JSON calls to the suite's server as an outside client makes them, and a login that answers the access token. */
export function suiteApi(suite: BrowserSuite) {
  const call = async (method: string, url: string, body?: unknown, token?: string) => {
    const response = await fetch(`${suite.server.baseUrl}/api/v1${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // `any`: each spec reads the fields it checks.
    return { status: response.status, body: (await response.json()) as { data: any } };
  };
  const login = async (email: string, password: string) =>
    (await call('POST', '/users/auth/login', { userName: email, password, loginType: 'register_user' })).body.data.accessToken as string;
  return { call, login };
}

/** Collects console errors and failed requests, so a test can assert a clean page. */
export function watchPage(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on('console', (message) => {
    // With the address: a failed resource's message does not name it.
    if (message.type() === 'error') problems.push(`console: ${message.text()}${message.location().url ? ` (${message.location().url})` : ''}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { problems };
}

/**
 * The dashboard offers the demo sweepstakes to applicants who have not entered (a modal): waits
 * for it and answers 'Not now', as a person heading elsewhere would.
 */
export async function dismissSweepstakes(page: Page): Promise<void> {
  await page.getByRole('dialog', { name: /Sweepstakes/ }).getByRole('button', { name: 'Not now' }).click();
}

/**
 * The dashboard offers a non-member the free 7-day membership (a modal, once per visit), naming
 * them and their recommendation count: waits for it, checks the name, and answers 'Not now'.
 */
export async function dismissMembershipOffer(page: Page, firstName: string): Promise<void> {
  const offer = page.getByRole('dialog', { name: new RegExp(`^${firstName}, you are eligible for \\d+ scholarships?!$`) });
  await offer.getByRole('button', { name: 'Not now' }).click();
  await offer.waitFor({ state: 'detached' });
}

/** Waits until the open dialog's entrance animation has finished (for a screenshot of it). */
export async function settledDialog(page: Page): Promise<void> {
  await page.getByRole('dialog').last().evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((animation) => animation.finished)));
}

/** The studio pages' screenshots: each width, saved as e2e/artifacts/{prefix}-{name}-{width}.png; back at 1280 px afterwards. */
export async function shootStudioPage(page: Page, prefix: string, name: string): Promise<void> {
  for (const width of [1280, 768, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(ARTIFACTS, `${prefix}-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Logs the demo provider in through the login page and waits for the studio. */
export async function logInAsDemoProvider(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/auth/login`);
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Username').fill('provider@demo.scholarmatch.test');
  await form.getByLabel('Password').fill('DemoProvider#2026');
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/app\//);
}
