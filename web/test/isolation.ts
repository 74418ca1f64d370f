import { afterAll, vi } from 'vitest';
import { clearSession } from '../src/session/session-store';
import { queryClient } from '../src/ui/query-client';
import { toaster } from '../src/ui/toaster';

/**
 * A worker runs many test files on one page and one set of libraries (vitest.config.ts, `isolate:
 * false`), so each file ends the way a fresh page would start the next: real timers, no spies or
 * stand-in globals, nothing stored or cached, no session or toasts, at '/' and 1024 px wide. Files
 * still clean up after their own tests; this only keeps one file's leftovers out of the next.
 */
const page = {
  fetch: globalThis.fetch,
  XMLHttpRequest: globalThis.XMLHttpRequest,
  createObjectURL: URL.createObjectURL,
  revokeObjectURL: URL.revokeObjectURL,
};
const ORIGINALS = Symbol.for('scholarmatch.page-originals');
const remembered = ((globalThis as { [ORIGINALS]?: typeof page })[ORIGINALS] ??= page);

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  queryClient.clear();
  clearSession();
  toaster.remove();
  localStorage.clear();
  sessionStorage.clear();
  globalThis.fetch = remembered.fetch;
  globalThis.XMLHttpRequest = remembered.XMLHttpRequest;
  Object.assign(URL, { createObjectURL: remembered.createObjectURL, revokeObjectURL: remembered.revokeObjectURL });
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
  window.history.replaceState(null, '', '/');
  document.title = '';
});
