/**
 * SQL lives in repositories (docs/architecture.md, "Rules the build checks"). dependency-cruiser
 * keeps the pg driver and injected DataSources inside them; this check catches what an import rule
 * cannot see: a statement run through an EntityManager handed to a service. Run by `npm run lint:deps`.
 */
import { matchingLines, sourceFiles } from './source-files.js';

/** Running a statement, whatever the receiver is called: TypeORM's, or Kysely's over the same pool (database/kysely.ts, database/statement.ts). */
const RUNS_SQL = /\.(query|createQueryBuilder)\s*[<(]|\bkysely(Of|In|For)\s*\(|\.(rows|prepared)\s*\(\s*(this\.db|tx|manager|db)\b/;

/** Where statements may run besides repositories, and why. */
const ALLOWED = [
  /\.repository\.ts$/,
  /\.spec\.ts$/,
  /^server\/src\/database\//, // the plumbing: connections, LISTEN, prepared statements
  /^server\/src\/cli\//, // the migration runner
  /^server\/src\/jobs\/pg-boss-job-queue\.ts$/, // hands pg-boss its connection
  /^server\/src\/jobs\/periodic-sweep\.ts$/, // the advisory lock every sweep shares
];

const checked = sourceFiles('server/src').filter((path) => path.endsWith('.ts') && !ALLOWED.some((pattern) => pattern.test(path)));
const hits = matchingLines(checked, RUNS_SQL);
if (hits.length) {
  console.error(`SQL outside a repository (docs/architecture.md, "Rules the build checks"):\n${hits.join('\n')}`);
  process.exit(1);
}
console.log('check-sql-placement: every statement runs in a repository');
