import { typescriptTransform } from '../jest.transform.js';

/**
 * Jest in ESM mode (the package is ESM; run through `node --experimental-vm-modules`, see the
 * `test` script). SWC compiles TypeScript and TSX on the fly (../jest.transform.js).
 */
export default {
  testEnvironment: '<rootDir>/test/jsdom-env.js',
  setupFilesAfterEnv: ['<rootDir>/test/testing-library.ts'],
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: {
    '\\.(css|less|svg|png|jpg)$': '<rootDir>/test/file-stub.js',
    '^@scholarmatch/schemas$': '<rootDir>/../schemas/src/index.ts',
    // The app imports served validator modules, which jsdom cannot; tests validate with ajv at run time.
    '^(\\.{1,2}/)+(.*/)?forms/form-validator$': '<rootDir>/test/runtime-validator.ts',
    '^\\./form-validator$': '<rootDir>/test/runtime-validator.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  moduleFileExtensions: ['js', 'mjs', 'cjs', 'jsx', 'ts', 'tsx', 'json', 'node', 'md'],
  transform: {
    '^.+\\.md$': '<rootDir>/test/markdown-transform.mjs',
    '^.+\\.tsx?$': typescriptTransform({ jsx: true }),
  },
  // RJSF forms with Chakra take a moment to mount in jsdom on a small machine.
  testTimeout: 20_000,
  // Two workers on two cores, each replaced once it holds 1 GB: Jest's default here is one
  // in-process worker whose heap grows with every file's module registry (docs/architecture.md, "Tests").
  maxWorkers: 2,
  testSequencer: '<rootDir>/../jest.sequencer.js',
  workerIdleMemoryLimit: '1GB',
};
