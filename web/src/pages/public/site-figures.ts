import type { SiteFigures } from '@scholarmatch/schemas';
import { useEffect, useState } from 'react';

/** The id of the JSON block the server writes into every page it serves (server/src/site/prerender.ts). */
export const SITE_FIGURES_ELEMENT_ID = 'site-figures';

let known: SiteFigures | undefined;

/** The figures the first page load carried, read once. */
function embeddedFigures(): SiteFigures | undefined {
  if (known) return known;
  const text = globalThis.document?.getElementById(SITE_FIGURES_ELEMENT_ID)?.textContent;
  try {
    known = text ? (JSON.parse(text) as SiteFigures) : undefined;
  } catch {
    known = undefined;
  }
  return known;
}

/**
 * The catalogue's figures for a page that quotes them (docs/public-site.md): those the server put
 * in the page when it has them, else asked for once. The request's code loads only then, so the
 * landing page's first chunk does not carry it.
 */
export function useSiteFigures(wanted: boolean): SiteFigures | undefined {
  const [figures, setFigures] = useState(() => (wanted ? embeddedFigures() : undefined));
  useEffect(() => {
    if (!wanted || figures) return;
    let current = true;
    import('../../api/eligibility-stats')
      .then(({ fetchSiteFigures }) => fetchSiteFigures())
      .then((fetched) => {
        known = fetched;
        if (current) setFigures(fetched);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [wanted, figures]);
  return figures;
}
