import { fillSiteFigures, sitePageTitle, type PrerenderedPage, type SiteFigures } from '@scholarmatch/schemas';

const SITE_NAME = 'ScholarMatch';

/**
 * Readable until the app takes over: the app replaces #root as soon as its script runs, so these
 * rules only dress the pre-rendered text (and pages read without JavaScript).
 */
const PRERENDER_STYLE = `<style data-prerendered>
.prerendered{max-width:56rem;margin:0 auto;padding:2.5rem 1rem;font:1rem/1.7 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#3f3f46}
.prerendered h1,.prerendered h2,.prerendered h3{color:#18181b;line-height:1.25}
.prerendered h1{font-size:2.25rem;margin:0 0 1rem}
.prerendered .intro{font-size:1.2rem}
.prerendered a{color:#0b5c54}
</style>`;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The tags a search engine or a link preview reads: title, description, canonical address, Open
 * Graph. Marked `data-prerendered`: they describe this first page only, and the app removes them
 * when it starts (web/src/app/document-title.ts).
 */
function headTags(page: PrerenderedPage, publicUrl: string): string {
  const url = escapeHtml(`${publicUrl}${page.canonicalPath}`);
  const title = escapeHtml(sitePageTitle(page.title));
  const description = escapeHtml(page.description);
  return [
    `<link rel="canonical" href="${url}" data-prerendered />`,
    `<meta property="og:type" content="website" data-prerendered />`,
    `<meta property="og:site_name" content="${SITE_NAME}" data-prerendered />`,
    `<meta property="og:title" content="${title}" data-prerendered />`,
    `<meta property="og:description" content="${description}" data-prerendered />`,
    `<meta property="og:url" content="${url}" data-prerendered />`,
    `<meta name="twitter:card" content="summary" data-prerendered />`,
    page.structuredData ? `<script type="application/ld+json" data-prerendered>${page.structuredData}</script>` : '',
    PRERENDER_STYLE,
  ]
    .filter(Boolean)
    .join('\n    ');
}

/**
 * The catalogue's figures as a JSON block in the page (id `site-figures`), so the app quotes them
 * without a request (web/src/pages/public/site-figures.ts). `<` is escaped: no value closes the script.
 */
export function withSiteFigures(html: string, figures: SiteFigures | undefined): string {
  if (!figures) return html;
  const json = JSON.stringify({ counts: figures.counts, totalValue: figures.totalValue }).replaceAll('<', '\\u003c');
  return html.replace('</head>', () => `    <script type="application/json" id="site-figures">${json}</script>\n  </head>`);
}

/**
 * The app's index.html with a public page's text and tags in it: a crawler without JavaScript
 * reads the page, a browser shows it at once, and the app replaces #root when it starts
 * (docs/public-site.md). `shell` is the built index.html.
 */
export function prerender(shell: string, page: PrerenderedPage, publicUrl: string, figures: SiteFigures | undefined): string {
  const title = escapeHtml(sitePageTitle(page.title));
  const body = fillSiteFigures(page.html, figures);
  // Replacer functions: the text may hold `$` sequences that a replacement string would interpret.
  return shell
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(page.description)}" />`)
    .replace('</head>', () => `    ${headTags(page, publicUrl)}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root"><div class="prerendered">${body}</div></div>`);
}
