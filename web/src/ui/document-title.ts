import { useEffect } from 'react';

/** The title of pages that set none (index.html's). */
export const DEFAULT_TITLE = 'ScholarMatch: scholarships matched to you';

/**
 * The tab's title while a page is shown, the default again when it goes: a pre-rendered page's
 * title (docs/public-site.md) must not stay on the next page the app shows.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = DEFAULT_TITLE;
    };
  }, [title]);
}

/**
 * The head tags the server adds for crawlers (canonical address, Open Graph, JSON-LD, the
 * pre-rendered text's style) describe the first page only: the app removes them when it starts,
 * and each page that needs structured data renders its own.
 */
export function removePrerenderedHead(): void {
  for (const element of document.head.querySelectorAll('[data-prerendered]')) element.remove();
}
