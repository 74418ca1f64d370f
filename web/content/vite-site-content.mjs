// @ts-check
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { compilePage, compileSite, pageFile, SITE_PAGES } from './site-content.mjs';

const structuredDataOf = (name) => SITE_PAGES.find((entry) => entry.page === name)?.structuredData;

/**
 * Vite plugin: `import faq from '.../content/pages/faq.md'` yields the compiled page, and the
 * build writes `site/pages.json` (every public path's title, description and HTML) for the
 * server's pre-rendering (docs/public-site.md).
 * @returns {import('vite').Plugin}
 */
export function siteContent() {
  return {
    name: 'scholarmatch-site-content',
    transform(source, id) {
      if (!id.endsWith('.md')) return null;
      const name = path.basename(id, '.md');
      return { code: `export default ${JSON.stringify(compilePage(source, name, structuredDataOf(name)))};`, map: null };
    },
    generateBundle() {
      for (const { page } of SITE_PAGES) this.addWatchFile(fileURLToPath(pageFile(page)));
      this.emitFile({ type: 'asset', fileName: 'site/pages.json', source: JSON.stringify(compileSite()) });
    },
  };
}
