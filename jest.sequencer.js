import TestSequencer from '@jest/test-sequencer';

/**
 * The specs that take far longer than the rest, longest first. Jest orders by the durations in its
 * cache, but a clean clone (CI) has none and falls back to file size, which can start a short file
 * of long loops (the fuzz spec) last, so one worker runs it alone while the other idles. Starting
 * these first lets the short files fill the other worker (docs/architecture.md, "Tests").
 */
const LONG_RUNNING = [
  'e2e/accessibility.e2e.ts',
  'e2e/lazy-widgets.e2e.ts',
  'e2e/provider-studio.e2e.ts',
  'e2e/chat.e2e.ts',
];

export default class LongRunningFirst extends TestSequencer {
  sort(tests) {
    const rank = (test) => LONG_RUNNING.findIndex((suffix) => test.path.endsWith(suffix));
    const ordered = super.sort(tests);
    const long = ordered.filter((test) => rank(test) >= 0).sort((a, b) => rank(a) - rank(b));
    return [...long, ...ordered.filter((test) => rank(test) < 0)];
  }
}
