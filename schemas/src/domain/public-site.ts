import { formatUsd } from './people.js';

/** The catalogue's figures a public page may quote: open scholarships and their combined value (whole USD). */
export interface SiteFigures {
  counts: number;
  totalValue: number;
}

const COUNT = new Intl.NumberFormat('en-US');

/** While the figures are unknown (loading, or the database unreachable) a token shows this. */
export const UNKNOWN_FIGURE = '…';

/**
 * Content pages name the figures as `{{scholarshipsListed}}` and `{{listedValue}}`; the server
 * (pre-rendered HTML) and the browser both fill them from the database, so a visitor never reads
 * a made-up number (docs/public-site.md).
 */
export function fillSiteFigures(html: string, figures: SiteFigures | undefined): string {
  const values: Record<string, string> = {
    scholarshipsListed: figures ? COUNT.format(figures.counts) : UNKNOWN_FIGURE,
    listedValue: figures ? formatUsd(figures.totalValue) : UNKNOWN_FIGURE,
  };
  return html.replace(/\{\{(\w+)\}\}/g, (token, name: string) => values[name] ?? token);
}

/** A public page's tab and link-preview title: the server's pre-rendered page and the app use the same. */
export function sitePageTitle(pageTitle: string): string {
  return `${pageTitle} | ScholarMatch`;
}

/**
 * One public path as the web build writes it to dist/site/pages.json (web/content/site-content.mjs)
 * and the server pre-renders it (server/src/site/).
 */
export interface PrerenderedPage {
  path: string;
  /** The address search engines should keep (/home is the landing page at /). */
  canonicalPath: string;
  title: string;
  description: string;
  /** The page's heading, lead and text; figures still as `{{tokens}}`. */
  html: string;
  /** schema.org JSON-LD, already safe inside a script element. */
  structuredData: string | null;
}
