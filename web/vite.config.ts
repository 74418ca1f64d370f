import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { siteContent } from './content/vite-site-content.mjs';

function fromHere(relativePath: string): string {
  return decodeURIComponent(new URL(relativePath, import.meta.url).pathname);
}

export default defineConfig({
  // siteContent: the public pages' Markdown (content/pages/) as page objects, and dist/site/pages.json.
  plugins: [react(), siteContent()],
  resolve: {
    alias: {
      // The shared package is consumed as TypeScript source, so web never waits for its build.
      '@scholarmatch/schemas': fromHere('../schemas/src/index.ts'),
      // Served texts are plain; see src/forms/plain-markdown.tsx.
      'markdown-to-jsx/react': fromHere('./src/forms/plain-markdown.tsx'),
      // RJSF's `$ref` resolution through `$id`s: served schemas have none; see src/forms/uri-resolver.ts.
      'fast-uri': fromHere('./src/forms/uri-resolver.ts'),
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route loads (bench/bundle.ts sizes them).
    manifest: true,
    // Routes are split with lazy imports (see src/app/router.tsx): the landing page never loads
    // RJSF, ajv or the form widgets.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      treeshake: {
        // Chakra's `defineConfig` returns its argument: marked pure, the default theme it builds
        // from all of its recipes is dropped when unused (src/app/theme.ts takes the recipes it needs).
        manualPureFunctions: ['defineConfig'],
      },
      output: {
        codeSplitting: {
          // React and the CSS-in-JS runtime change least often: their own chunk stays cached
          // across releases. The rest of what the entry imports is one chunk; everything else
          // follows the route split.
          groups: [
            { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler|@emotion|stylis)[\\/]/, priority: 2 },
            // Everything the entry imports statically is loaded by every page anyway: one file
            // compresses better than fifty (docs/performance.md, "Web bundle").
            { name: 'shell', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
