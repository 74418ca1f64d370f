/// <reference types="vite/client" />
import { vi } from 'vitest';

/**
 * A worker runs many test files (vitest.config.ts, `isolate: false`). The libraries (React,
 * Chakra, RJSF: node_modules, which Node loads) stay loaded from one file to the next; the app's
 * own modules start afresh in every file, as they did under Jest: their state, and what the app
 * has already loaded on demand (a `lazy()` part renders at once the second time), is the file's own.
 */
vi.resetModules();

/**
 * Every module of the app, compiled before a worker's first test file. The app loads its routes,
 * dialogs and heavy widgets on demand (`import()`); under Jest each test file compiled what it
 * imported within the same moment. Here a part's first compilation goes through Vite in another
 * thread, and on a busy machine took longer than a test waits for the page it shows. Compiled up
 * front, an on-demand import only evaluates code the worker already holds. Left out: the entry,
 * which mounts the app on import, and the served-validator loader, which the tests replace.
 */
const COMPILED = Symbol.for('scholarmatch.app-modules-compiled');
const worker = globalThis as { [COMPILED]?: boolean };
if (!worker[COMPILED]) {
  worker[COMPILED] = true;
  const modules = import.meta.glob(['../src/**/*.{ts,tsx}', '!../src/main.tsx', '!../src/**/*.d.ts', '!../src/forms/form-validator.ts']);
  for (const load of Object.values(modules)) await load();
}
