import { startTestApp, type TestApp } from './test-app.js';

describe('health and the HTTP shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports the database as up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ statusCode: 200, data: { status: 'ok', database: 'up' } });
  });

  it('applies the migrations (never synchronize) and records them', async () => {
    const { rows } = await t.sql.query('SELECT name FROM migrations ORDER BY id');
    expect(rows.map((r) => r.name)).toContain('CreateFormDefinitions1795304637283');
  });

  it('sends the API security headers on JSON responses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const csp = String(res.headers['content-security-policy']);
    // default-src 'none' also forbids objects (object-src falls back to it).
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
  });

  it('sends the page security policy on pages (Swagger UI)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
  });

  it('answers unknown API paths with the error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Not Found', description: 'This address does not exist.' });
  });

  it('serves Swagger UI and the OpenAPI document', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs-json' });
    expect(doc.json().paths['/api/v1/forms/{formKey}']).toBeDefined();
  });
});
