/**
 * The one TypeScript transform every Jest suite (schemas, e2e, faults, scale) uses: SWC strips
 * types without type-checking (much faster than type-checking each test file as ts-jest did);
 * `npm run typecheck`, part of `npm test`, checks the types once for the whole repository.
 * Output is ESM for the suites' own files (Jest runs them with --experimental-vm-modules).
 */

/** Options matching the tsconfigs: ES2023 with define semantics, legacy decorators with metadata (Nest). */
function swcOptions({ jsx = false } = {}) {
  return {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: jsx, decorators: true },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: true,
        ...(jsx ? { react: { runtime: 'automatic' } } : {}),
      },
      keepClassNames: true,
    },
    sourceMaps: 'inline',
  };
}

/** TypeScript files (and TSX when `jsx`), compiled to ESM. */
export function typescriptTransform({ jsx = false } = {}) {
  return ['@swc/jest', swcOptions({ jsx })];
}
