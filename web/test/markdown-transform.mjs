import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compilePage, SITE_PAGES } from '../content/site-content.mjs';

/** The compiler, this file and the Markdown and YAML parsers' versions are the cache key: a change to any recompiles every page. */
const TOOLING = [
  ...['../content/site-content.mjs', './markdown-transform.mjs'].map((file) => readFileSync(new URL(file, import.meta.url), 'utf8')),
  ...['marked', 'yaml'].map((name) => JSON.parse(readFileSync(new URL(`../../node_modules/${name}/package.json`, import.meta.url), 'utf8')).version),
].join('\n');

/** Jest: a content page imports as the same compiled object Vite gives the app (content/vite-site-content.mjs). */
export default {
  getCacheKey(source, filename) {
    return createHash('sha256').update(TOOLING).update(filename).update(source).digest('hex');
  },
  process(source, filename) {
    const name = path.basename(filename, '.md');
    const structuredData = SITE_PAGES.find((entry) => entry.page === name)?.structuredData;
    return { code: `module.exports = ${JSON.stringify(compilePage(source, name, structuredData))};` };
  },
};
