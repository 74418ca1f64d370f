import { defineConfig } from 'vitest/config';

function fromHere(relativePath: string): string {
  return decodeURIComponent(new URL(relativePath, import.meta.url).pathname);
}

/**
 * The SDK's suite: its client against the real server, run in-process from source
 * (server/test/test-app.ts, listening on a loopback port), so `npm test` needs no build first. The
 * server suite's global setup gives the database server and the migrated template
 * (docs/testing.md, "Databases").
 */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@scholarmatch\/schemas$/, replacement: fromHere('../schemas/src/index.ts') },
      { find: /^@scholarmatch\/schemas\/html$/, replacement: fromHere('../schemas/src/domain/html.ts') },
      { find: /^@scholarmatch\/testkit$/, replacement: fromHere('../testkit/src/index.ts') },
    ],
  },
  test: {
    environment: 'node',
    include: ['test/**/*.spec.ts'],
    globalSetup: ['../server/test/global-setup.ts'],
    // The server spec in one worker, the generated-file and webhook specs beside it.
    pool: 'forks',
    maxWorkers: 2,
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
