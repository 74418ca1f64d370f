/**
 * Writes the jobs table of docs/operations.md "Jobs" from the server's queue catalogue
 * (server/src/jobs/queue-catalogue.ts), between its markers. `--check` (run by `npm run lint:docs`)
 * changes nothing and fails when the table in the doc is not the generated one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { queueTable } from '../server/src/jobs/queue-catalogue.js';

const DOC = 'docs/operations.md';
const START = '<!-- jobs-table:start (npm run docs:jobs writes this table from server/src/jobs/queue-catalogue.ts) -->';
const END = '<!-- jobs-table:end -->';

function withTable(doc: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${DOC} has no jobs-table markers`);
  return `${doc.slice(0, start + START.length)}\n${queueTable()}\n${doc.slice(end)}`;
}

const current = readFileSync(DOC, 'utf8');
const generated = withTable(current);
if (process.argv.includes('--check')) {
  if (generated !== current) {
    console.error(`${DOC}: the jobs table is stale; run npm run docs:jobs`);
    process.exit(1);
  }
  console.log(`jobs-table: ${DOC} is current`);
} else if (generated !== current) {
  writeFileSync(DOC, generated);
  console.log(`jobs-table: wrote ${DOC}`);
}
