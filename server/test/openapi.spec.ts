import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { generateOpenApiDocument, serialiseOpenApiDocument } from '../src/cli/openapi-document.js';
import { REPO_ROOT } from '../src/config/app-config.js';

const FIX = 'run `npm run openapi` and commit docs/openapi.json and sdk/src/generated/';

/**
 * The committed contract must match the code. The types generated from it (the SDK's, which the web
 * imports too) are checked against it by sdk/test/generated.spec.ts.
 */
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
        // A page's form post succeeds with a redirect (303 See Other), an API call with a 2xx body.
        const documentsSuccess = statuses.some((s) => s.startsWith('2') || s === '303');
        expect([route, method, documentsSuccess, documentsError]).toEqual([route, method, true, true]);
      }
    }
    expect(doc.components.schemas.ErrorBodyDto.required).toEqual(
      expect.arrayContaining(['statusCode', 'error', 'message', 'description']),
    );
  });

  it('names every operation for what it does, once (docs/api.md, "Operation names")', () => {
    const doc = JSON.parse(generated);
    const names = Object.values<Record<string, { operationId: string }>>(doc.paths).flatMap((operations) => Object.values(operations).map((operation) => operation.operationId));
    expect(names.filter((name) => !/^[a-z][a-zA-Z]+(_seedAddress)?$/.test(name))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['listApplicants', 'submitApplication', 'createScholarship', 'logIn']));
  });

  it('requires a token everywhere but on @Public() routes, which say `security: []`', () => {
    const doc = JSON.parse(generated);
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/v1/health'].get.security).toEqual([]);
    expect(doc.paths['/api/v1/users/auth/login'].post.security).toEqual([]);
    expect(doc.paths['/api/v1/users/me'].get.security).toBeUndefined();
    expect(Object.keys(doc.paths['/api/v1/users/me'].get.responses)).toContain('401');
    expect(Object.keys(doc.paths['/api/v1/admin/mail-outbox'].get.responses)).toEqual(expect.arrayContaining(['401', '403']));
  });

  it("passes Redocly's recommended rules without an error (the warnings left: docs/api.md)", () => {
    const serverRequire = createRequire(path.join(REPO_ROOT, 'server', 'package.json'));
    const cli = path.join(path.dirname(serverRequire.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
    const document = path.join(REPO_ROOT, 'docs', 'openapi.json');
    const run = spawnSync(process.execPath, [cli, 'lint', document, '--extends', 'recommended', '--format', 'json'], {
      encoding: 'utf8',
      // Offline: no usage report, no update check.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = report.problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(run.status).toBe(0);
  });
});
