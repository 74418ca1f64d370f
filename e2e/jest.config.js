import { typescriptTransform } from '../jest.transform.js';

/** End-to-end specs: the built app in a real Chromium (Debian's, through playwright-core). */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>'],
  testMatch: ['**/*.e2e.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': typescriptTransform() },
  testTimeout: 90000,
  maxWorkers: 1,
};
