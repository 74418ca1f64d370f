/**
 * Browser figures for `npm run bench` (issue 4): per-keystroke latency in the Education tab of
 * /auth/profile, and the cold load of /auth/profile to an interactive form, in headless Chromium.
 *
 * Keystroke latency is measured from the keydown (a capturing listener notes performance.now())
 * to the first frame painted after it (two requestAnimationFrame callbacks): what a person waits
 * for between pressing a key and seeing it. The Event Timing API cannot give a median here (it only
 * reports events of 16 ms or more); its count of such slow events is reported beside it. The
 * baseline is a plain <input> added to the same page, outside React: the browser's own floor.
 */
import type { Page } from 'playwright-core';
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

async function signIn(page: Page, baseUrl: string, session: { accessToken: string; refreshToken: string; user: unknown }): Promise<void> {
  await page.goto(`${baseUrl}/faq`);
  await page.evaluate((s) => {
    localStorage.setItem('token', s.accessToken);
    localStorage.setItem('refresh_token', s.refreshToken);
    localStorage.setItem('userInfo', JSON.stringify(s.user));
  }, session);
}

/** Logs in the demo student and measures typing and loading on /auth/profile. */
export async function measureProfilePage(baseUrl: string): Promise<{ keystrokes: KeystrokeFigures[]; loads: LoadFigures[] }> {
  const login = await fetch(`${baseUrl}/api/v1/users/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'student@demo.scholarmatch.test', password: 'DemoStudent#2026', loginType: 'register_user' }),
  });
  const session = ((await login.json()) as { data: { accessToken: string; refreshToken: string; user: unknown } }).data;
  const { browser, close } = await launchBrowser();
  try {
    // Cold loads: a new browser context each time (empty HTTP cache), from navigation to the first
    // field of the Education tab rendered and enabled.
    const coldLoads: number[] = [];
    for (let run = 0; run < 5; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await signIn(page, baseUrl, session);
      await page.goto(`${baseUrl}/auth/profile`);
      await page.getByLabel(/^Current School Level/).waitFor();
      coldLoads.push(await page.evaluate(() => performance.now()));
      await context.close();
    }

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, baseUrl, session);
    await page.goto(`${baseUrl}/auth/profile`);
    await page.getByLabel(/^Current School Level/).waitFor();
    // The baseline: a plain input on the same page, outside React.
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.id = 'bench-baseline';
      input.setAttribute('aria-label', 'Baseline');
      document.querySelector('main')!.prepend(input);
    });
    const keystrokes = [
      await typeAndMeasure(page, 'Education tab: High School Name (searchable, free text)', '#root_highSchoolName'),
      await (async () => {
        await page.locator('#root_gpa_markingSystem').selectOption({ index: 1 });
        return typeAndMeasure(page, 'Education tab: Grade (number, live range check)', '#root_gpa_grade', DIGITS);
      })(),
      await typeAndMeasure(page, 'baseline: plain input on the same page', '#bench-baseline'),
    ];
    return {
      keystrokes,
      loads: [{ name: 'cold load of /auth/profile to an interactive Education tab', runs: coldLoads.length, median_ms: percentile(coldLoads, 50), max_ms: Math.round(Math.max(...coldLoads)) }],
    };
  } finally {
    await close();
  }
}
