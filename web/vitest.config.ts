import { defineConfig } from 'vitest/config';
import { siteContent } from './content/vite-site-content.mjs';

function fromHere(relativePath: string): string {
  return decodeURIComponent(new URL(relativePath, import.meta.url).pathname);
}

const runtimeValidator = fromHere('./test/runtime-validator.ts');

/**
 * The web suite on Vitest, with the app's own Vite transforms (docs/architecture.md, "Tests").
 * Both workers keep the libraries loaded from one test file to the next (`isolate: false`): React,
 * Chakra and RJSF load once per worker instead of once per file, which was most of the suite's
 * time. The app's own modules start afresh in each file (test/app-modules.ts), and what a file may
 * leave on the shared page (spies, fake timers, storage, cached queries) is reset after it
 * (test/isolation.ts).
 */
export default defineConfig({
  // The public pages' Markdown imports as the same compiled page object the app gets.
  plugins: [siteContent()],
  resolve: {
    alias: [
      // The shared package is consumed as TypeScript source, so web never waits for its build.
      { find: /^@scholarmatch\/schemas$/, replacement: fromHere('../schemas/src/index.ts') },
      // The app imports served validator modules, which jsdom cannot; tests validate with ajv at run time.
      { find: /^(\.{1,2}\/)+(.*\/)?forms\/form-validator$/, replacement: runtimeValidator },
      { find: /^\.\/form-validator$/, replacement: runtimeValidator },
      // Images are irrelevant to behaviour tests (stylesheets Vitest already leaves out).
      { find: /^.+\.(svg|png|jpg)$/, replacement: fromHere('./test/file-stub.js') },
    ],
  },
  test: {
    environment: 'jsdom',
    // browser-apis first: the setup that follows imports Chakra, which looks for them.
    setupFiles: ['./test/browser-apis.ts', './test/app-modules.ts', './test/testing-library.ts', './test/isolation.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    isolate: false,
    // Child processes rather than threads: the same CPU time here (about 120 s either way), and
    // each worker holds its own heap (0.9 GB at most) instead of both in one process (1.7 GB).
    pool: 'forks',
    maxWorkers: 2,
    // RJSF forms with Chakra take a moment to mount in jsdom on a small machine.
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
