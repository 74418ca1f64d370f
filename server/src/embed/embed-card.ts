import { createHash } from 'node:crypto';
import { escapeHtml } from '../site/prerender.js';

/** The card as it is worded: every text already in the product's words (docs/embedding.md). */
export interface EmbedCardView {
  title: string;
  sponsor: string | null;
  amount: { label: string; value: string };
  deadline: string;
  /** False once the deadline has passed: the card says so instead of offering to apply. */
  open: boolean;
  eligibility: string[];
  requirements: string[];
  applyUrl: string;
}

/** How many requirements the card names before "and N more": a card is a summary, the product has the rest. */
const REQUIREMENTS_SHOWN = 5;

/**
 * Neutral, so it sits on any sponsor's page: system font, grey border, one accent for the link.
 * Colours meet WCAG AA (the link 7.9:1 on white, 9.8:1 in the dark scheme). No `color-scheme`
 * declaration: one that differs from the host page's makes Chromium paint the iframe opaque, and
 * the card's rounded corners would show black squares. In the document as one `<style>` allowed by
 * its hash: the card's CSP allows nothing else.
 */
const CARD_STYLE = `
:root{--fg:#1f2937;--muted:#4b5563;--bg:#fff;--line:#d1d5db;--accent:#0b5c54;--on-accent:#fff;--focus:#1d4ed8}
@media (prefers-color-scheme:dark){:root{--fg:#f3f4f6;--muted:#d1d5db;--bg:#111827;--line:#4b5563;--accent:#5eead4;--on-accent:#042f2e;--focus:#93c5fd}}
html,body{margin:0;background:transparent}
body{display:flow-root;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg)}
.card{margin:0;padding:20px;border:1px solid var(--line);border-radius:12px;background:var(--bg);overflow-wrap:anywhere}
.sponsor{margin:0;color:var(--muted);font-size:.875rem;font-weight:600}
h1{margin:.25rem 0 1rem;font-size:1.375rem;line-height:1.3}
h2{margin:1rem 0 .25rem;font-size:1rem}
.facts{display:flex;flex-wrap:wrap;gap:12px 32px;margin:0}
.facts dt{color:var(--muted);font-size:.875rem}
.facts dd{margin:0;font-weight:700;font-size:1.125rem}
ul{margin:0;padding-left:1.25rem}
p{margin:0}
.note{color:var(--muted)}
.apply{display:inline-block;margin-top:1.25rem;padding:10px 18px;border-radius:8px;background:var(--accent);color:var(--on-accent);font-weight:700;text-decoration:none}
.apply:hover{text-decoration:underline}
a:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.closed{margin-top:1.25rem;font-weight:700}
.hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`.trim();

/**
 * Tells the page's loader (public/embed.js) the card's height whenever it changes, so the iframe
 * fits its content. The height is no secret, hence any target origin: the loader checks the
 * sender (our origin, its own iframe) before it believes a message.
 */
const CARD_SCRIPT = `(function(){var last=0;function send(){var h=Math.ceil(document.body.getBoundingClientRect().height);if(h!==last){last=h;parent.postMessage({type:'scholarmatch:embed-height',height:h},'*')}}if(window.ResizeObserver){new ResizeObserver(send).observe(document.body)}window.addEventListener('load',send);send()})();`;

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The card's own policy: nothing but its one style and one script, no forms, no base; framed only
 * by `frameAncestors` (the organisation's sites, or 'none').
 */
export function cardContentSecurityPolicy(frameAncestors: string): string {
  return [
    "default-src 'none'",
    `style-src ${hashOf(CARD_STYLE)}`,
    `script-src ${hashOf(CARD_SCRIPT)}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

const list = (items: string[]) => `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;

function requirementsBlock(requirements: string[]): string {
  if (!requirements.length) return '<p>Nothing: eligible applicants apply in one click.</p>';
  const shown = requirements.slice(0, REQUIREMENTS_SHOWN);
  const more = requirements.length - shown.length;
  return list(more > 0 ? [...shown, `and ${more} more`] : shown);
}

function applyBlock(view: EmbedCardView): string {
  if (!view.open) return '<p class="closed">The deadline has passed: this scholarship no longer takes applications.</p>';
  return `<a class="apply" href="${escapeHtml(view.applyUrl)}" target="_blank" rel="noopener">Apply on ScholarMatch<span class="hidden"> (opens in a new tab)</span></a>`;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${CARD_STYLE}</style>
</head>
<body>
${body}
<script>${CARD_SCRIPT}</script>
</body>
</html>
`;
}

/** The card of a published scholarship. Every text is escaped: titles and names are the sponsor's. */
export function renderEmbedCard(view: EmbedCardView): string {
  const sponsor = view.sponsor ? `<p class="sponsor">${escapeHtml(view.sponsor)}</p>` : '';
  const eligibility = view.eligibility.length ? list(view.eligibility) : '<p>Anyone may apply: this scholarship sets no eligibility rules.</p>';
  return page(
    `${view.title} · ScholarMatch`,
    `<main class="card" aria-labelledby="card-title">
${sponsor}<h1 id="card-title">${escapeHtml(view.title)}</h1>
<dl class="facts"><div><dt>${escapeHtml(view.amount.label)}</dt><dd>${escapeHtml(view.amount.value)}</dd></div><div><dt>Deadline</dt><dd>${escapeHtml(view.deadline)}</dd></div></dl>
<section aria-labelledby="card-eligibility"><h2 id="card-eligibility">Who can apply</h2>${eligibility}</section>
<section aria-labelledby="card-requirements"><h2 id="card-requirements">What to send</h2>${requirementsBlock(view.requirements)}</section>
${applyBlock(view)}
</main>`,
  );
}

/** The 404 card: a draft, a closed or an unknown scholarship. */
export function renderMissingCard(): string {
  return page(
    'Scholarship not available · ScholarMatch',
    `<main class="card" aria-labelledby="card-title">
<h1 id="card-title">This scholarship is not available</h1>
<p class="note">It is not published, or it has closed.</p>
</main>`,
  );
}

/** The OpenAPI document's example of a card. */
export const EMBED_CARD_EXAMPLE = renderEmbedCard({
  title: 'Future Engineers Award',
  sponsor: 'Grace Hopper Foundation',
  amount: { label: 'Amount per award', value: '$2,500' },
  deadline: 'June 30, 2027',
  open: true,
  eligibility: ['Age: between 16 and 25'],
  requirements: ['Personal essay'],
  applyUrl: 'https://scholarmatch.example/scholarships/future-engineers-award?ref=embed&s=3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57',
});
