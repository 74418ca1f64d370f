import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate, GENERATED_DIR } from '../scripts/generate.js';

/** The committed generated files must be what docs/openapi.json gives today (else run `npm run openapi` and commit sdk/src/generated/). */
describe('the generated files', () => {
  it('match a fresh generation from docs/openapi.json', () => {
    const fresh = mkdtempSync(path.join(os.tmpdir(), 'sdk-generated-'));
    generate(undefined, fresh);
    for (const file of ['schema.d.ts', 'operations.ts']) {
      expect(readFileSync(path.join(GENERATED_DIR, file), 'utf8'), file).toBe(readFileSync(path.join(fresh, file), 'utf8'));
    }
  });
});
