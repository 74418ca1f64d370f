/**
 * Code, tests and docs cite docs/, the project's own account of what it does, and never the
 * specifications it was built from nor issue numbers: a reader of this repository has neither
 * (docs/architecture.md, "Rules the build checks"). Run by `npm run lint:docs`; lists file:line of
 * every citation that does not belong.
 *
 * "seed" alone is not one: it also names the demo seeding, a migration's seed data, the random
 * seed of a draw and of a generator. Only the phrases that point at the specifications count.
 */
import { readFileSync } from 'node:fs';
import { sourceFiles } from './source-files.js';

const CHECKED_FILES = /\.(ts|tsx|js|mjs|cjs|md)$/;
/** Generated from the code (their sources are checked), or this file's own patterns. */
const SKIPPED_FILES = new Set(['sdk/src/generated/schema.d.ts', 'scripts/check-citations.ts']);

const SPEC_VERBS =
  'sends?|wants|counts|lists|computes|requires|shows|only|stores|clears|had|has|makes|treats|was|gives|does|did|uses|calls|names|says|asks|keeps|leaves|puts|expects|spells|reads|writes|offers|opens|sets|logs|defines|describes';

const CITATIONS: readonly { what: string; pattern: RegExp }[] = [
  { what: 'a section of a specification', pattern: /\bseeds?\s+(\d{3}|section)\b/i },
  { what: 'the specifications', pattern: /(?<!migration )\bseed(?:'s|s'|s)(?![\w-])/i },
  { what: 'the specification', pattern: new RegExp(`\\bthe seed(?=[:;)]|\\s+(?:${SPEC_VERBS})\\b)`, 'i') },
  { what: 'the specification', pattern: /\(seed(\)|: (?!number|string|bigint)[a-z])/i },
  {
    what: 'what the specification names',
    pattern: /\bseed (address|addresses|route|routes|path|paths|payload|payloads|messages?|words?|wording|client|spec|specifications?|screens?|texts?|keys?|names?|spelling)\b/i,
  },
  { what: 'the specifications', pattern: /\b(?:the|product) specifications?\b/i },
  { what: 'the specifications folder', pattern: /shared\/seeds|\.\.\/shared\b/ },
  { what: 'a specification file', pattern: /\b(DESIGN|STACK)\.md\b/ },
  { what: 'an issue number', pattern: /\bissues?\s+#?\d+\b|\(#\d+\)/i },
];

/**
 * The part of each line a citation may stand in: a Markdown file's text; in code, its comments
 * (string literals are the product's and the API's own texts, which this check leaves as they are).
 */
function citableText(path: string, text: string): string[] {
  const lines = text.split('\n');
  // Inline code quotes the code's own texts (an OpenAPI summary, an identifier), not a citation.
  if (path.endsWith('.md')) return lines.map((line) => line.replace(/`[^`]*`/g, ''));
  let inBlock = false;
  return lines.map((line) => {
    let comment = '';
    let rest = line;
    while (rest) {
      if (inBlock) {
        const end = rest.indexOf('*/');
        comment += ` ${end < 0 ? rest : rest.slice(0, end)}`;
        if (end < 0) break;
        inBlock = false;
        rest = rest.slice(end + 2);
        continue;
      }
      const block = rest.search(/\/\*/);
      const lineComment = rest.search(/(^|[^:])\/\//);
      if (lineComment >= 0 && (block < 0 || lineComment < block)) {
        comment += ` ${rest.slice(lineComment)}`;
        break;
      }
      if (block < 0) break;
      inBlock = true;
      rest = rest.slice(block + 2);
    }
    return comment;
  });
}

function checkedFiles(): string[] {
  return sourceFiles().filter((path) => CHECKED_FILES.test(path) && !SKIPPED_FILES.has(path) && !path.includes('node_modules/'));
}

/** `file:line: what — the line` for every citation of a specification or an issue. */
export function citations(files: readonly string[]): string[] {
  const hits: string[] = [];
  for (const path of files) {
    citableText(path, readFileSync(path, 'utf8')).forEach((line, index) => {
      const found = CITATIONS.find(({ pattern }) => pattern.test(line));
      if (found) hits.push(`${path}:${index + 1}: ${found.what}: ${line.trim().slice(0, 160)}`);
    });
  }
  return hits;
}

const hits = citations(checkedFiles());
if (hits.length) {
  console.error(`${hits.length} lines cite a specification or an issue; cite docs/ instead (docs/architecture.md, "Rules the build checks"):`);
  console.error(hits.join('\n'));
  process.exit(1);
}
console.log('check-citations: code, tests and docs cite docs/ only');
