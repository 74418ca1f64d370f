import { describe, expect, it } from 'vitest';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compilePage, headingId, SITE_PAGES } from '../content/site-content.mjs';
import faq from '../content/pages/faq.md';
import privacy from '../content/pages/privacy.md';
import terms from '../content/pages/terms.md';
import { createAppRouter } from '../src/app/router';
import { SWEEPSTAKES_RULES_ANCHOR } from '../src/pages/public/site-page';
import { DEFAULT_TITLE, removePrerenderedHead } from '../src/ui/document-title';
import { renderWithChakra } from './render-form';

const FRONT = '---\ntitle: A page\ndescription: What it says.\neyebrow: Label\nintro: The lead.\n---\n';

describe('content pages compile from Markdown (content/site-content.mjs)', () => {
  it('cuts the body at each ## into sections with stable anchors', () => {
    const page = compilePage(`${FRONT}## First *part*\n\nText.\n\n### 15.1 Escrow\n\nMore.\n\n## Second\n\n- a\n`, 'demo');
    expect(page.sections.map((s) => [s.id, s.title])).toEqual([
      ['first-part', 'First part'],
      ['second', 'Second'],
    ]);
    expect(page.html).toContain('<h3 id="15-1-escrow">15.1 Escrow</h3>');
    expect(page.sections[0].html).toContain('<p>Text.</p>');
  });

  it("titles read as written (no entities) and every section's anchor is the one its heading carries", () => {
    const page = compilePage(`${FRONT}## Why can't I find it & where?\n\nText.\n`, 'demo');
    expect(page.sections[0].title).toBe("Why can't I find it & where?");
    for (const compiled of [page, faq, terms, privacy]) {
      for (const section of compiled.sections) expect(compiled.html).toContain(`id="${section.id}"`);
    }
  });

  it('refuses two headings with one anchor, and a date that is not YYYY-MM-DD', () => {
    expect(() => compilePage(`${FRONT}## Fees\n\n## Fees\n`, 'bad')).toThrow(/two headings have the anchor 'fees'/);
    expect(() => compilePage(FRONT.replace('---\n', '---\nupdated: next week\n'), 'bad')).toThrow(/YYYY-MM-DD/);
  });

  it('refuses a page without its front matter, or with a description too long for search results', () => {
    expect(() => compilePage('## No front matter', 'bad')).toThrow(/front matter/);
    expect(() => compilePage(FRONT.replace('title: A page\n', ''), 'bad')).toThrow(/'title'/);
    expect(() => compilePage(FRONT.replace('What it says.', 'x'.repeat(161)), 'bad')).toThrow(/161 characters/);
  });

  it('makes FAQ structured data that no answer can break out of', () => {
    const page = compilePage(`${FRONT}## Is it safe?\n\nYes</script><b>really</b>.\n`, 'faq', 'FAQPage');
    expect(page.structuredData).not.toContain('<');
    const data = JSON.parse(page.structuredData!);
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity[0]).toMatchObject({ name: 'Is it safe?', acceptedAnswer: { text: '<p>Yes</script><b>really</b>.</p>' } });
  });

  it('every public path names a page file that exists and compiles', () => {
    for (const { page, structuredData } of SITE_PAGES) {
      // A path, not `new URL(…, import.meta.url)`: Vite turns that into an address on the page.
      const source = readFileSync(path.join(import.meta.dirname, '../content/pages', `${page}.md`), 'utf8');
      expect(compilePage(source, page, structuredData).sections.length).toBeGreaterThan(0);
    }
  });
});

describe('the site text', () => {
  it('the FAQ has about 45 questions, each in the structured data', () => {
    expect(faq.sections.length).toBeGreaterThanOrEqual(40);
    expect(faq.sections.every((section) => section.title.endsWith('?'))).toBe(true);
    expect(JSON.parse(faq.structuredData!).mainEntity).toHaveLength(faq.sections.length);
  });

  it('the Terms carry sections 15.1 to 15.8 and Exhibit A, the official sweepstakes rules', () => {
    for (let n = 1; n <= 8; n += 1) expect(terms.html).toMatch(new RegExp(`<h3 id="15-${n}-[^"]+">15\\.${n} `));
    expect(terms.sections.map((s) => s.id)).toContain(SWEEPSTAKES_RULES_ANCHOR);
    const rules = terms.sections.find((s) => s.id === SWEEPSTAKES_RULES_ANCHOR)!.html;
    for (const fact of ['16', '5 business days', '3 business days', '90 days', '1099', '$600']) expect(rules).toContain(fact);
  });

  it("the Terms' fees and liability, and the Privacy Policy's answer times, keep their figures", () => {
    for (const fact of ['30 days', '14 days', '60 days', '1.5%', 'six months', '$10,000']) expect(terms.html).toContain(fact);
    for (const fact of ['45 days', '90 days', '15 business days', '2 years', 'twice', '12-month', '7 years', '3 years']) expect(privacy.html).toContain(fact);
  });

  it('anchors follow the heading text', () => {
    expect(headingId('Exhibit A: Official Scholarship Sweepstakes Rules')).toBe(SWEEPSTAKES_RULES_ANCHOR);
  });

  it('the landing page quotes the figures the server put in the page, never a made-up number', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'site-figures';
    block.textContent = JSON.stringify({ counts: 1234, totalValue: 56789 });
    document.head.append(block);
    const router = createAppRouter(createMemoryHistory({ initialEntries: ['/'] }));
    renderWithChakra(<RouterProvider router={router} />);
    expect(await screen.findByText(/1,234 scholarships worth \$56,789 in total are open on ScholarMatch today/)).toBeTruthy();
    block.remove();
  });

  it('/terms lists its sections and links each one, Exhibit A included', async () => {
    const router = createAppRouter(createMemoryHistory({ initialEntries: ['/terms'] }));
    renderWithChakra(<RouterProvider router={router} />);
    const contents = await screen.findByRole('navigation', { name: 'Contents' });
    const exhibit = within(contents).getByRole('link', { name: 'Exhibit A: Official Scholarship Sweepstakes Rules' });
    expect(exhibit.getAttribute('href')).toBe(`/terms#${SWEEPSTAKES_RULES_ANCHOR}`);
    expect(document.getElementById(SWEEPSTAKES_RULES_ANCHOR)?.tagName).toBe('H2');
  });

  it("the crawler's head tags go when the app starts, and each page's title goes with the page", async () => {
    document.head.insertAdjacentHTML('beforeend', '<link rel="canonical" href="/terms" data-prerendered /><script type="application/ld+json" data-prerendered>{}</script>');
    removePrerenderedHead();
    expect(document.head.querySelectorAll('[data-prerendered]')).toHaveLength(0);
    const router = createAppRouter(createMemoryHistory({ initialEntries: ['/terms'] }));
    renderWithChakra(<RouterProvider router={router} />);
    await screen.findByRole('navigation', { name: 'Contents' });
    expect(document.title).toBe('Terms of Use | ScholarMatch');
    await router.navigate({ to: '/no/such/page' as '/' });
    await screen.findByRole('heading', { name: 'We could not find that page' });
    expect(document.title).toBe(DEFAULT_TITLE);
  });

  it("a content link to one of our pages moves inside the app; a modified click or another site's link is left to the browser", async () => {
    const router = createAppRouter(createMemoryHistory({ initialEntries: ['/contact'] }));
    renderWithChakra(<RouterProvider router={router} />);
    await screen.findByRole('heading', { level: 1, name: 'Contact us' });
    // The page text's link (the top bar and the footer have their own FAQ links).
    const link = within(screen.getByRole('main')).getByRole('link', { name: 'FAQ' });
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link)).toBe(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/faq');
  });
});
