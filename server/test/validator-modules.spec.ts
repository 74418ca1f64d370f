import { toFieldErrors, type FieldError } from '@scholarmatch/schemas';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';

type ValidateFn = ((data: unknown) => boolean) & { errors?: Parameters<typeof toFieldErrors>[0] };
type Schema = { type?: string | string[]; properties?: Record<string, Schema> };

/** Wrong answers of every kind, so each property's type, pattern, range and keyword checks all speak. */
function wrongAnswers(schema: Schema): Record<string, unknown>[] {
  const byType: Record<string, unknown[]> = {
    string: ['', '??', '2999-01-01', '1900-13', 'x'.repeat(5000)],
    number: [-1e9, 1e12],
    integer: [1.5, -1],
    boolean: ['yes'],
    array: [['??'], []],
    object: [{}, { grade: '??' }],
  };
  const rounds = 5;
  const answers: Record<string, unknown>[] = [{}];
  for (let round = 0; round < rounds; round++) {
    const data: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      const type = [property.type ?? 'string'].flat()[0]!;
      const values = byType[type] ?? byType.string;
      data[key] = values[round % values.length];
    }
    answers.push(data);
  }
  return answers;
}

const sorted = (errors: FieldError[]) => errors.map((e) => `${e.path}: ${e.message}`).sort();

/**
 * Forms ship their validators precompiled (ajv standalone, bundled into one ES module), so the
 * browser validates under `script-src 'self'` without `new Function`. The module must reach the
 * server's verdict with the server's words.
 */
describe('precompiled validator modules', () => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'validator-modules-'));
  let written = 0;

  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  /** Imports a served module as the browser would (it is self-contained: no import of its own). */
  async function importModule(code: string): Promise<Record<string, ValidateFn>> {
    const file = path.join(dir, `validator-${written++}.mjs`);
    writeFileSync(file, code);
    return ((await import(file)) as { default: Record<string, ValidateFn> }).default;
  }

  async function rootValidator(validatorUrl: string, schema: object): Promise<ValidateFn> {
    const res = await get(validatorUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).not.toMatch(/\bnew Function\b|\beval\(/);
    expect(res.body).not.toMatch(/^\s*import\s/m);
    const fns = await importModule(res.body);
    // RJSF looks the root validator up by the schema's hash; the module must hold one per sub-schema.
    expect(Object.keys(fns).length).toBeGreaterThan(0);
    const { hashForSchema } = await import('@rjsf/utils');
    const root = fns[hashForSchema(schema as never)];
    expect(root).toBeInstanceOf(Function);
    return root!;
  }

  it('serves every catalogue form with a module that agrees with the server on wrong answers', async () => {
    const keys = (await t.sql.query<{ key: string }>('SELECT key FROM forms ORDER BY key')).rows.map((row) => row.key);
    expect(keys.length).toBeGreaterThanOrEqual(5);
    let compared = 0;
    let messages = 0;
    for (const key of keys) {
      const { data: form } = (await get(`/api/v1/forms/${key}`)).json();
      expect(form.validatorUrl).toBe(`/api/v1/forms/${key}/validator.js?version=${form.version}`);
      const validate = await rootValidator(form.validatorUrl, form.schema);
      for (const answers of wrongAnswers(form.schema)) {
        const server = await t.app.inject({ method: 'POST', url: `/api/v1/forms/${key}/validate`, payload: { data: answers } });
        expect(server.statusCode).toBe(200);
        const { errors, data: kept } = server.json().data as { errors: FieldError[]; data: unknown };
        // The server drops answers to hidden fields first; the browser never holds those.
        validate(kept);
        expect(sorted(toFieldErrors(validate.errors))).toEqual(sorted(errors));
        compared++;
        messages += errors.length;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(keys.length * 6);
    // The comparison is worth something only if the wrong answers drew many messages.
    expect(messages).toBeGreaterThan(100);
    console.log(`validator modules: ${keys.length} forms, ${compared} answer sets, ${messages} messages compared`);
  });

  it('applies the date keywords in the browser module (minAge, notAfterToday) with the seed words', async () => {
    const { data: form } = (await get('/api/v1/forms/profile-basic')).json();
    const validate = await rootValidator(form.validatorUrl, form.schema);
    const young = new Date(Date.now() - 10 * 365 * 86_400_000).toISOString().slice(0, 10);
    validate({ dob: young });
    expect(toFieldErrors(validate.errors)).toContainEqual({ path: 'dob', message: 'User should not be less than 16 year!' });
  });

  it('answers 304 to a browser that asks again, 404 for a version no longer served, 400 for a malformed one', async () => {
    const { data: form } = (await get('/api/v1/forms/profile-basic')).json();
    const first = await get(form.validatorUrl);
    expect((await get(form.validatorUrl, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    const gone = await get('/api/v1/forms/profile-basic/validator.js?version=0000000000000000');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errorCode).toBe('FORM_VERSION_NOT_FOUND');
    const malformed = await get('/api/v1/forms/profile-basic/validator.js?version=latest');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().description).toMatch(/version/);
    expect((await get('/api/v1/forms/profile-basic/validator.js')).statusCode).toBe(400);
  });

  it("serves a requirement form version's module without a token, and only for versions it served", async () => {
    const api = accountClient(t);
    const provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026')).json().data.accessToken;
    const member = (await api.login('member@demo.scholarmatch.test', 'DemoMember#2026')).json().data.accessToken;
    const created = await api.call('POST', '/providers/scholarships', {
      token: provider,
      body: {
        title: 'Validator module',
        award: 500,
        recurrenceConfig: { deadline: `${new Date().getUTCFullYear() + 1}-06-30` },
        requirements: [
          { title: 'Essay', dataType: 'editor', key: 'essay' },
          { title: 'Portfolio', dataType: 'link', key: 'portfolio', optional: true },
        ],
      },
    });
    const id = created.json().data.id as string;
    expect((await api.call('POST', `/providers/scholarships/${id}/publish`, { token: provider })).statusCode).toBe(200);
    const served = await api.call('GET', `/scholarships/${id}/form`, { token: member });
    expect(served.statusCode).toBe(200);
    const form = served.json().data;
    expect(form.validatorUrl).toBe(`/api/v1/scholarships/${id}/form/validator.js?version=${form.version}`);
    const validate = await rootValidator(form.validatorUrl, form.schema);
    validate({ portfolio: 'not a link' });
    const errors = toFieldErrors(validate.errors);
    expect(errors).toContainEqual({ path: 'essay', message: 'Please add essay!' });
    expect(errors.some((e) => e.path === 'portfolio')).toBe(true);
    expect((await get(`/api/v1/scholarships/${id}/form/validator.js?version=0000000000000000`)).statusCode).toBe(404);
  });
});
