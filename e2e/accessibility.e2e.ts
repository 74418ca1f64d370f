import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, browserSuite, suiteApi } from './harness.js';
import { completeRegistration } from './student-flows.js';

/**
 * Every route, public and signed in (docs/accessibility.md): axe-core's WCAG 2.x A/AA rules with no
 * serious or critical violation, nothing wider than the screen at 390, 768 and 1280 px, and a
 * screenshot of each at each width (e2e/artifacts/a11y-*.png) for a person to look at.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WIDTHS = [390, 768, 1280] as const;
const BLOCKING = new Set(['serious', 'critical']);
/** The staff console is checked at the narrowest common phone width, 375 px, as well (docs/accessibility.md). */
const CONSOLE_WIDTHS = [375, 768, 1280] as const;

interface RouteReport {
  route: string;
  violations: { id: string; impact: string; help: string; nodes: string[] }[];
  overflow: { width: number; culprits: string[] }[];
}

const reports: RouteReport[] = [];

/** The page has loaded its data: no request in flight and no spinner left. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.chakra-spinner, [aria-busy="true"]'), undefined, { timeout: 10_000 }).catch(() => undefined);
}

async function axeViolations(page: Page): Promise<RouteReport['violations']> {
  // Evaluated, not added as a script tag: the page's CSP allows only our own scripts.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type AxeNode = { html: string; failureSummary?: string };
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string; help: string; nodes: AxeNode[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] });
    // The element and axe's reason (e.g. the contrast ratio found), enough to find and fix it.
    const describe = (n: AxeNode) => `${n.html.slice(0, 160)} :: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`;
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 4).map(describe) }));
  });
}

/** Elements reaching past the right edge of the screen (a page that scrolls sideways). */
async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth + 1;
    if (document.documentElement.scrollWidth <= limit) return [];
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    return [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > limit && getComputedStyle(el).position !== 'fixed')
      .slice(-5)
      .map(describe);
  });
}

const fileName = (route: string) => route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';

/** Axe at the desktop width, then each width's overflow check and screenshot; back at 1280 px afterwards. */
async function audit(page: Page, route: string, label = route, widths: readonly number[] = WIDTHS): Promise<RouteReport> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(route.startsWith('http') ? route : `${baseUrl()}${route}`);
  await settled(page);
  const report: RouteReport = { route: label, violations: await axeViolations(page), overflow: [] };
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    // The layout at the new width: two frames after the resize.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const culprits = await overflowingElements(page);
    if (culprits.length) report.overflow.push({ width, culprits });
    await page.screenshot({ path: path.join(ARTIFACTS, `a11y-${fileName(label)}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  reports.push(report);
  return report;
}

/** The routes with a serious or critical violation or a sideways scroll: none, or each with its findings. */
function problemsOf(audited: RouteReport[]) {
  return audited
    .map((report) => ({ route: report.route, blocking: report.violations.filter((v) => BLOCKING.has(v.impact)), overflow: report.overflow }))
    .filter((report) => report.blocking.length || report.overflow.length);
}

const suite = browserSuite({ env: { DEMO_DATA: 'true' } });
const baseUrl = () => suite.server.baseUrl;
const api = suiteApi(suite);

/** Signs in as the browser does: the login's session in the keys the app reads (web/src/session/session-store.ts). */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  const { body } = await api.call('POST', '/users/auth/login', { userName: email, password, loginType: 'register_user' });
  await page.goto(`${baseUrl()}/faq`);
  await page.evaluate((session) => {
    localStorage.setItem('userInfo', JSON.stringify(session.user));
    localStorage.setItem('token', session.accessToken);
    localStorage.setItem('refresh_token', session.refreshToken);
    localStorage.setItem('isActiveSubscription', String(session.user.isActiveSubscription));
    localStorage.setItem('user_access', JSON.stringify(session.access));
  }, body.data);
}

afterAll(() => {
  // Every route's findings, minor ones included, for the closing note and for whoever fixes the next one.
  writeFileSync(path.join(ARTIFACTS, 'a11y-report.json'), JSON.stringify(reports, null, 2));
});

const PUBLIC_ROUTES = [
  '/', '/faq', '/terms', '/privacy', '/contact', '/partners', '/pricing', '/about-us', '/b2b', '/chatbot', '/lennyAssistance',
  '/signup', '/auth/login', '/forgot-password', '/membership', '/b2b/signup', '/no/such/page', '/auth/error-1', '/auth/error-2',
];

const STUDENT_ROUTES = [
  '/auth/dashboard', '/auth/profile', '/auth/dashboard/easy-apply', '/auth/dashboard/recommendation', '/auth/dashboard/easyApplyWithCv',
  '/auth/dashboard/saved', '/auth/dashboard/myScholarship', '/auth/dashboard/inbox', '/auth/dashboard/plan', '/auth/dashboard/subscription-plan',
  '/auth/dashboard/support', '/auth/dashboard/subscription-support', '/auth/dashboard/assistance', '/auth/dashboard/assistanceChat',
  '/auth/dashboard/setting', '/auth/dashboard/success', '/auth/dashboard/trackApplications', '/auth/uploadEssay',
  '/auth/dashboard/profile', '/auth/register4',
];

const PROVIDER_ROUTES = [
  '/app/scholarships', '/app/scholarships/new', '/app/applicants', '/app/organisation', '/app/reviewers', '/app/settings', '/app/settings/api-keys', '/app/settings/webhooks', '/app/settings/embed',
  // The original review addresses without a scholarship: the chooser of each.
  '/app/applicants_review', '/app/rank-criteria', '/app/winner',
];

/** The original addresses whose screen this suite checks by its heading, besides auditing it (docs/decisions.md, "Original routes with a screen"). */
const SEED_SCREENS: Record<string, RegExp> = {
  '/auth/error-1': /^Something went wrong$/,
  '/auth/error-2': /^We could not find that page$/,
  '/auth/register4': /^Welcome, /,
  '/auth/dashboard/profile': /^Sam Rivera$/,
  '/app/applicants_review': /^Applicants$/,
  '/app/rank-criteria': /^Rubric$/,
  '/app/winner': /^Winners$/,
};

/** The page's one h1, once it is there. */
async function headingOf(page: Page): Promise<string> {
  return ((await page.locator('h1').first().textContent({ timeout: 10_000 })) ?? '').trim();
}

/** Audits each route; an original address must show its own screen, never the not-found one. */
async function auditAll(page: Page, routes: readonly string[]): Promise<RouteReport[]> {
  const audited = [];
  for (const route of routes) {
    audited.push(await audit(page, route));
    const expected = SEED_SCREENS[route];
    if (expected) expect({ route, heading: await headingOf(page) }).toEqual({ route, heading: expect.stringMatching(expected) });
  }
  return audited;
}

it('a crawler without JavaScript reads the FAQ, the Terms and the Privacy Policy with their tags (docs/public-site.md)', async () => {
  for (const [route, title, text] of [
    ['/faq', 'Frequently asked questions', 'How do I contact support?'],
    ['/terms', 'Terms of Use', 'Exhibit A: Official Scholarship Sweepstakes Rules'],
    ['/privacy', 'Privacy Policy', '45 days'],
  ]) {
    const html = await (await fetch(`${baseUrl()}${route}`, { headers: { 'user-agent': 'Googlebot/2.1' } })).text();
    expect(html).toContain(`<title>${title} | ScholarMatch</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}" \/>/);
    expect(html).toContain(`<meta property="og:title" content="${title} | ScholarMatch" data-prerendered />`);
    expect(html).toContain(text);
  }
  expect(await (await fetch(`${baseUrl()}/faq`)).text()).toContain('"@type":"FAQPage"');
  expect(await (await fetch(`${baseUrl()}/sitemap.xml`)).text()).toContain('/scholarships/');
});

describe('every screen, every person: axe, overflow and screenshots at 390, 768 and 1280 px', () => {
  it('public pages', async () => {
    const [{ slug }] = (await suite.server.sql.query(`SELECT slug FROM scholarships WHERE status = 'published' AND slug IS NOT NULL ORDER BY slug LIMIT 1`)).rows;
    const audited = await auditAll(suite.page, [...PUBLIC_ROUTES, `/scholarships/${slug}`]);
    expect(problemsOf(audited)).toEqual([]);
  }, 600_000);

  it("a member's pages, from the registration form on", async () => {
    const page = suite.page;
    await signIn(page, 'member@demo.scholarmatch.test', 'DemoMember#2026');
    const audited = [await audit(page, '/auth/userdetails')];
    await completeRegistration(page);
    audited.push(...(await auditAll(page, STUDENT_ROUTES)));

    const token = await api.login('member@demo.scholarmatch.test', 'DemoMember#2026');
    const matches = (await api.call('GET', '/scholarships/mine-eligible-scholarships?limit=1', undefined, token)).body.data;
    const scholarshipId = (matches.scholarships ?? matches)[0].id as string;
    audited.push(await audit(page, `/auth/scholarshipDetail?${scholarshipId}`, '/auth/scholarshipDetail'));
    // The essay upload for a scholarship that asks for an essay.
    const [{ id: essayScholarship }] = (
      await suite.server.sql.query(`SELECT id FROM scholarships WHERE status = 'published' AND requirements @> '[{"field": {"dataType": "editor"}}]' ORDER BY title LIMIT 1`)
    ).rows;
    audited.push(await audit(page, `/auth/uploadEssay?${essayScholarship}`, '/auth/uploadEssay?{id}'));
    const inbox = (await api.call('GET', '/inbox', undefined, token)).body.data;
    const messages = (inbox.messages ?? inbox) as { _id: { value: string }; subject: { value: string } }[];
    // The membership's receipt is in the inbox: its message page is audited too, the message itself (not the not-found screen).
    expect(messages.length).toBeGreaterThan(0);
    audited.push(await audit(page, `/auth/message?id=${messages[0]._id.value}`, '/auth/message'));
    expect(await page.getByText(messages[0].subject.value).first().isVisible()).toBe(true);
    expect(await page.getByText('404', { exact: true }).count()).toBe(0);
    expect(problemsOf(audited)).toEqual([]);
  }, 600_000);

  it("a provider's studio", async () => {
    const page = suite.page;
    await signIn(page, 'provider@demo.scholarmatch.test', 'DemoProvider#2026');
    const [{ id }] = (
      await suite.server.sql.query(
        `SELECT s.id FROM scholarships s JOIN users u ON u.id = s.provider_id WHERE u.email = 'provider@demo.scholarmatch.test' AND s.status = 'published' ORDER BY s.title LIMIT 1`,
      )
    ).rows;
    const audited = await auditAll(page, PROVIDER_ROUTES);
    audited.push(await audit(page, `/app/scholarships/${id}`, '/app/scholarships/$id'));
    audited.push(await audit(page, `/app/scholarships/${id}/applicants`, '/app/scholarships/$id/applicants'));
    // The original review addresses naming a scholarship open its screen: the applicants, the rubric, the winners.
    for (const [seed, pathname, search] of [
      ['applicants_review', `/app/scholarships/${id}/applicants`, ''],
      ['rank-criteria', `/app/scholarships/${id}`, '?tab=review'],
      ['winner', `/app/scholarships/${id}/applicants`, '?status=Winner'],
    ]) {
      audited.push(await audit(page, `/app/${seed}?scholarshipId=${id}`, `/app/${seed}?scholarshipId={id}`));
      const address = new URL(page.url());
      expect(address.pathname + address.search).toBe(pathname + search);
    }
    // The studio inbox with a conversation in it: the provider writes to an application, the member replies.
    const provider = await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026');
    const member = await api.login('member@demo.scholarmatch.test', 'DemoMember#2026');
    const [{ id: applicationId }] = (
      await suite.server.sql.query(
        `INSERT INTO applications (user_id, scholarship_id, status, submitted_at)
           SELECT u.id, $1, 'Received', now() FROM users u WHERE u.email = 'member@demo.scholarmatch.test'
         ON CONFLICT (user_id, scholarship_id) DO UPDATE SET status = 'Received', submitted_at = now() RETURNING id`,
        [id],
      )
    ).rows;
    const sent = await api.call('POST', `/scholarships/${id}/messages`, { applicantIds: [applicationId], answers: { subject: 'An interview', body: '<p>Can you come on Tuesday?</p>' } }, provider);
    expect(sent.status).toBe(201);
    const inbox = (await api.call('GET', '/inbox?search=interview', undefined, member)).body.data as { _id: { value: string } }[];
    const replied = await api.call('POST', `/inbox/${inbox[0]._id.value}/replies`, { answers: { replyBody: 'Yes, Tuesday suits me.' } }, member);
    expect(replied.status).toBe(201);
    audited.push(await audit(page, '/app/inbox'));
    audited.push(await audit(page, `/app/inbox/${applicationId}`, '/app/inbox/$applicationId'));
    expect(await headingOf(page)).toBe('Sam Rivera');
    // A scholarship that does not exist: error-2 inside the studio's frame.
    audited.push(await audit(page, '/app/scholarships/00000000-0000-4000-8000-000000000000/applicants', '/app/scholarships/{unknown}/applicants'));
    expect(await headingOf(page)).toBe('We could not find that scholarship');
    expect(problemsOf(audited)).toEqual([]);
  }, 600_000);

  it("the staff console's every route, at 375, 768 and 1280 px", async () => {
    const page = suite.page;
    const admin = await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026');
    // A request in the queue, and enough audit rows that the audit log is longer than the window.
    await suite.server.sql.query(
      `INSERT INTO support_requests (kind, user_id, name, email, query, description)
       SELECT 'support', id, first_name || ' ' || last_name, email, 'My profile', 'Where do I change my school?' FROM users WHERE email = 'member@demo.scholarmatch.test'`,
    );
    const plans = (await api.call('GET', '/admin/subscription-plans', undefined, admin)).body.data as { id: string; title: string }[];
    for (let i = 0; i < 30; i++) expect((await api.call('PATCH', `/admin/subscription-plans/${plans[i % plans.length].id}`, { title: plans[i % plans.length].title }, admin)).status).toBe(200);
    const [{ id: requestId }] = (await suite.server.sql.query(`SELECT id FROM support_requests ORDER BY created_at DESC LIMIT 1`)).rows;
    const [{ id: personId }] = (await suite.server.sql.query(`SELECT id FROM users WHERE email = 'member@demo.scholarmatch.test'`)).rows;

    await signIn(page, 'admin@demo.scholarmatch.test', 'DemoAdmin#2026');
    const audited: RouteReport[] = [];
    for (const [route, label] of [
      ['/admin/people', '/admin/people'],
      [`/admin/people/${personId}`, '/admin/people/$id'],
      ['/admin/support', '/admin/support'],
      [`/admin/support/${requestId}`, '/admin/support/$id'],
      ['/admin/plans', '/admin/plans'],
      ['/admin/staff', '/admin/staff'],
      ['/admin/audit', '/admin/audit'],
      ['/admin/outbox', '/admin/outbox'],
      ['/admin/payments', '/admin/payments'],
      ['/admin/security', '/admin/security'],
    ]) {
      audited.push(await audit(page, route, label, CONSOLE_WIDTHS));
      expect({ route: label, at: new URL(page.url()).pathname }).toEqual({ route: label, at: route });
    }

    // The sidebar's background reaches the foot of a page longer than the window (docs/console.md).
    await page.goto(`${baseUrl()}/admin/audit`);
    await settled(page);
    for (const width of CONSOLE_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await page.screenshot({ path: path.join(ARTIFACTS, `console-audit-long-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    const heights = await page.evaluate(() => ({
      page: document.documentElement.scrollHeight,
      sidebar: Math.round(document.querySelector('aside')!.getBoundingClientRect().height + 64),
    }));
    expect(heights.page).toBeGreaterThan(1800);
    expect(heights.sidebar).toBeGreaterThanOrEqual(heights.page - 1);
    expect(problemsOf(audited)).toEqual([]);
  }, 600_000);

  it("the staff console's form designer, with a drafted field to review", async () => {
    const page = suite.page;
    await signIn(page, 'admin@demo.scholarmatch.test', 'DemoAdmin#2026');
    const admin = await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026');
    const drafted = await api.call('POST', '/admin/form-fields', { key: 'a11yPetName', name: 'Pet name', dataType: 'text', section: 'basic', validation: { required: true } }, admin);
    expect(drafted.status).toBe(201);
    const audited = await auditAll(page, ['/admin/forms', '/admin/forms/profile-basic', '/admin/forms/publish', '/admin/forms/versions']);
    // Leaves the forms as published for the suite's other tests.
    expect((await api.call('DELETE', '/admin/forms/draft', undefined, admin)).status).toBe(200);
    expect(problemsOf(audited)).toEqual([]);
  }, 600_000);
});
