/**
 * SQL lives in repositories (docs/architecture.md, "Rules the build checks"). dependency-cruiser
 * keeps the pg driver and injected DataSources inside them; this check catches what an import rule
 * cannot see: a statement run through an EntityManager handed to a service. Run by `npm run lint:deps`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Running a statement, whatever the receiver is called. */
const RUNS_SQL = /\.(query|createQueryBuilder)\s*[<(]|\bpreparedQuery\s*\(/;

/** Where statements may run besides repositories, and why. */
const ALLOWED = [
  /\.repository\.ts$/,
  /\.spec\.ts$/,
  /^server\/src\/database\//, // the plumbing: connections, LISTEN, prepared statements
  /^server\/src\/cli\//, // the migration runner
  /^server\/src\/jobs\/pg-boss-job-queue\.ts$/, // hands pg-boss its connection
  /^server\/src\/jobs\/periodic-sweep\.ts$/, // the advisory lock every sweep shares
];

function trackedServerSources(): string[] {
  const out = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'server/src'], { encoding: 'utf8' });
  return out.split('\n').filter((path) => path.endsWith('.ts'));
}

function misplacedStatements(): string[] {
  const hits: string[] = [];
  for (const path of trackedServerSources()) {
    if (ALLOWED.some((pattern) => pattern.test(path))) continue;
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (RUNS_SQL.test(line)) hits.push(`${path}:${index + 1}: ${line.trim()}`);
      });
  }
  return hits;
}

const hits = misplacedStatements();
if (hits.length) {
  console.error(`SQL outside a repository (docs/architecture.md, "Rules the build checks"):\n${hits.join('\n')}`);
  process.exit(1);
}
console.log('check-sql-placement: every statement runs in a repository');
