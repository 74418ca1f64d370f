import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { ARTIFACTS, browserSuite, freePort, logInAsDemoProvider, suiteApi } from './harness.js';
import { completeRegistration, signUpInBrowser } from './student-flows.js';

/** A sponsor's own site: one page that shows the snippet it is given, on a loopback port of its own (another origin than the app's). */
async function sponsorSite(): Promise<{ url: string; show: (snippet: string) => void; close: () => Promise<void> }> {
  const port = await freePort();
  let snippet = '';
  const page = () => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Harbor Foundation</title><style>body{font-family:Georgia,serif;margin:0;padding:24px;background:#f7f4ee}main{max-width:760px;margin:0 auto}</style></head>
<body><main><h1>Harbor Foundation</h1><p>We fund students who build the coast's future. Apply below.</p>${snippet}<p>Questions? Write to us.</p></main></body></html>`;
  const server: Server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page()));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, show: (html) => (snippet = html), close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2.x A/AA rules on the card's own document (docs/accessibility.md): the ids of what fails. */
async function axeViolations(frame: Frame): Promise<string[]> {
  await frame.evaluate(axeSource);
  return frame.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] });
    return result.violations.map((violation) => violation.id);
  });
}

/** Polls `read` until it answers true (10 s at most). */
async function until(read: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (!(await read())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The card's frame once its document has loaded (or failed to). */
async function cardFrame(page: Page): Promise<Frame> {
  await page.locator('iframe[title="Scholarship on ScholarMatch"]').waitFor();
  const frame = await (await page.locator('iframe').elementHandle())!.contentFrame();
  await frame!.waitForLoadState('load');
  return frame!;
}

/**
 * The embeddable card in Chromium (docs/embedding.md): the sponsor lists its site in the studio and
 * copies a card's snippet; on that site the card shows and fits its iframe; on a site not listed the
 * browser refuses to frame it; a student who follows the card's Apply link, signs up and applies
 * is counted for the sponsor in the studio.
 */
describe('the embedded scholarship card in a real browser', () => {
  const suite = browserSuite({ env: { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  const { call, login } = suiteApi(suite);
  const sites: { close: () => Promise<void> }[] = [];
  afterAll(async () => {
    for (const site of sites) await site.close();
  });

  it('shows on an allowed site, sized to its content, is refused elsewhere, and counts the application it brings', async () => {
    const { page } = suite;
    const base = suite.server.baseUrl;
    const provider = await login('provider@demo.scholarmatch.test', 'DemoProvider#2026');
    const created = await call('POST', '/providers/scholarships', {
      title: 'Harbor Builders Award for Coastal Engineers',
      award: 4000,
      recurrenceConfig: { deadline: `${new Date().getUTCFullYear() + 1}-06-30` },
      criteria: [{ fieldKey: 'dob', operator: 'ageBetween', value: [16, 30] }],
      requirements: [{ title: 'Why this field', dataType: 'text', key: 'why' }],
    }, provider);
    const id = created.body.data.id as string;
    expect((await call('POST', `/providers/scholarships/${id}/publish`, undefined, provider)).status).toBe(200);
    const allowed = await sponsorSite();
    const other = await sponsorSite();
    sites.push(allowed, other);

    // The sponsor lists its site and copies the card's snippet, in the studio.
    await logInAsDemoProvider(page, base);
    await page.goto(`${base}/app/settings`);
    await page.getByRole('link', { name: 'Embed settings' }).click();
    await page.waitForURL(/\/app\/settings\/embed$/);
    const sitesBox = page.getByLabel('Sites that may show your cards, one per line');
    await sitesBox.fill('https://www.example.org/scholarships');
    await page.getByRole('button', { name: 'Save sites' }).click();
    await page.getByText('Line 1: https://www.example.org/scholarships').waitFor();
    await sitesBox.fill(new URL(allowed.url).origin);
    await page.getByRole('button', { name: 'Save sites' }).click();
    await page.getByText('Allowed sites saved').first().waitFor();
    await page.getByLabel('Scholarship', { exact: true }).selectOption({ label: 'Harbor Builders Award for Coastal Engineers' });
    const chosen = page.getByRole('region', { name: 'Harbor Builders Award for Coastal Engineers' });
    await chosen.getByText('0 applications came through your site').waitFor();
    const snippet = (await chosen.getByLabel('Snippet').textContent())!;
    expect(snippet).toBe(`<div data-scholarmatch-scholarship="${id}"></div>\n<script async src="${base}/embed.js"></script>`);
    for (const width of [1280, 768, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(ARTIFACTS, `embed-settings-${width}.png`), fullPage: true });
    }

    // The visitor's browser: its own context, as a stranger to the studio.
    const browser = page.context().browser()!;
    const visitor = await browser.newContext({ viewport: { width: 768, height: 900 } });
    const host = await visitor.newPage();
    const refusals: string[] = [];
    host.on('console', (message) => void (message.type() === 'error' && refusals.push(message.text())));
    allowed.show(snippet);
    await host.goto(allowed.url);
    const card = await cardFrame(host);
    await card.getByRole('heading', { level: 1, name: 'Harbor Builders Award for Coastal Engineers' }).waitFor();
    expect(await card.getByText('Age: between 16 and 30').count()).toBe(1);
    // Sized to the card: the loader sets the iframe's height from the card's messages, at every width.
    const heights: number[] = [];
    for (const width of [768, 375]) {
      await host.setViewportSize({ width, height: 900 });
      await until(async () => {
        const content = await card.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
        const framed = await host.locator('iframe').evaluate((frame) => (frame as HTMLIFrameElement).style.height);
        return framed === `${content}px` && !heights.includes(content);
      }, `the iframe to fit the card at ${width} px`);
      heights.push(await card.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height)));
      await host.screenshot({ path: path.join(ARTIFACTS, `embed-card-${width}.png`), fullPage: true });
    }
    // Narrower, the card's lines wrap: a taller card, and a taller iframe.
    expect(heights[1]).toBeGreaterThan(heights[0]);
    // Accessible in both colour schemes (the dark one follows the visitor's preference).
    expect(await axeViolations(card)).toEqual([]);
    await host.emulateMedia({ colorScheme: 'dark' });
    expect(await axeViolations(card)).toEqual([]);
    await host.screenshot({ path: path.join(ARTIFACTS, 'embed-card-375-dark.png'), fullPage: true });
    await host.emulateMedia({ colorScheme: 'light' });
    expect(refusals).toEqual([]);

    // A site not listed: Chromium refuses to show the card in its frame.
    other.show(snippet);
    const stranger = await visitor.newPage();
    const blocked: string[] = [];
    stranger.on('console', (message) => void blocked.push(message.text()));
    await stranger.goto(other.url);
    const refused = await cardFrame(stranger);
    // Chromium puts its error page in the frame: the card's document never loads there.
    await until(() => refused.url().startsWith('chrome-error:'), 'the refused frame');
    await until(() => blocked.some((text) => text.includes('frame-ancestors')), 'the frame-ancestors refusal');
    expect(await refused.locator('#card-title').count().catch(() => 0)).toBe(0);
    await stranger.close();

    // The Apply link opens the product in a new tab; the student signs up there and applies.
    const [product] = await Promise.all([host.waitForEvent('popup'), card.getByRole('link', { name: /Apply on ScholarMatch/ }).click()]);
    await product.waitForLoadState();
    expect(product.url()).toBe(`${base}/scholarships/harbor-builders-award-for-coastal-engineers?ref=embed&s=${id}`);
    await product.getByRole('link', { name: 'Sign up to apply' }).click();
    const email = `harbor.${Date.now()}@example.com`;
    await signUpInBrowser(product, base, email);
    await completeRegistration(product);
    const admin = await login('admin@demo.scholarmatch.test', 'DemoAdmin#2026');
    const [{ id: studentId }] = (await suite.server.sql.query('SELECT id FROM users WHERE email = $1', [email])).rows;
    expect((await call('PUT', `/admin/applicants/${studentId}/subscription`, { active: true }, admin)).status).toBe(200);
    await product.goto(`${base}/auth/scholarshipDetail?${id}`);
    await product.getByRole('heading', { name: 'Harbor Builders Award for Coastal Engineers' }).waitFor();
    await product.getByLabel(/^Why this field/).fill('I want to build harbours that last.');
    await product.getByRole('button', { name: 'Submit application' }).click();
    await product.getByText('APPLIED').first().waitFor();
    const stored = await suite.server.sql.query('SELECT referral_source, status FROM applications WHERE user_id = $1 AND scholarship_id = $2', [studentId, id]);
    expect(stored.rows).toEqual([{ referral_source: 'embed', status: 'Received' }]);
    await visitor.close();

    // The sponsor sees it in the studio.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await page.getByLabel('Scholarship', { exact: true }).selectOption({ label: 'Harbor Builders Award for Coastal Engineers' });
    await page.getByRole('region', { name: 'Harbor Builders Award for Coastal Engineers' }).getByText('1 application came through your site').waitFor();
    await page.getByLabel('Applications through your site').getByText('Harbor Builders Award for Coastal Engineers').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'embed-settings-counted-1280.png'), fullPage: true });
    // The one failed request is the refused site address above, a 400 on purpose.
    expect(suite.problems.filter((problem) => !problem.includes('400 (Bad Request) (http://127.0.0.1:') || !problem.includes('/providers/embed/origins'))).toEqual([]);
  }, 180_000);
});
