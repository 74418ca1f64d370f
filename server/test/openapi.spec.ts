import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { generateOpenApiDocument, serialiseOpenApiDocument } from '../src/cli/openapi-document.js';
import { REPO_ROOT } from '../src/config/app-config.js';

const FIX = 'run `npm run openapi` and commit docs/openapi.json and web/src/api/schema.d.ts';

/** The committed contract must match the code, and the web's types must match the contract. */
describe('the committed OpenAPI document', () => {
  let generated: string;
  beforeAll(async () => {
    generated = serialiseOpenApiDocument(await generateOpenApiDocument());
  });

  it(`is current (else ${FIX})`, () => {
    const committed = readFileSync(path.join(REPO_ROOT, 'docs', 'openapi.json'), 'utf8');
    expect(committed).toBe(generated);
  });

  it('documents every operation with its success body and the error body', () => {
    const doc = JSON.parse(generated);
    const errorRef = '#/components/schemas/ErrorBodyDto';
    for (const [route, operations] of Object.entries<Record<string, { responses: Record<string, { content?: object }> }>>(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses);
        const documentsError = Object.entries(operation.responses).some(
          ([status, response]) => (status === 'default' || /^[45]/.test(status)) && JSON.stringify(response).includes(errorRef),
        );
        expect([route, method, statuses.some((s) => s.startsWith('2')), documentsError]).toEqual([route, method, true, true]);
      }
    }
    expect(doc.components.schemas.ErrorBodyDto.required).toEqual(
      expect.arrayContaining(['statusCode', 'error', 'message', 'description']),
    );
  });

  it(`matches the web's generated API types (else ${FIX})`, () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
    const input = path.join(dir, 'openapi.json');
    const output = path.join(dir, 'schema.d.ts');
    writeFileSync(input, generated);
    // Resolved from the web workspace, which owns the generator (and may hold its own copy).
    const webRequire = createRequire(path.join(REPO_ROOT, 'web', 'package.json'));
    const cli = path.join(path.dirname(webRequire.resolve('openapi-typescript/package.json')), 'bin', 'cli.js');
    execFileSync(process.execPath, [cli, input, '-o', output], { stdio: 'pipe' });
    const committed = readFileSync(path.join(REPO_ROOT, 'web', 'src', 'api', 'schema.d.ts'), 'utf8');
    expect(committed).toBe(readFileSync(output, 'utf8'));
  });
});
