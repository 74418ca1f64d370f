import { Box, type BoxProps } from '@chakra-ui/react';
import { fillSiteFigures } from '@scholarmatch/schemas';
import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { useSiteFigures } from './site-figures';

/** Typography for compiled Markdown: the page's sizes and colours, applied to plain HTML elements. */
const PROSE = {
  color: 'fg.muted',
  fontSize: 'md',
  lineHeight: '1.75',
  '& h2': { color: 'fg', fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', lineHeight: '1.3', mt: '10', mb: '3', scrollMarginTop: '24' },
  '& h3': { color: 'fg', fontSize: 'lg', fontWeight: 'semibold', mt: '6', mb: '2', scrollMarginTop: '24' },
  '& > :first-child': { mt: '0' },
  '& p': { my: '3' },
  '& ul, & ol': { ps: '6', my: '3' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li': { my: '1' },
  '& strong': { color: 'fg', fontWeight: 'semibold' },
  '& a': { color: 'brand.700', fontWeight: 'medium', textDecoration: 'underline', textUnderlineOffset: '2px' },
  '& a:focus-visible': { outline: '2px solid', outlineColor: 'brand.600', outlineOffset: '2px', borderRadius: 'sm' },
  '& blockquote': { borderStartWidth: '4px', borderColor: 'brand.200', ps: '4', my: '4', fontStyle: 'italic', color: 'fg' },
} as const;

/** The open scholarships' count and value for pages that quote them (`{{scholarshipsListed}}`, `{{listedValue}}`). */
function useFilledFigures(html: string): string {
  const quotesFigures = html.includes('{{');
  const figures = useSiteFigures(quotesFigures);
  return quotesFigures ? fillSiteFigures(html, figures) : html;
}

/**
 * A content page's compiled Markdown (docs/public-site.md). The HTML is our own reviewed text, so it
 * is rendered as is; links to our own pages move inside the app instead of reloading it.
 */
export function SiteContent({ html, ...props }: { html: string } & BoxProps) {
  const navigate = useNavigate();
  const filled = useFilledFigures(html);

  // A plain left click on a link to one of our pages; anything else (a new tab, a download,
  // another site, an API address or a file) is left to the browser.
  function followInternalLink(event: MouseEvent<HTMLElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as HTMLElement).closest('a');
    if (!link || link.target || link.hasAttribute('download')) return;
    const url = new URL(link.getAttribute('href') ?? '', window.location.href);
    if (url.origin !== window.location.origin || url.pathname.startsWith('/api/') || /\.[a-z0-9]+$/i.test(url.pathname)) return;
    event.preventDefault();
    void navigate({ href: `${url.pathname}${url.search}${url.hash}` });
  }

  return <Box css={PROSE} {...props} onClick={followInternalLink} dangerouslySetInnerHTML={{ __html: filled }} />;
}
