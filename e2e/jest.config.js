import { typescriptTransform } from '../jest.transform.js';

/** End-to-end specs: the built app in a real Chromium (Debian's, through playwright-core). */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>'],
  testMatch: ['**/*.e2e.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^@scholarmatch/testkit$': '<rootDir>/../testkit/src/index.ts', '^@scholarmatch/sdk$': '<rootDir>/../sdk/src/index.ts', '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': typescriptTransform() },
  globalSetup: '<rootDir>/global-setup.js',
  globalTeardown: '<rootDir>/global-teardown.js',
  testTimeout: 90000,
  // Two files at a time, each with its own server, database and Chromium: a browser test waits on
  // timers, animations and the network for much of its time, which the other file's work fills.
  maxWorkers: 2,
  testSequencer: '<rootDir>/../jest.sequencer.js',
};
