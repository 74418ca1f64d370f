import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { KEY_SCOPES } from '../src/auth/permissions.js';
import { accountClient } from './accounts-helpers.js';
import { type FuzzCase, type OpenApiDocument, operationCases, operationsOf } from './fuzz/openapi-inputs.js';
import { FakeOidcIssuer } from './fake-oidc-issuer.js';
import { startTestApp, type TestApp } from './test-app.js';
import { filePart, multipartBody, pdfFile } from './upload-fixtures.js';

const OPENAPI = JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../docs/openapi.json'), 'utf8')) as OpenApiDocument;

/**
 * Operations that are pages, not API calls (the sandbox's hosted checkout): their refusals are
 * HTML pages a person reads, as their OpenAPI responses declare, not the JSON error body.
 */
const HTML_PAGES = new Set(
  Object.entries(OPENAPI.paths as Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>>).flatMap(([route, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => Object.values(op.responses ?? {}).some((response) => response.content?.['text/html']))
      .map(([method]) => `${method.toUpperCase()} ${route}`),
  ),
);

/** What no body may show: stack frames, SQL, server file paths. */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\n\s+at |\bat [^\s()]+ \([^)]*:\d+:\d+\)/],
  ['error with path', /Error: [^"]*\/[\w.-]+\.(?:ts|js):\d+/],
  ['SQL', /\bSELECT |\bINSERT INTO|\bUPDATE [a-z_]+ SET|\bDELETE FROM|syntax error at|violates |relation "|column "|duplicate key/],
  ['file path', /\/work\/|node_modules|\.ts:\d|\.js:\d|\/home\/|\/usr\/|file:\/\//],
];

interface Outcome {
  requests: number;
  statuses: Map<number, number>;
  serverErrors: string[];
  badBodies: string[];
  leaks: string[];
}

/** Refusals of the guard, which runs before a request's input is read (docs/api.md, "Authentication"). */
const GUARD_REFUSALS = new Set(['TOKEN_MISSING', 'FORBIDDEN_ROLE', 'KEY_SCOPE_MISSING']);

function refusedBeforeInput(res: { statusCode: number; json(): unknown }): boolean {
  if (res.statusCode !== 401 && res.statusCode !== 403) return false;
  try {
    return GUARD_REFUSALS.has(String((res.json() as { errorCode?: unknown }).errorCode));
  } catch {
    return false;
  }
}

/** `providerKey`: an API key of the provider's holding every key scope (docs/api.md, "API keys"). */
type Identity = 'anonymous' | 'applicant' | 'provider' | 'admin' | 'providerKey';

/**
 * OpenAPI-driven fuzzing: every operation of docs/openapi.json with valid and hostile
 * inputs, anonymously and with each role's token. No 5xx; every 4xx is the error body of
 * docs/api.md; no body shows a stack trace, SQL or a file path.
 */
describe('fuzzing every operation of the OpenAPI document', () => {
  let t: TestApp;
  let issuer: FakeOidcIssuer;
  let api: ReturnType<typeof accountClient>;
  const tokens: Partial<Record<Identity, string>> = {};
  const ids: Record<string, string> = {};
  const outcome: Outcome = { requests: 0, statuses: new Map(), serverErrors: [], badBodies: [], leaks: [] };
  let ipCounter = 0;

  beforeAll(async () => {
    // Google sign-in on, against the loopback provider, so its routes are fuzzed past the 404 of a server without it.
    issuer = await FakeOidcIssuer.start();
    t = await startTestApp({
      DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 100_000, CHAT_TURNS_PER_MINUTE: 100_000, LOGIN_MAX_FAILURES: 1000, API_KEY_RATE_LIMIT_PER_MINUTE: 100_000, WEBHOOKS_ALLOW_LOOPBACK: true,
      GOOGLE_CLIENT_ID: issuer.clientId, GOOGLE_CLIENT_SECRET: issuer.clientSecret, GOOGLE_ISSUER: issuer.url,
    });
    api = accountClient(t);
    tokens.admin = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026')).json().data.accessToken;
    tokens.provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026')).json().data.accessToken;
    const key = await api.call('POST', '/providers/api-keys', { token: tokens.provider, body: { name: 'Fuzz', scopes: [...KEY_SCOPES] } });
    tokens.providerKey = key.json().data.secret;
    const applicant = await api.signUp();
    tokens.applicant = applicant.session.accessToken;
    ids.applicant = applicant.session.user.id;

    const created = await api.call('POST', '/providers/scholarships', {
      token: tokens.provider,
      body: { title: 'Fuzz target', award: 1000, recurrenceConfig: { deadline: `${new Date().getUTCFullYear() + 1}-06-30` } },
    });
    ids.ownScholarship = created.json().data.id;
    const { rows } = await t.sql.query(`SELECT id FROM scholarships WHERE status = 'published' ORDER BY id LIMIT 1`);
    ids.published = rows[0].id;
    const { body, contentType } = multipartBody([filePart(pdfFile())]);
    const upload = await t.app.inject({ method: 'POST', url: '/api/v1/common/upload', headers: { authorization: `Bearer ${tokens.applicant}`, 'content-type': contentType }, payload: body });
    ids.file = upload.json().data.id;
    const sweepstakes = await api.call('GET', '/sweepstakes/current', { token: tokens.applicant });
    ids.sweepstakes = sweepstakes.json().data?.id ?? '';
    // A webhook endpoint on loopback's discard port, for an event the fuzzing does not cause.
    const endpoint = await api.call('POST', '/providers/webhooks', { token: tokens.provider, body: { url: 'http://127.0.0.1:9/fuzz', events: ['winner.selected'] } });
    ids.webhook = endpoint.json().data.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  /** Real values for path parameters, so the hostile bodies reach past the 404s. */
  const known = (userId: string) => (operation: string, parameter: string): string[] => {
    if (parameter === 'formKey') return ['profile-basic'];
    if (parameter === 'key') return ['highSchoolName'];
    if (parameter === 'sweepstakesId') return ids.sweepstakes ? [ids.sweepstakes] : [];
    if (operation.includes('/register-applicants/{id}') || operation.includes('/admin/applicants/{id}')) return [userId];
    if (operation.includes('/providers/scholarships/{id}')) return [ids.ownScholarship];
    if (operation.includes('/scholarships/assistance/{id}')) return ['1'];
    if (operation.includes('/scholarships/{id}')) return [ids.published];
    if (operation.includes('/common/files/{id}')) return [ids.file];
    if (operation.includes('/providers/webhooks/{id}') && parameter === 'id') return [ids.webhook];
    return [];
  };

  /**
   * An operation's cases, made once: the same seed and ids give the same list, and the run asks
   * for each list up to seven times (four roles, the key, the bad tokens, the idempotency keys).
   */
  const caseLists = new Map<string, FuzzCase[]>();
  const casesOf = (route: string, method: string, userId: string): FuzzCase[] => {
    const key = `${method} ${route} ${userId}`;
    let cases = caseLists.get(key);
    if (!cases) caseLists.set(key, (cases = operationCases(OPENAPI, route, method, { seed: 2026, known: known(userId) })));
    return cases;
  };

  /** Sends one case and records what came back. */
  const send = async (fuzz: FuzzCase, token: string | undefined, who: string) => {
    ipCounter += 1;
    const res = await t.app.inject({
      method: fuzz.method as 'GET',
      url: fuzz.url,
      remoteAddress: `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
      headers: { ...fuzz.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(fuzz.payload !== undefined ? { payload: fuzz.payload } : {}),
    });
    outcome.requests += 1;
    outcome.statuses.set(res.statusCode, (outcome.statuses.get(res.statusCode) ?? 0) + 1);
    const where = `${who} ${fuzz.operation} [${fuzz.label}] ${fuzz.method} ${fuzz.url.slice(0, 120)}`;
    if (res.statusCode >= 500) outcome.serverErrors.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
    const type = String(res.headers['content-type'] ?? '');
    if (res.statusCode >= 400 && !(HTML_PAGES.has(fuzz.operation) && type.includes('text/html'))) {
      let body: Record<string, unknown> | undefined;
      try {
        body = type.includes('json') ? res.json() : undefined;
      } catch {
        body = undefined;
      }
      const ok =
        body &&
        body.statusCode === res.statusCode &&
        typeof body.error === 'string' &&
        typeof body.message === 'string' &&
        typeof body.description === 'string' &&
        body.description.trim() !== '' &&
        (body.errors === undefined || (Array.isArray(body.errors) && body.errors.every((e) => typeof e?.path === 'string' && typeof e?.message === 'string')));
      if (!ok) outcome.badBodies.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
    }
    if (type.includes('json') || type.includes('text') || type === '') {
      const sent = `${fuzz.url} ${fuzz.payload?.toString() ?? ''}`;
      for (const [kind, pattern] of LEAKS) {
        const match = pattern.exec(res.body);
        if (match && !sent.includes(match[0])) outcome.leaks.push(`${kind} (${JSON.stringify(match[0])}) in ${res.statusCode} ${where}: ${res.body.slice(0, 300)}`);
      }
    }
    return res;
  };

  /** What the first run found (each was a 500): now a 400 with a description. */
  it('refuses the inputs that used to fail with 500', async () => {
    const deep = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
    const cases: [string, string, string, string | undefined, string | RegExp][] = [
      // class-transformer recursed until the stack overflowed.
      ['POST', '/users/auth/login', deep, undefined, /nested too deeply/],
      ['POST', '/forms/profile-basic/validate', deep, undefined, /nested too deeply/],
      // A lone surrogate made the e-mail validator throw URIError.
      ['POST', '/register-applicants/forgot-password', '{"email":"\\ud800 lone"}', undefined, /not valid Unicode/],
      ['POST', '/register-applicants', JSON.stringify({ ...api.newApplicant(), firstName: 'x' }).replace('"x"', '"\\udc00"'), undefined, /not valid Unicode/],
      // null reached a NOT NULL column (and title.trim()).
      ['POST', '/providers/scholarships', JSON.stringify({ title: 'x', amounts: null }), tokens.provider, /amounts/],
      ['POST', '/providers/scholarships', JSON.stringify({ title: 'x', recurrenceConfig: null }), tokens.provider, /recurrenceConfig/],
      ['PATCH', `/providers/scholarships/${ids.ownScholarship}`, JSON.stringify({ title: null }), tokens.provider, /title/],
      ['PATCH', `/providers/scholarships/${ids.ownScholarship}`, JSON.stringify({ criteria: null }), tokens.provider, /criteria/],
    ];
    for (const [method, url, raw, token, description] of cases) {
      const res = await api.call(method as 'POST', url, { raw, token });
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json().description).toMatch(description);
    }
    // No filters at all, sent as null, is the same as none.
    expect((await api.call('POST', '/scholarships/eligible-scholarships/stats', { body: { eligiblityFilters: null } })).statusCode).toBe(200);
  });

  it('answers thousands of valid and hostile requests without a 5xx, with the error body, leaking nothing', async () => {
    const started = Date.now();
    const perOperation = new Map<string, number>();
    for (const who of ['anonymous', 'applicant', 'provider', 'admin'] as Identity[]) {
      for (const [route, method] of operationsOf(OPENAPI)) {
        const operation = `${method.toUpperCase()} ${route}`;
        let token = tokens[who];
        let userId = ids.applicant;
        // Calls that could end the session in use (or change the account's e-mail) get a throwaway account.
        if (who === 'applicant' && /update-password|PUT \/api\/v1\/register-applicants\/\{id\}$|auth\/logout|auth\/refresh/.test(operation)) {
          const throwaway = await api.signUp({}, `10.250.${perOperation.size % 250}.1`);
          token = throwaway.session.accessToken;
          userId = throwaway.session.user.id;
        }
        // Every identity the guard lets in gets the full case list, with real ids (its own, where the
        // route takes one). One it refuses before reading any input (signed out, another role) gets
        // the first case only: the rest would be refused the same way, and the parsing and
        // validation they probe are those the admitted identities' cases run through.
        const cases = casesOf(route, method, userId);
        let sent = 0;
        for (const fuzz of cases) {
          const res = await send(fuzz, token, who);
          sent += 1;
          if (sent === 1 && refusedBeforeInput(res)) break;
        }
        perOperation.set(operation, (perOperation.get(operation) ?? 0) + sent);
      }
    }

    // The provider's API key: every case on the operations a key may call, the first case on the others (refused).
    for (const [route, method] of operationsOf(OPENAPI)) {
      const cases = casesOf(route, method, ids.applicant);
      const keyMayCall = Boolean(OPENAPI.paths[route][method]['x-key-scope']);
      for (const fuzz of keyMayCall ? cases : cases.slice(0, 1)) await send(fuzz, tokens.providerKey, 'providerKey');
      if (keyMayCall) perOperation.set(`${method.toUpperCase()} ${route}`, (perOperation.get(`${method.toUpperCase()} ${route}`) ?? 0) + cases.length);
    }

    // Broken bearer tokens on every operation's valid-looking request, made-up API keys among them.
    const badTokens = [
      'garbage', `${tokens.applicant}x`, 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4Iiwicm9sZSI6ImFkbWluIn0.', 'a.b.c', ''.padEnd(8000, 'A'),
      `smk_live_${'A'.repeat(43)}`, `${tokens.providerKey}x`, "smk_live_' OR '1'='1", 'smk_',
    ];
    for (const [route, method] of operationsOf(OPENAPI)) {
      const [first] = casesOf(route, method, ids.applicant);
      for (const token of badTokens) await send(first, token, 'bad-token');
    }

    // Hostile Idempotency-Key headers on every create that honours one (docs/api.md, "Idempotent requests").
    const hostileKeys = ['', 'k'.repeat(256), "' OR '1'='1", 'clé', 'two words', '%00', '../../etc/passwd', '{"$ne":null}'];
    for (const [route, method] of operationsOf(OPENAPI)) {
      const declared = OPENAPI.paths[route][method].parameters ?? [];
      if (!declared.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key')) continue;
      const [first] = casesOf(route, method, ids.applicant);
      for (const who of ['applicant', 'provider', 'admin'] as Identity[]) {
        for (const key of hostileKeys) await send({ ...first, label: `Idempotency-Key ${JSON.stringify(key.slice(0, 12))}`, headers: { ...first.headers, 'idempotency-key': key } }, tokens[who], who);
      }
    }

    // Hand-made multipart bodies for the upload route.
    const upload = (label: string, payload: string | Buffer, contentType: string | undefined, query = ''): FuzzCase => ({
      operation: 'POST /api/v1/common/upload',
      label,
      method: 'POST',
      url: `/api/v1/common/upload${query}`,
      headers: contentType ? { 'content-type': contentType } : {},
      payload,
    });
    const good = multipartBody([filePart(pdfFile())]);
    const multipartCases: FuzzCase[] = [
      upload('no boundary', good.body, 'multipart/form-data'),
      upload('wrong boundary', good.body, 'multipart/form-data; boundary=other'),
      upload('truncated', good.body.subarray(0, Math.floor(good.body.length / 2)), good.contentType),
      upload('headers only', Buffer.from('------scholarmatch-test-boundary\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n'), good.contentType),
      upload('no closing boundary', good.body.subarray(0, good.body.length - 40), good.contentType),
      upload('empty', '', good.contentType),
      upload('field only', multipartBody([{ name: 'note', data: 'hello' }]).body, good.contentType),
      upload('file under another name', multipartBody([{ name: 'other', data: pdfFile(), filename: 'a.pdf', contentType: 'application/pdf' }]).body, good.contentType),
      upload('two files', multipartBody([filePart(pdfFile()), filePart(pdfFile(), 'b.pdf')]).body, good.contentType),
      upload('empty file', multipartBody([filePart(Buffer.alloc(0))]).body, good.contentType),
      upload('traversal file name', multipartBody([filePart(pdfFile(), '../../etc/passwd')]).body, good.contentType),
      upload('NUL in file name', multipartBody([filePart(pdfFile(), 'a\u0000.pdf')]).body, good.contentType),
      upload('huge file name', multipartBody([filePart(pdfFile(), `${'n'.repeat(20_000)}.pdf`)]).body, good.contentType),
      upload('unicode file name', multipartBody([filePart(pdfFile(), '\u202Efdp.exe 😀.pdf')]).body, good.contentType),
      upload('no filename', multipartBody([{ name: 'file', data: pdfFile(), contentType: 'application/pdf' }]).body, good.contentType),
      upload('no disposition', Buffer.from('------scholarmatch-test-boundary\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n------scholarmatch-test-boundary--\r\n'), good.contentType),
      upload('garbage', Buffer.from('\u0000\u0001 not multipart at all'), good.contentType),
      upload('json instead', JSON.stringify({ file: 'data:application/pdf;base64,JVBERi0=' }), 'application/json'),
      upload('text/plain', 'plain', 'text/plain'),
      upload('no content type', good.body, undefined),
      upload('bad purpose', good.body, good.contentType, '?purpose=%27%20OR%201%3D1'),
      upload('image purpose with pdf', good.body, good.contentType, '?purpose=image'),
      upload('too large', multipartBody([filePart(pdfFile(3 * 1024 * 1024))]).body, good.contentType),
    ];
    for (const fuzz of multipartCases) {
      await send(fuzz, undefined, 'anonymous');
      await send(fuzz, tokens.applicant, 'applicant');
    }

    const histogram = Object.fromEntries([...outcome.statuses].sort(([a], [b]) => a - b));
    console.log(
      [
        `fuzz: ${outcome.requests} requests over ${perOperation.size} operations in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        `statuses: ${JSON.stringify(histogram)}`,
        `5xx (${outcome.serverErrors.length}): ${outcome.serverErrors.slice(0, 30).join('\n  ') || 'none'}`,
        `4xx without the error body (${outcome.badBodies.length}): ${outcome.badBodies.slice(0, 30).join('\n  ') || 'none'}`,
        `leaky bodies (${outcome.leaks.length}): ${outcome.leaks.slice(0, 30).join('\n  ') || 'none'}`,
      ].join('\n'),
    );
    expect(perOperation.size).toBe(operationsOf(OPENAPI).length);
    expect(outcome.requests).toBeGreaterThanOrEqual(5000);
    expect(outcome.serverErrors).toEqual([]);
    expect(outcome.badBodies).toEqual([]);
    expect(outcome.leaks).toEqual([]);
    // About 55 s alone on a quiet 2-core machine, 248 s inside npm test's concurrent suites: room for a slower one.
  }, 600_000);
});
