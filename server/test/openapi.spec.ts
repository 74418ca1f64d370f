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

  it('describes every operation beyond its summary (docs/api.md, "Descriptions and examples")', () => {
    const undescribed = operationsOf(JSON.parse(generated))
      .filter(({ operation }) => !operation.description?.trim() || operation.description.trim() === operation.summary?.trim())
      .map(({ operation }) => operation.operationId);
    expect(undescribed).toEqual([]);
  });

  it('shows an example of every JSON request body and 2xx JSON answer (docs/api.md, "Descriptions and examples")', () => {
    const doc = JSON.parse(generated);
    const withoutExample = operationsOf(doc).flatMap(({ operation }) => {
      const bodies: { which: string; media?: Media }[] = [
        { which: 'request', media: operation.requestBody?.content?.['application/json'] },
        ...Object.entries(operation.responses)
          .filter(([status]) => status.startsWith('2'))
          .map(([status, response]) => ({ which: status, media: response.content?.['application/json'] })),
      ];
      return bodies.filter(({ media }) => media && !mediaHasExample(doc, media)).map(({ which }) => `${operation.operationId} (${which})`);
    });
    expect(withoutExample).toEqual([]);
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

  it('names the key scope of every provider operation an API key may call (docs/api.md, "API keys")', () => {
    const doc = JSON.parse(generated);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'smk_live_…' });
    /** The owner's own settings: a person's session only. */
    const sessionOnly = ['getOrganisation', 'saveOrganisation', 'inviteReviewer', 'listReviewers', 'removeReviewer', 'listApiKeys', 'createApiKey', 'revokeApiKey'];
    type Operation = { operationId: string; responses: Record<string, { description?: string }>; security?: object[]; description?: string; 'x-key-scope'?: string };
    const operations = Object.values<Record<string, Operation>>(doc.paths).flatMap((byMethod) => Object.values(byMethod));
    const providers = operations.filter((operation) => /Only for .*\bprovider\b/.test(operation.responses['403']?.description ?? ''));
    expect(providers.length).toBeGreaterThan(30);
    for (const operation of providers) {
      const scope = operation['x-key-scope'];
      if (sessionOnly.includes(operation.operationId)) {
        expect([operation.operationId, scope]).toEqual([operation.operationId, undefined]);
        continue;
      }
      expect([operation.operationId, scope]).toEqual([operation.operationId, expect.stringMatching(/^(read_own_scholarships|manage_scholarships|read_applications|write_reviews|write_messages|manage_webhooks)$/)]);
      expect(operation.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
      expect(operation.description).toContain(`with the \`${scope}\` scope`);
    }
    // Nothing else may be called with a key.
    const scoped = operations.filter((operation) => operation['x-key-scope']);
    expect(scoped.every((operation) => providers.includes(operation))).toBe(true);
  });

  it("passes Redocly's recommended rules without an error or a wrong example (the warnings left: docs/api.md)", () => {
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
    // Recommended only warns of an example its schema refuses; a wrong example misleads integrators.
    const wrongExamples = report.problems
      .filter((problem) => problem.ruleId === 'no-invalid-schema-examples' || problem.ruleId === 'no-invalid-media-type-examples')
      .map((problem) => `${problem.location[0]?.pointer}: ${problem.message}`);
    expect(wrongExamples).toEqual([]);
    expect(run.status).toBe(0);
  });
});

interface Media {
  example?: unknown;
  examples?: Record<string, unknown>;
  schema?: Schema;
}
interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  requestBody?: { content?: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}
interface Schema {
  $ref?: string;
  example?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

function operationsOf(doc: Document): { operation: Operation }[] {
  return Object.values(doc.paths).flatMap((operations) => Object.values(operations).map((operation) => ({ operation })));
}

/** The media type's example(s), or one reachable from its schema. */
function mediaHasExample(doc: Document, media: Media): boolean {
  if (media.example !== undefined || Object.keys(media.examples ?? {}).length > 0) return true;
  return media.schema !== undefined && schemaHasExample(doc, media.schema, new Set());
}

/**
 * A schema has an example when it carries one, or when every part of it does: each property of
 * an object, the items of an array, each branch of allOf/oneOf/anyOf, following `$ref`. A leaf
 * (a string, a number, a free-form object) without `example` has none. A schema met again on
 * its own path (a recursive one) counts as shown.
 */
function schemaHasExample(doc: Document, schema: Schema, seen: Set<string>): boolean {
  if (schema.example !== undefined) return true;
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return true;
    const target = doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')];
    return target !== undefined && schemaHasExample(doc, target, new Set([...seen, schema.$ref]));
  }
  const parts = [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
    ...(schema.allOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.anyOf ?? []),
  ];
  return parts.length > 0 && parts.every((part) => schemaHasExample(doc, part, seen));
}
