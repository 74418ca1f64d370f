import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { startTestApp, type TestApp } from './test-app.js';

/** The built web app is served at /, with index.html for client-side routes. */
describe('serving the web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.gz'), gzipSync('console.log(1)'));
    t = await startTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('serves index.html at / and for client routes, revalidated on each visit', async () => {
    for (const url of ['/', '/forms/profile-basic', '/auth/scholarshipDetail?42']) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.body).toContain('<div id="root">');
    }
    expect((await get('/auth/profile')).headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with a long cache life', async () => {
    const res = await get('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the gzip copy the build wrote to a browser that accepts it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('keeps unknown API paths and missing files as 404 error bodies', async () => {
    const api = await get('/api/v1/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json().description).toBe('This address does not exist.');
    const file = await get('/assets/missing-file.js');
    expect(file.statusCode).toBe(404);
  });
});
