/**
 * Untyped query results (docs/architecture.md, "Data access"): a `.query(` whose result is cast
 * (`as {…}[]`, `as Row[]`, `as [...]`) claims column names nothing checks, so a renamed column fails
 * only at run time. Repositories read through Kysely with the generated table types instead; this
 * fails on any such cast in server/src. Run by `npm run lint:deps`.
 */
import { readFileSync } from 'node:fs';
import { sourceFiles } from './source-files.js';

/** `.query(` or `.query<…>(` on any receiver. */
const QUERY_CALL = /\.query\s*(<[^>(]*>)?\s*\(/g;

/** After the call's closing parenthesis: the closing parentheses of `(await …)` and a cast that is not `as const` or `as unknown`. */
const CAST_AFTER = /^[\s)]*\bas\s+(?!const\b|unknown\b)/;

function serverSources(): string[] {
  return sourceFiles('server/src').filter((path) => path.endsWith('.ts') && !path.endsWith('.spec.ts'));
}

/** The index just past the parenthesis that closes the one at `open`. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i + 1;
  }
  return text.length;
}

function castsIn(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const hits: string[] = [];
  for (const match of text.matchAll(QUERY_CALL)) {
    const end = closingParen(text, match.index + match[0].length - 1);
    if (CAST_AFTER.test(text.slice(end, end + 200))) hits.push(`${path}:${text.slice(0, match.index).split('\n').length}`);
  }
  return hits;
}

const hits = serverSources().flatMap(castsIn);
if (hits.length) {
  console.error(
    `Untyped casts of query results (docs/architecture.md, "Data access"): read rows through Kysely with the generated table types, ` +
      `or a sql<Row> template whose Row comes from them:\n${hits.join('\n')}`,
  );
  process.exit(1);
}
console.log('check-query-casts: no untyped casts of query results');
