/** One `##` part of a content page: an FAQ question and its answer, a legal section, a home-page band. */
export interface SiteSection {
  id: string;
  title: string;
  html: string;
}

/**
 * A public page's text, compiled from its Markdown file in content/pages/ at build time
 * (content/site-content.mjs; docs/public-site.md). The HTML is our own reviewed content, never
 * a user's, so it is rendered as is.
 */
export interface SitePage {
  name: string;
  title: string;
  description: string;
  eyebrow: string;
  intro: string;
  /** Legal pages: the date of the current text, YYYY-MM-DD. */
  updated: string | null;
  html: string;
  sections: SiteSection[];
  /** schema.org JSON-LD (the FAQ), ready for a script element. */
  structuredData: string | null;
}

/** The anchor of Exhibit A in the Terms (content/pages/terms.md), where the sign-up's consent and the sweepstakes banner point. */
export const SWEEPSTAKES_RULES_ANCHOR = 'exhibit-a-official-scholarship-sweepstakes-rules';
