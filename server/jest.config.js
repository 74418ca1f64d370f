/**
 * Jest in ESM mode (Nest 12 is ESM-only). Unit specs sit beside the code (src/**\/*.spec.ts);
 * integration specs in test/ run against a real PostgreSQL with the real migrations: DATABASE_URL
 * when set, otherwise an embedded one started by the global setup. Each spec file gets its own
 * fresh database.
 */
import { commonJsTransform, typescriptTransform } from '../jest.transform.js';

const ESM_ONLY_REQUIRED = ['content-disposition', 'cookie'];

export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^@scholarmatch/schemas$': '<rootDir>/../schemas/src/index.ts',
    '^@scholarmatch/schemas/html$': '<rootDir>/../schemas/src/domain/html.ts',
    '^@scholarmatch/testkit$': '<rootDir>/../testkit/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': typescriptTransform(),
    // ESM-only packages that CommonJS dependencies require(): Node 20 allows it, Jest does not.
    [`/node_modules/(${ESM_ONLY_REQUIRED.join('|')})/.+\\.js$`]: commonJsTransform(),
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_REQUIRED.join('|')})/)`],
  globalSetup: '<rootDir>/test/global-setup.js',
  globalTeardown: '<rootDir>/test/global-teardown.js',
  // Room for the heaviest tests (the webhook storm, the races) while the web suite shares the two cores (npm test runs both at once).
  testTimeout: 60000,
  // Two workers on two cores, each replaced once it holds 1 GB (docs/architecture.md, "Tests"). A
  // third starves the long fuzz and injection specs of CPU.
  maxWorkers: 2,
  testSequencer: '<rootDir>/../jest.sequencer.js',
  workerIdleMemoryLimit: '1GB',
};
