import { defineConfig } from 'vitest/config';
import { LongRunningFirst } from './test/long-running-first.js';

function fromHere(relativePath: string): string {
  return decodeURIComponent(new URL(relativePath, import.meta.url).pathname);
}

/**
 * The server suite on Vitest (docs/architecture.md, "Tests"). Unit specs sit beside the code
 * (src/**\/*.spec.ts); integration specs in test/ run the real application in-process against a
 * real PostgreSQL: DATABASE_URL when set, otherwise an embedded one the global setup starts. Each
 * spec file gets its own database, copied from the run's migrated template.
 *
 * Each worker keeps its modules from one file to the next (`isolate: false`): Nest, TypeORM and
 * the application load once per worker instead of once per file, which was most of the suite's
 * CPU under Jest. That is sound because every spec builds its own application and database, and
 * module-level state in src/ holds only what does not depend on either (compiled statements,
 * lookup tables); a spy a file sets is restored by that file.
 */
export default defineConfig({
  resolve: {
    alias: [
      // The shared packages are consumed as TypeScript source, so the suite never waits for their builds.
      { find: /^@scholarmatch\/schemas$/, replacement: fromHere('../schemas/src/index.ts') },
      { find: /^@scholarmatch\/schemas\/html$/, replacement: fromHere('../schemas/src/domain/html.ts') },
      { find: /^@scholarmatch\/testkit$/, replacement: fromHere('../testkit/src/index.ts') },
    ],
  },
  test: {
    globals: true,
    environment: 'node',
    include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'],
    globalSetup: ['./test/global-setup.ts'],
    isolate: false,
    pool: 'forks',
    // Three, on two cores: part of a server spec's time is spent waiting on PostgreSQL.
    maxWorkers: 3,
    sequence: { sequencer: LongRunningFirst },
    // Room for the heaviest tests (the webhook storm, the races) while the web suite shares the two cores (npm test runs both at once).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
