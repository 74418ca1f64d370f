import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from './test-app.js';

describe('health and the HTTP shell', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    // A stand-in for the built web app, so pages (/, client routes) are served as in production.
    webDist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
    t = await startTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  /** The CSP's directives by name: `{ 'script-src': ["'self'"], ... }`. */
  const directives = (csp: unknown) =>
    Object.fromEntries(
      String(csp ?? '')
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter(([name]) => name)
        .map(([name, ...values]) => [name.toLowerCase(), values]),
    ) as Record<string, string[]>;

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
    // HSTS, nosniff and the referrer policy: the next test, on every kind of response.
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    const csp = String(res.headers['content-security-policy']);
    // default-src 'none' also forbids objects (object-src falls back to it).
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
  });

  it('sends HSTS, nosniff and a referrer policy on every kind of response, and the page policy on every page', async () => {
    const page = { accept: 'text/html' };
    const responses: [string, { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; payload?: string }, number, 'page' | 'api'][] = [
      ['the landing page', { url: '/', headers: page }, 200, 'page'],
      ['a client route', { url: '/auth/login', headers: page }, 200, 'page'],
      ['Swagger UI', { url: '/api/docs', headers: page }, 200, 'page'],
      ['a JSON answer', { url: '/api/v1/forms/profile-basic' }, 200, 'api'],
      ['401', { url: '/api/v1/users/me' }, 401, 'api'],
      ['400', { url: '/api/v1/users/auth/login', method: 'POST', headers: { 'content-type': 'application/json' }, payload: '{"userName":1}' }, 400, 'api'],
      ['404 in the API', { url: '/api/v1/no/such/thing', headers: page }, 404, 'api'],
      ['a missing asset', { url: '/assets/missing-file.js' }, 404, 'page'],
    ];
    for (const [what, request, status, kind] of responses) {
      const res = await t.app.inject({ method: request.method ?? 'GET', url: request.url, headers: request.headers, payload: request.payload });
      expect([what, res.statusCode]).toEqual([what, status]);
      expect([what, res.headers['strict-transport-security']]).toEqual([what, expect.stringMatching(/max-age=31536000/)]);
      expect([what, res.headers['x-content-type-options']]).toEqual([what, 'nosniff']);
      expect([what, res.headers['referrer-policy']]).toEqual([what, 'no-referrer']);
      const csp = directives(res.headers['content-security-policy']);
      // Every response can be framed by nobody and takes no <base>; pages also refuse plugins (the API's
      // default-src 'none' already does).
      expect([what, csp['frame-ancestors'], csp['base-uri']]).toEqual([what, ["'none'"], ["'none'"]]);
      if (kind === 'page') expect([what, csp['object-src']]).toEqual([what, ["'none'"]]);
      if (String(res.headers['content-type']).startsWith('text/html')) expect([what, kind]).toEqual([what, 'page']);
    }
  });

  it("lets pages run only the app's own script files: no inline script, no eval", async () => {
    for (const url of ['/', '/auth/login', '/api/docs']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect([url, String(res.headers['content-type'])]).toEqual([url, expect.stringMatching(/^text\/html/)]);
      const csp = directives(res.headers['content-security-policy']);
      const scripts = csp['script-src'] ?? csp['default-src'];
      expect([url, scripts]).toEqual([url, expect.arrayContaining(["'self'"])]);
      const unsafe = ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'data:', 'blob:', 'http:', 'https:'];
      expect([url, scripts.filter((source) => unsafe.includes(source.toLowerCase()))]).toEqual([url, []]);
      expect([url, csp['script-src-attr'] ?? ["'none'"]]).toEqual([url, ["'none'"]]);
    }
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
