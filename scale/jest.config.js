import { typescriptTransform } from '../jest.transform.js';

/**
 * Scale-out suite (`npm run test:scale`, docs/scaling.md): two replicas of the built server on one
 * PostgreSQL database behind nginx. One file at a time: each starts its own replicas and nginx,
 * and the throughput file measures, so nothing else may share the machine meanwhile.
 */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>'],
  testMatch: ['**/*.scale.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^@scholarmatch/testkit$': '<rootDir>/../testkit/src/index.ts', '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': typescriptTransform() },
  testTimeout: 120000,
  maxWorkers: 1,
};
