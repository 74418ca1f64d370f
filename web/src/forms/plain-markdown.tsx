import type { ReactNode } from 'react';

/**
 * Stands in for `markdown-to-jsx/react` in the browser build (aliased in vite.config.ts). RJSF
 * uses it only for `ui:enableMarkdownInDescription` / `ui:enableMarkdownInHelp`, which served
 * forms never set (texts are plain), and for its own developer messages; rendering the text as is
 * saves about 30 kB gzip.
 */
export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

export default Markdown;
