import { Link, type LinkProps, VisuallyHidden } from '@chakra-ui/react';
import { useId } from 'react';

function ArrowIcon() {
  return (
    // Inline, so a wrapped label keeps the arrow right after its last word.
    <svg
      width="12"
      height="12"
      viewBox="0 0 12 12"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden="true"
      style={{ display: 'inline', marginInlineStart: '0.25em', verticalAlign: 'baseline' }}
    >
      <path d="M4 2h6v6M10 2 3 9" />
    </svg>
  );
}

/**
 * A link to another site, opened in a new tab. The link's name stays its label; the new-tab
 * warning is its description, so screen readers announce it without renaming the link.
 */
export function ExternalLink({ href, children, ...rest }: LinkProps & { href: string }) {
  const hintId = useId();
  return (
    <>
      <Link href={href} target="_blank" rel="noopener noreferrer" aria-describedby={hintId} display="inline" {...rest}>
        {children}
        <ArrowIcon />
      </Link>
      <VisuallyHidden id={hintId}>(opens in a new tab)</VisuallyHidden>
    </>
  );
}
