/**
 * Part `studio-browser` of `npm run bench`: in headless Chromium, the time from a
 * keystroke in the requirement builder to the re-rendered live preview (target: median ≤ 50 ms).
 *
 * A provider of its own (signed up through the API) has a draft scholarship with four
 * requirements; the page is /app/scholarships/{id}?tab=requirements with the first requirement
 * open. Each keystroke goes into the requirement's Title (a field of the served
 * `requirement-editor` form). A capturing keydown listener notes performance.now(); a
 * MutationObserver on the preview notes its first change after that keydown, and the time is
 * taken at the first frame painted after it (two requestAnimationFrame callbacks): what the
 * provider waits for between pressing a key and seeing the preview follow. The server's check of
 * the preview (debounced) is not part of it: it arrives after typing stops.
 *
 * What the run creates (the provider, the scholarship, its organisation) is removed afterwards.
 */
import { launchBrowser } from '../e2e/harness.js';
import type { BenchServer } from './bench-server.js';
import { signIn, type KeystrokeFigures, type Session } from './browser.js';
import { json } from './measure.js';

const ROUNDS = 3;
const TYPED = 'Community service statement for applicants';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10;
}

async function provider(bench: BenchServer): Promise<{ session: Session & { accessToken: string }; email: string }> {
  const email = `bench.studio.${Date.now()}@example.com`;
  const password = 'bench studio passphrase';
  const { data } = (await json(`${bench.baseUrl}/api/v1/users/provider-signup`, {
    method: 'POST',
    body: {
      answers: {
        organisationName: 'Bench Foundation', firstName: 'Bench', lastName: 'Provider', email, phone: '+12025550143',
        password, confirmPassword: password, acceptTerms: true,
      },
    },
  })) as { data: Session & { accessToken: string } };
  return { session: data, email };
}

async function scholarship(bench: BenchServer, token: string): Promise<string> {
  const { data } = await json(`${bench.baseUrl}/api/v1/scholarships`, { method: 'POST', body: { answers: { title: 'Bench Studio Award' } }, token });
  const requirement = (title: string, kind: string, extra: Record<string, unknown> = {}) => ({ answers: { requirementTitle: title, requirementKind: kind, ...extra } });
  await json(`${bench.baseUrl}/api/v1/scholarship/${data.id}/requirement`, {
    method: 'PUT',
    token,
    body: {
      requirements: [
        requirement('Statement', 'text', { wordLimit: 300 }),
        requirement('Personal essay', 'editor', { wordLimit: 800 }),
        requirement('Transcript', 'file', { fileKinds: 'document' }),
        requirement('Portfolio', 'link', { requirementOptional: true }),
      ],
    },
  });
  return data.id as string;
}

async function cleanUp(bench: BenchServer, email: string): Promise<void> {
  const { rows } = await bench.sql.query(`SELECT id FROM users WHERE email = $1`, [email]);
  const ids = rows.map((row) => row.id);
  // Best effort: the studio's tables follow the provider (foreign keys), the rest is named here.
  await bench.sql.query(`DELETE FROM scholarships WHERE provider_id = ANY($1)`, [ids]).catch(() => undefined);
  await bench.sql.query(`DELETE FROM organisations WHERE user_id = ANY($1)`, [ids]).catch(() => undefined);
  await bench.sql.query(`DELETE FROM refresh_tokens WHERE user_id = ANY($1)`, [ids]).catch(() => undefined);
  await bench.sql.query(`DELETE FROM users WHERE id = ANY($1)`, [ids]).catch(() => undefined);
}

/** One round: the builder opened cold in a new context, then TYPED typed into the open requirement's title. */
async function round(browser: Awaited<ReturnType<typeof launchBrowser>>['browser'], baseUrl: string, session: Session, id: string): Promise<{ latencies: number[]; slow: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await signIn(context, session);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/app/scholarships/${id}?tab=requirements`);
    await page.getByRole('button', { name: /^1\. Statement/ }).click();
    const title = page.getByRole('list', { name: 'Requirements' }).getByLabel(/^Title/);
    await title.waitFor();
    await page.getByTestId('preview-state').getByText('As applicants see it').waitFor();
    await page.evaluate(() => {
      const state = { latencies: [] as number[], slow: 0, pending: null as number | null };
      (window as unknown as { __preview: typeof state }).__preview = state;
      const preview = document.querySelector('[aria-label="Preview"]')!;
      document.addEventListener(
        'keydown',
        (event) => {
          if (event.target instanceof Element && event.target.closest('ol[aria-label="Requirements"]')) state.pending = performance.now();
        },
        true,
      );
      new MutationObserver(() => {
        const start = state.pending;
        if (start === null) return;
        state.pending = null;
        requestAnimationFrame(() => requestAnimationFrame(() => state.latencies.push(performance.now() - start)));
      }).observe(preview, { subtree: true, childList: true, characterData: true, attributes: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.name === 'keydown' || entry.name === 'keypress') state.slow++;
      }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
    });
    await title.click();
    await title.press('End');
    for (const character of ` ${TYPED}`) {
      await page.keyboard.type(character);
      await page.waitForTimeout(60);
    }
    await page.waitForTimeout(300);
    return await page.evaluate(() => {
      const { latencies, slow } = (window as unknown as { __preview: { latencies: number[]; slow: number } }).__preview;
      return { latencies, slow };
    });
  } finally {
    await context.close();
  }
}

export async function measureStudioPreview(bench: BenchServer): Promise<KeystrokeFigures> {
  const { session, email } = await provider(bench);
  const { browser, close } = await launchBrowser();
  try {
    const id = await scholarship(bench, session.accessToken);
    const rounds: { latencies: number[]; slow: number }[] = [];
    for (let r = 0; r < ROUNDS; r++) rounds.push(await round(browser, bench.baseUrl, session, id));
    const latencies = rounds.flatMap((r) => r.latencies);
    return {
      name: 'requirement builder: keystroke -> re-rendered live preview',
      keystrokes: latencies.length,
      median_ms: percentile(latencies, 50),
      p95_ms: percentile(latencies, 95),
      slow_events_16ms: rounds.reduce((sum, r) => sum + r.slow, 0),
    };
  } finally {
    await close();
    await cleanUp(bench, email);
  }
}
