/**
 * Part `browser` of `npm run bench`: per-keystroke latency in the Education tab of
 * /auth/profile, and the cold load of /auth/profile to an interactive form, in headless Chromium,
 * signed in as a bench applicant on the bench server.
 *
 * Keystroke latency is measured from the keydown (a capturing listener notes performance.now())
 * to the first frame painted after it (two requestAnimationFrame callbacks): what a person waits
 * for between pressing a key and seeing it. The Event Timing API cannot give a median here (it only
 * reports events of 16 ms or more); its count of such slow events is reported beside it. The
 * baseline is a plain <input> added to the same page, outside React: the browser's own floor.
 *
 * The phone rows: the same pages on a simulated mid-range phone (docs/performance.md, "The phone").
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/harness.js';

export interface KeystrokeFigures {
  name: string;
  keystrokes: number;
  median_ms: number;
  p95_ms: number;
  slow_events_16ms: number;
}

export interface LoadFigures {
  name: string;
  runs: number;
  median_ms: number;
  max_ms: number;
}

const KEYSTROKES = 50;
const TEXT = 'Lakeside Regional Academy of Sciences and the Arts'.slice(0, KEYSTROKES);
const DIGITS = '1234567890'.repeat(5).slice(0, KEYSTROKES);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10;
}

/** Starts recording keydown -> next paint for keystrokes into `selector`. */
async function startRecording(page: Page, selector: string): Promise<void> {
  await page.evaluate((target) => {
    const state = { latencies: [] as number[], slow: 0 };
    (window as unknown as { __keystrokes: typeof state }).__keystrokes = state;
    document.addEventListener(
      'keydown',
      (event) => {
        if (!(event.target instanceof Element) || !event.target.matches(target)) return;
        const start = performance.now();
        requestAnimationFrame(() => requestAnimationFrame(() => state.latencies.push(performance.now() - start)));
      },
      true,
    );
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'keydown' || entry.name === 'keypress') state.slow++;
    }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
  }, selector);
}

async function typeAndMeasure(page: Page, name: string, selector: string, typed = TEXT): Promise<KeystrokeFigures> {
  await startRecording(page, selector);
  await page.locator(selector).first().click();
  // One key at a time with a pause, as a person types: each keystroke is measured on its own.
  for (const character of typed) {
    await page.keyboard.type(character);
    await page.waitForTimeout(60);
  }
  await page.waitForTimeout(300);
  const { latencies, slow } = await page.evaluate(() => (window as unknown as { __keystrokes: { latencies: number[]; slow: number } }).__keystrokes);
  return { name, keystrokes: latencies.length, median_ms: percentile(latencies, 50), p95_ms: percentile(latencies, 95), slow_events_16ms: slow };
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  user: unknown;
  /** What the account may do (web/src/session/access.ts): without it the app shows a signed-in person only the dashboard. */
  access?: unknown;
}

/** Puts the session in local storage before any of the app's scripts run (nothing loaded first). */
export async function signIn(context: BrowserContext, session: Session): Promise<void> {
  await context.addInitScript((s) => {
    localStorage.setItem('token', s.accessToken);
    localStorage.setItem('refresh_token', s.refreshToken);
    localStorage.setItem('userInfo', JSON.stringify(s.user));
    if (s.access) localStorage.setItem('user_access', JSON.stringify(s.access));
  }, session);
}

const ROUNDS = 3;

function medianRound(rounds: KeystrokeFigures[]): KeystrokeFigures {
  return [...rounds].sort((a, b) => a.median_ms - b.median_ms)[Math.floor(rounds.length / 2)];
}

/** One round of typing into each measured field of the Education tab, and into the baseline input. */
async function typingRound(browser: Browser, baseUrl: string, session: Session): Promise<KeystrokeFigures[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await signIn(context, session);
    await page.goto(`${baseUrl}/auth/profile`);
    await page.getByLabel(/^Current School Level/).waitFor();
    // The baseline: a plain input on the same page, outside React.
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.id = 'bench-baseline';
      input.setAttribute('aria-label', 'Baseline');
      document.querySelector('main')!.prepend(input);
    });
    const searchable = await typeAndMeasure(page, 'Education tab: High School Name (searchable, free text)', '#root_highSchoolName');
    await page.locator('#root_gpa_markingSystem').selectOption({ index: 1 });
    const grade = await typeAndMeasure(page, 'Education tab: Grade (number, live range check)', '#root_gpa_grade', DIGITS);
    const baseline = await typeAndMeasure(page, 'baseline: plain input on the same page', '#bench-baseline');
    return [searchable, grade, baseline];
  } finally {
    await context.close();
  }
}

/**
 * A mid-range phone as Chromium emulates it (docs/performance.md, "The phone"): the CPU four times slower, 1.6 Mbps down,
 * 750 kbps up, 150 ms round trip, and no HTTP cache.
 */
async function emulatePhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 });
}

/**
 * Milliseconds from navigation to the first control of the page's served form (RJSF's
 * `form.rjsf`) present and enabled, checked every frame in the page itself.
 */
async function timeToFirstField(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  const ready = await page.waitForFunction(
    () => {
      const control = document.querySelector<HTMLInputElement>('form.rjsf :is(input:not([type=hidden]), textarea, select, button, [contenteditable=true])');
      return control && !control.disabled && !control.readOnly ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await ready.jsonValue()) as number;
}

export const PHONE_RUNS = 5;

/** The median of five cold loads on the simulated phone, to the first editable field of each page. */
async function phoneLoads(browser: Browser, baseUrl: string, session: Session, requirementScholarshipId: string): Promise<LoadFigures[]> {
  const pages = [
    { name: 'phone: cold load of /auth/profile to the first editable field of the Education tab', path: '/auth/profile', signedIn: true },
    { name: 'phone: cold load of a requirement form (scholarship detail) to its first editable field', path: `/auth/scholarshipDetail?${requirementScholarshipId}`, signedIn: true },
    { name: 'phone: cold load of /signup to its first editable field', path: '/signup', signedIn: false },
  ];
  const figures: LoadFigures[] = [];
  for (const target of pages) {
    const times: number[] = [];
    for (let run = 0; run < PHONE_RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
      try {
        if (target.signedIn) await signIn(context, session);
        const page = await context.newPage();
        await emulatePhone(page);
        times.push(await timeToFirstField(page, `${baseUrl}${target.path}`));
      } finally {
        await context.close();
      }
    }
    figures.push({ name: target.name, runs: times.length, median_ms: Math.round(percentile(times, 50)), max_ms: Math.round(Math.max(...times)) });
  }
  return figures;
}

/**
 * Logs in as `userName` and measures typing and loading on /auth/profile; with
 * `requirementScholarshipId` (a scholarship whose requirement form the person may still edit), the
 * phone rows too.
 */
export async function measureProfilePage(
  baseUrl: string,
  userName: string,
  password: string,
  requirementScholarshipId?: string,
): Promise<{ keystrokes: KeystrokeFigures[]; loads: LoadFigures[] }> {
  const login = await fetch(`${baseUrl}/api/v1/users/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password, loginType: 'register_user' }),
  });
  if (!login.ok) throw new Error(`browser: login answered ${login.status}`);
  const session = ((await login.json()) as { data: Session }).data;
  const { browser, close } = await launchBrowser();
  try {
    // Cold loads: a new browser context each time (empty HTTP cache), from navigation to the first
    // field of the Education tab rendered and enabled.
    const coldLoads: number[] = [];
    for (let run = 0; run < 5; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await signIn(context, session);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/auth/profile`);
      await page.getByLabel(/^Current School Level/).waitFor();
      coldLoads.push(await page.evaluate(() => performance.now()));
      await context.close();
    }

    // Typing: three rounds, each on a fresh page; the round with the median median is reported
    // (this small machine's frame timing is noisy, as the server rounds are).
    const rounds: KeystrokeFigures[][] = [];
    for (let round = 0; round < ROUNDS; round++) rounds.push(await typingRound(browser, baseUrl, session));
    const keystrokes = rounds[0].map((_, index) => medianRound(rounds.map((figures) => figures[index])));
    const phone = requirementScholarshipId ? await phoneLoads(browser, baseUrl, session, requirementScholarshipId) : [];
    return {
      keystrokes,
      loads: [
        { name: 'cold load of /auth/profile to an interactive Education tab', runs: coldLoads.length, median_ms: percentile(coldLoads, 50), max_ms: Math.round(Math.max(...coldLoads)) },
        ...phone,
      ],
    };
  } finally {
    await close();
  }
}
