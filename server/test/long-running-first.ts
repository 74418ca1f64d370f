import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The specs that take far longer than the rest, longest first. Vitest orders by the durations in
 * its cache, but a clean clone (CI) has none and falls back to file size, which can start a short
 * file of long loops (the fuzz spec) last, so one worker runs it alone while the other idles.
 * Starting these first lets the short files fill the other workers (docs/architecture.md, "Tests").
 */
const LONG_RUNNING = [
  'test/fuzz.spec.ts',
  'test/injection.spec.ts',
  'test/status-messages.spec.ts',
  'test/login-races.spec.ts',
  'test/uploads.spec.ts',
];

export class LongRunningFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => LONG_RUNNING.findIndex((suffix) => file.moduleId.endsWith(suffix));
    const ordered = await super.sort(files);
    const long = ordered.filter((file) => rank(file) >= 0).sort((a, b) => rank(a) - rank(b));
    return [...long, ...ordered.filter((file) => rank(file) < 0)];
  }
}
