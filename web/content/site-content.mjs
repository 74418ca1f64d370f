// @ts-check
/**
 * The public site's text: Markdown files in content/pages/, compiled once at build time into the
 * page objects the React pages render and the server pre-renders for crawlers (docs/public-site.md).
 * Plain JavaScript so Vite's config, the Jest transform and the build share this one compiler.
 */
import { readFileSync } from 'node:fs';
import { Marked } from 'marked';
import { parse as parseYaml } from 'yaml';

/**
 * Every public path with a content page, in sitemap order. `canonicalPath` marks an alias whose
 * search-engine address is another path; `structuredData` names the schema.org block a page carries.
 * @type {readonly { path: string; page: string; canonicalPath?: string; structuredData?: 'FAQPage' }[]}
 */
export const SITE_PAGES = [
  { path: '/', page: 'home' },
  { path: '/home', page: 'home', canonicalPath: '/' },
  { path: '/faq', page: 'faq', structuredData: 'FAQPage' },
  { path: '/about-us', page: 'about-us' },
  { path: '/b2b', page: 'b2b' },
  { path: '/pricing', page: 'pricing' },
  { path: '/partners', page: 'partners' },
  { path: '/contact', page: 'contact' },
  { path: '/terms', page: 'terms' },
  { path: '/privacy', page: 'privacy' },
];

/** Search engines cut descriptions near this length; a longer one is a content mistake. */
const MAX_DESCRIPTION = 160;
const REQUIRED_FRONT_MATTER = /** @type {const} */ (['title', 'description', 'eyebrow', 'intro']);

/** `Exhibit A: Official Rules` -> `exhibit-a-official-rules`: the anchor other pages link to. */
export function headingId(text) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Rendered inline HTML as the words a reader sees: tags dropped, entities decoded (`can&#39;t` -> `can't`). */
function plainText(html) {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&#(\d+);/g, (_, code) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&([a-z]+);/g, (entity, name) => ENTITIES[name] ?? entity);
}
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Headings carry ids so the table of contents and other pages can link to a section. */
const markdown = new Marked({
  gfm: true,
  renderer: {
    heading({ tokens, depth }) {
      const inner = this.parser.parseInline(tokens);
      return `<h${depth} id="${headingId(plainText(inner))}">${inner}</h${depth}>\n`;
    },
  },
});

/** Splits `---` YAML front matter from the Markdown body. */
function splitFrontMatter(source, name) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${name}: a content page starts with --- front matter ---`);
  const front = parseYaml(match[1]) ?? {};
  for (const key of REQUIRED_FRONT_MATTER) {
    if (typeof front[key] !== 'string' || !front[key].trim()) throw new Error(`${name}: front matter needs '${key}'`);
  }
  if (front.updated !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(front.updated instanceof Date ? front.updated.toISOString().slice(0, 10) : String(front.updated))) {
    throw new Error(`${name}: 'updated' is a date, YYYY-MM-DD`);
  }
  if (front.description.length > MAX_DESCRIPTION) {
    throw new Error(`${name}: description is ${front.description.length} characters; keep it to ${MAX_DESCRIPTION}`);
  }
  return { front, body: match[2] };
}

/** The body cut at each `##`: an FAQ question, a legal section, a band of the home page. */
function sectionsOf(tokens) {
  const sections = [];
  let current;
  for (const token of tokens) {
    if (token.type === 'heading' && token.depth === 2) {
      // The same plain text as the heading's rendered id (the renderer above), so links and contents agree.
      const title = plainText(markdown.parseInline(token.text));
      current = { id: headingId(title), title, tokens: [] };
      sections.push(current);
    } else if (current) {
      current.tokens.push(token);
    }
  }
  return sections.map(({ id, title, tokens: body }) => ({ id, title, html: markdown.parser(Object.assign(body, { links: {} })) }));
}

/** schema.org FAQPage: each `##` is a question, its section the answer. `<` is escaped so no text closes the script tag. */
function faqStructuredData(sections) {
  return JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: sections.map((section) => ({
      '@type': 'Question',
      name: section.title,
      acceptedAnswer: { '@type': 'Answer', text: section.html.trim() },
    })),
  }).replaceAll('<', '\\u003c');
}

/**
 * One Markdown file -> the page object (see web/src/pages/public/site-page.ts for its type).
 * @param {string} source
 * @param {string} name the file's base name, e.g. `faq`
 * @param {'FAQPage'} [structuredData]
 */
export function compilePage(source, name, structuredData) {
  const { front, body } = splitFrontMatter(source, name);
  const tokens = markdown.lexer(body);
  const sections = sectionsOf(tokens);
  const html = markdown.parser(tokens);
  const ids = [...html.matchAll(/<h[1-6] id="([^"]*)"/g)].map((match) => match[1]);
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated !== undefined) throw new Error(`${name}: two headings have the anchor '${repeated}'; reword one`);
  if (structuredData === 'FAQPage' && sections.length === 0) throw new Error(`${name}: an FAQ needs ## questions`);
  return {
    name,
    title: front.title,
    description: front.description,
    eyebrow: front.eyebrow,
    intro: front.intro,
    updated: front.updated ? String(front.updated instanceof Date ? front.updated.toISOString().slice(0, 10) : front.updated) : null,
    html,
    sections,
    structuredData: structuredData === 'FAQPage' ? faqStructuredData(sections) : null,
  };
}

/** The Markdown file behind a page name. */
export function pageFile(name) {
  return new URL(`./pages/${name}.md`, import.meta.url);
}

/** Every public path with its compiled page: what the build writes to dist/site/pages.json for the server. */
export function compileSite() {
  const compiled = new Map();
  return SITE_PAGES.map(({ path, page, canonicalPath, structuredData }) => {
    if (!compiled.has(page)) compiled.set(page, compilePage(readFileSync(pageFile(page), 'utf8'), page, structuredData));
    const { title, description, intro, html, structuredData: jsonLd } = compiled.get(page);
    // What a crawler reads: the page's heading and lead, then its text.
    const document = `<h1>${escapeHtml(title)}</h1>\n<p class="intro">${escapeHtml(intro)}</p>\n${html}`;
    return { path, canonicalPath: canonicalPath ?? path, title, description, html: document, structuredData: jsonLd };
  });
}
