/// <reference types="vite/client" />

/**
 * Every module of the app, loaded before a worker's first test file. The app loads its routes,
 * dialogs and heavy widgets on demand (`import()`); under Jest each test file compiled what it
 * imported at once, so such a part arrived within the same moment. Here a part's first load goes
 * through Vite's transform in another thread, and on a busy machine took longer than a test waits
 * for the page it shows. Loaded up front, every on-demand import answers from the worker's module
 * cache as it did under Jest, whichever file asks first. Left out: the entry, which mounts the app
 * on import, and the served-validator loader, which the tests replace (vitest.config.ts).
 */
const modules = import.meta.glob(['../src/**/*.{ts,tsx}', '!../src/main.tsx', '!../src/**/*.d.ts', '!../src/forms/form-validator.ts']);
for (const load of Object.values(modules)) await load();
