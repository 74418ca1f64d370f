import { Box, type BoxProps } from '@chakra-ui/react';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Spacing and list marks for the few tags the server's rich-text sanitiser keeps. */
const RICH_TEXT_STYLE = {
  '& p, & ul, & ol, & blockquote, & pre': { marginBlockEnd: '3' },
  '& ul': { paddingInlineStart: '6', listStyleType: 'disc' },
  '& ol': { paddingInlineStart: '6', listStyleType: 'decimal' },
  '& h2, & h3, & h4': { fontWeight: 'semibold', marginBlock: '3' },
  '& a': { color: 'brand.fg', textDecoration: 'underline' },
  '& blockquote': { borderInlineStartWidth: '3px', paddingInlineStart: '3', color: 'fg.muted' },
  '& > :last-child': { marginBlockEnd: '0' },
} as const;

/** The same allow-list as the server's `sanitizeRichText` (@scholarmatch/schemas/html). */
const RICH_TEXT = {
  ALLOWED_TAGS: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a', 'code', 'pre'],
  ALLOWED_ATTR: ['href', 'title', 'target', 'rel'],
};

/** Server rich text with only the tags and attributes the server's sanitiser keeps. */
export function cleanServerHtml(html: string): string {
  return DOMPurify.sanitize(html, RICH_TEXT);
}

/**
 * Whether server rich text shows anything once cleaned: '', '<p></p>', '<p>&nbsp;</p>' or markup
 * the allow-list drops show nothing, so a page leaves out the card that would hold them.
 */
export function hasServerText(html: string | null | undefined): boolean {
  if (!html?.trim()) return false;
  const text = new DOMParser().parseFromString(cleanServerHtml(html), 'text/html').body.textContent ?? '';
  return text.trim() !== '';
}

/**
 * Rich text from the server (a provider's description, a saved essay) as HTML. The server
 * sanitises it when it is stored; DOMPurify cleans it once more with the same allow-list before
 * it reaches the page, so a row written before that rule, or by another path, cannot run script.
 */
export function ServerHtml({ html, ...boxProps }: { html: string } & Omit<BoxProps, 'dangerouslySetInnerHTML' | 'children'>) {
  const clean = useMemo(() => cleanServerHtml(html), [html]);
  return <Box lineHeight="tall" css={RICH_TEXT_STYLE} {...boxProps} dangerouslySetInnerHTML={{ __html: clean }} />;
}
