import { Box } from '@chakra-ui/react';

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

/**
 * A provider's description as HTML. The server sanitises it when it is saved (an allow-list of
 * formatting tags; no scripts, handlers or styles; links get rel=noopener), so it is set as it
 * comes. A second sanitiser in the browser (DOMPurify) is not a web dependency: see
 * docs/decisions.md.
 */
export function ServerHtml({ html }: { html: string }) {
  return <Box lineHeight="tall" css={RICH_TEXT_STYLE} dangerouslySetInnerHTML={{ __html: html }} />;
}
