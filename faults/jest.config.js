import { typescriptTransform } from '../jest.transform.js';

/**
 * Fault suite (`npm run test:faults`): the built server as a child process, under load, while
 * its database stops, it receives SIGTERM, or the mail server or the essay model stall. One file
 * at a time: each measures latencies and must not share the machine with another.
 */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>'],
  testMatch: ['**/*.fault.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^@scholarmatch/testkit$': '<rootDir>/../testkit/src/index.ts', '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': typescriptTransform() },
  testTimeout: 120000,
  maxWorkers: 1,
};
