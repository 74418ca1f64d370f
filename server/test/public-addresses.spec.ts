import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { accountClient } from './accounts-helpers.js';
import { FakeOidcIssuer } from './fake-oidc-issuer.js';
import { eventually, startTestApp, type TestApp } from './test-app.js';
import { filePart, multipartBody, pdfFile } from './upload-fixtures.js';

const SHELL = '<!doctype html><html lang="en"><head><title>ScholarMatch</title></head><body><div id="root"></div></body></html>';
const PAGES = [{ path: '/faq', canonicalPath: '/faq', title: 'Frequently asked questions', description: 'Answers.', html: '<h1>FAQ</h1>', structuredData: null }];
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', postalCode: '10001' };

/** What an attacker puts in a request's Host (and, behind a proxy, X-Forwarded-Host) to steer the addresses the server writes. */
const SPOOFED = 'evil.example';
const SPOOFING_HEADERS = { host: SPOOFED, 'x-forwarded-host': SPOOFED, 'x-forwarded-proto': 'https' };

/**
 * Every absolute address the server writes comes from its configuration (docs/security.md,
 * "Absolute addresses"): PUBLIC_URL, or without one the address it listens on. Never from a
 * request's Host header, which the client chooses.
 */
describe('absolute addresses never come from the Host header', () => {
  const OWN = 'http://localhost:3000';
  let issuer: FakeOidcIssuer;
  let webDist: string;
  let dataDir: string;
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;

  beforeAll(async () => {
    issuer = await FakeOidcIssuer.start();
    webDist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'scholarmatch-addresses-'));
    mkdirSync(path.join(webDist, 'site'));
    writeFileSync(path.join(webDist, 'index.html'), SHELL);
    writeFileSync(path.join(webDist, 'site', 'pages.json'), JSON.stringify(PAGES));
    // No PUBLIC_URL: the address it listens on (PORT 3000, every interface) stands in for it.
    t = await startTestApp({
      WEB_DIST: webDist,
      DATA_DIR: dataDir,
      TRUST_PROXY: true,
      AUTH_RATE_LIMIT_PER_MINUTE: 1000,
      GOOGLE_CLIENT_ID: issuer.clientId,
      GOOGLE_CLIENT_SECRET: issuer.clientSecret,
      GOOGLE_ISSUER: issuer.url,
    });
    api = accountClient(t);
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
    rmSync(webDist, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  const spoofed = (method: 'GET' | 'POST', url: string, options: { token?: string; body?: object; headers?: Record<string, string>; payload?: string | Buffer } = {}) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...SPOOFING_HEADERS,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(options.body ? { payload: JSON.stringify(options.body) } : options.payload !== undefined ? { payload: options.payload } : {}),
    });

  it('sends the browser back from the checkout to the configured address, and e-mails links to it', async () => {
    const { session } = await api.signUp();
    const plan = (await api.call('GET', '/subscription-plans')).json().data[0];
    const opened = await spoofed('POST', '/api/v1/user-payments/checkout', { token: session.accessToken, body: { planId: plan.id } });
    expect(opened.statusCode).toBe(201);
    const { checkoutUrl, sessionId } = opened.json().data;
    expect(checkoutUrl).not.toContain(SPOOFED);

    const { rows } = await t.sql.query(`SELECT request->>'successUrl' AS success, request->>'cancelUrl' AS cancel FROM sandbox_checkout_sessions WHERE id = $1`, [sessionId]);
    expect(rows[0]).toEqual({ success: `${OWN}/auth/dashboard/success`, cancel: `${OWN}/auth/dashboard/subscription-plan` });
    const page = await spoofed('GET', checkoutUrl);
    expect(page.body).toContain(`href="${OWN}/auth/dashboard/subscription-plan"`);
    expect(page.body).not.toContain(SPOOFED);

    const paid = await spoofed('POST', `${checkoutUrl}/pay`, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(GOOD_CARD).toString() });
    expect([paid.statusCode, paid.headers.location]).toEqual([303, `${OWN}/auth/dashboard/success`]);

    // The trial's receipt goes to the inbox, and from there by e-mail with a link to it.
    await eventually(async () => {
      const mail = await t.sql.query(`SELECT html_body, text_body FROM mail_outbox WHERE to_address = $1`, [session.user.email]);
      expect(mail.rows.length).toBeGreaterThan(0);
      for (const row of mail.rows) {
        expect(row.html_body).toContain(`${OWN}/auth/dashboard/inbox`);
        expect(`${row.html_body}${row.text_body}`).not.toContain(SPOOFED);
      }
    }, 15_000);
  });

  it("gives Google the configured callback address, whatever the request's host", async () => {
    const started = await spoofed('GET', '/api/v1/users/auth/google');
    expect(started.statusCode).toBe(200);
    const authorization = new URL(started.json().data.url);
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${OWN}/auth/google/callback`);
    expect(started.body).not.toContain(SPOOFED);
  });

  it('writes the sitemap, robots.txt and pre-rendered canonical links with the configured address', async () => {
    for (const url of ['/sitemap.xml', '/robots.txt']) {
      const res = await spoofed('GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(OWN);
      expect(res.body).not.toContain(SPOOFED);
    }
    const faq = await spoofed('GET', '/faq', { headers: { accept: 'text/html' } });
    expect(faq.body).toContain(`<link rel="canonical" href="${OWN}/faq" data-prerendered />`);
    expect(faq.body).not.toContain(SPOOFED);
  });

  it("answers an upload's address as a path of this server, with no host in it", async () => {
    const { session } = await api.signUp();
    const { body, contentType } = multipartBody([filePart(pdfFile())]);
    const res = await spoofed('POST', '/api/v1/common/upload', { token: session.accessToken, headers: { 'content-type': contentType }, payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.publicUrl).toMatch(/^\/api\/v1\/common\/files\/[0-9a-f-]{36}$/);
  });
});
