import { typescriptTransform } from '../jest.transform.js';

/** Jest in ESM mode (the package is ESM); SWC strips the types (../jest.transform.js). */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': typescriptTransform() },
};
