import { gzipSync } from 'node:zlib';
import { createScholarship, makeMember, NEXT_YEAR, publishedScholarship } from '@scholarmatch/testkit';
import { embedOriginOf } from '../src/embed/embed-origins.js';
import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';

/**
 * The embeddable scholarship card (docs/embedding.md): the card of a published scholarship, framed
 * only by the sites its organisation lists, the loader that sizes it, and the applications that
 * came through it, counted for the sponsor.
 */
describe('the embeddable card', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let provider: string;
  let admin: string;
  let scholarship: string;

  const card = (id: string) => t.app.inject({ method: 'GET', url: `/embed/scholarships/${id}` });
  const frameAncestors = (csp: string | string[] | undefined) => /frame-ancestors ([^;]+)/.exec(String(csp))?.[1];
  const setOrigins = (origins: unknown, token = provider) => api.call('PUT', '/providers/embed/origins', { token, body: { origins } });
  const settings = async (token = provider) => {
    const res = await api.call('GET', '/providers/embed', { token });
    expect(res.statusCode).toBe(200);
    return res.json().data as { origins: string[]; loaderUrl: string; scholarships: { id: string; snippet: string; embedApplications: number }[] };
  };

  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 10_000, PUBLIC_URL: 'https://scholarmatch.example' });
    api = accountClient(t);
    provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026')).json().data.accessToken;
    admin = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026')).json().data.accessToken;
    scholarship = await publishedScholarship(api.kit, provider, {
      title: 'Harbor <Lights> Award',
      award: 2500,
      recurrenceConfig: { deadline: NEXT_YEAR },
      criteria: [
        { fieldKey: 'gender', operator: 'eq', value: '1' },
        { fieldKey: 'dob', operator: 'ageBetween', value: [16, 25] },
      ],
      requirements: [
        { title: 'Why this field', dataType: 'text', key: 'why' },
        { title: 'Portfolio link', dataType: 'link', key: 'portfolio', optional: true },
      ],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('renders a published scholarship: title, amount, deadline, eligibility and requirements in words, an Apply link with the referral; no cookie', async () => {
    const res = await card(scholarship);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['set-cookie']).toBeUndefined();
    const html = res.body;
    expect(html).toContain('<h1 id="card-title">Harbor &lt;Lights&gt; Award</h1>');
    expect(html).toContain('<dt>Total amount</dt><dd>$2,500</dd>');
    expect(html).toMatch(new RegExp(`<dt>Deadline</dt><dd>June 30, ${NEXT_YEAR.slice(0, 4)}</dd>`));
    // The rules in the words of the applicant's "Why you match", the option's label, not its value.
    expect(html).toContain('<li>Gender: Female</li><li>Age: between 16 and 25</li>');
    expect(html).toContain('<li>Why this field</li><li>Portfolio link (optional)</li>');
    const slug = (await t.sql.query('SELECT slug FROM scholarships WHERE id = $1', [scholarship])).rows[0].slug as string;
    expect(html).toContain(`href="https://scholarmatch.example/scholarships/${slug}?ref=embed&amp;s=${scholarship}" target="_blank" rel="noopener"`);
    expect(html).toContain('Apply on ScholarMatch');
    // Only its own hashed style and script; nothing else loads.
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; script-src 'sha256-[^']+'; base-uri 'none'; form-action 'none'; frame-ancestors /);
  });

  it('is a 404 card for a draft, an unknown or a malformed id, framed by no one but the draft owner’s sites', async () => {
    const draft = await createScholarship(api.kit, provider, { title: 'Not yet' });
    for (const id of [draft, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', '%3Cscript%3E']) {
      const res = await card(id);
      expect([id, res.statusCode]).toEqual([id, 404]);
      expect(res.body).toContain('This scholarship is not available');
      expect(res.body).not.toContain('Not yet');
    }
    expect(frameAncestors((await card('00000000-0000-4000-8000-000000000000')).headers['content-security-policy'])).toBe("'none'");
  });

  it("frames the card only from the organisation's listed sites, and leaves every other page's policy as it was", async () => {
    await setOrigins([]);
    const closed = await card(scholarship);
    expect(frameAncestors(closed.headers['content-security-policy'])).toBe("'none'");
    expect(closed.headers['x-frame-options']).toBe('DENY');

    const saved = await setOrigins(['https://www.Example.org/', 'http://localhost:8080', 'https://www.example.org', 'https://grants.example.org:8443']);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.origins).toEqual(['https://www.example.org', 'http://localhost:8080', 'https://grants.example.org:8443']);
    const open = await card(scholarship);
    expect(frameAncestors(open.headers['content-security-policy'])).toBe('https://www.example.org http://localhost:8080 https://grants.example.org:8443');
    // X-Frame-Options cannot name sites: it is left out rather than contradicting the policy.
    expect(open.headers['x-frame-options']).toBeUndefined();

    const api = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; base-uri 'none'; frame-ancestors 'none'");
    const loader = await t.app.inject({ method: 'GET', url: '/embed.js' });
    expect(frameAncestors(loader.headers['content-security-policy'])).toBe("'none'");
    expect(loader.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('refuses anything but a site origin with a 400 naming each entry, and keeps the list as it was', async () => {
    await setOrigins(['https://kept.example.org']);
    const bad = [
      'http://www.example.org', // http off loopback
      'https://www.example.org/scholarships', // a path
      'https://*.example.org', // a wildcard
      'www.example.org', // no scheme
      "https://a.example.org; script-src 'unsafe-inline'", // a directive smuggled in
      'https://a.example.org https://b.example.org', // two sources in one
      'javascript:alert(1)',
      'https://user:secret@example.org',
      'ftp://example.org',
      'https://intranet',
      '',
    ];
    const res = await setOrigins(['https://fine.example.org', ...bad]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'INVALID_ORIGIN', description: expect.stringContaining('"http://www.example.org" is not a site address') });
    expect(res.json().errors.map((error: { path: string }) => error.path)).toEqual(bad.map((_, index) => `origins.${index + 1}`));
    expect((await settings()).origins).toEqual(['https://kept.example.org']);

    for (const body of [{}, { origins: 'https://a.example.org' }, { origins: [42] }]) {
      const wrong = await api.call('PUT', '/providers/embed/origins', { token: provider, body });
      expect([JSON.stringify(body), wrong.statusCode, typeof wrong.json().description]).toEqual([JSON.stringify(body), 400, 'string']);
    }
    const many = await setOrigins(Array.from({ length: 21 }, (_, index) => `https://site${index}.example.org`));
    expect([many.statusCode, many.json().errorCode]).toEqual([400, 'TOO_MANY_ORIGINS']);
  });

  it('takes http only from loopback, and only while not in production on a public address', () => {
    expect(embedOriginOf('http://127.0.0.1:5173', true)).toBe('http://127.0.0.1:5173');
    expect(embedOriginOf('http://[::1]:3000', true)).toBe('http://[::1]:3000');
    expect(embedOriginOf('http://localhost:3000', false)).toBeUndefined();
    expect(embedOriginOf('https://localhost:3000', false)).toBe('https://localhost:3000');
    expect(embedOriginOf('https://www.example.org:443', false)).toBe('https://www.example.org');
  });

  it("lets only the owner change its own list: another provider's change is its own, an applicant is refused", async () => {
    await setOrigins(['https://owner.example.org']);
    const other = await api.otherProvider('embed.other@example.com');
    expect((await setOrigins(['https://intruder.example.org'], other)).statusCode).toBe(200);
    expect((await settings(other)).scholarships).toEqual([]);
    expect(frameAncestors((await card(scholarship)).headers['content-security-policy'])).toBe('https://owner.example.org');
    const applicant = await api.person();
    expect((await setOrigins(['https://x.example.org'], applicant.token)).statusCode).toBe(403);
    expect((await api.call('GET', '/providers/embed', { token: applicant.token })).statusCode).toBe(403);
  });

  it('records the referral on the application the referred student makes and counts submitted ones for the sponsor', async () => {
    const submit = (token: string, body: Record<string, unknown>) =>
      api.call('POST', '/scholarships/submit-individual-scholarship', { token, body: { scholarshipId: scholarship, requirements: [], ...body } });
    const essay = { key: 'why', fieldValue: 'I want to build harbours.' };
    const countOf = async () => (await settings()).scholarships.find((row) => row.id === scholarship)!.embedApplications;
    const before = await countOf();

    // Signed up after the click (the app keeps the referral from the Apply link through sign-up), a member, applies.
    const referred = await api.person();
    await makeMember(api.kit, admin, referred.id);
    const draft = await submit(referred.token, { status: 'Draft', requirements: [essay], referral: 'embed' });
    expect([draft.statusCode, draft.body]).toEqual([200, expect.any(String)]);
    expect(await countOf()).toBe(before); // a draft is not an application yet
    // A later save without it keeps how the applicant came.
    expect((await submit(referred.token, { status: 'Received', requirements: [essay] })).json().data.status).toBe('Received');
    const stored = await t.sql.query('SELECT referral_source FROM applications WHERE user_id = $1 AND scholarship_id = $2', [referred.id, scholarship]);
    expect(stored.rows).toEqual([{ referral_source: 'embed' }]);
    expect(await countOf()).toBe(before + 1);

    // Someone who came another way is not counted; an unknown referral is a 400, not stored.
    const direct = await api.person();
    await makeMember(api.kit, admin, direct.id);
    const wrong = await submit(direct.token, { status: 'Received', requirements: [essay], referral: 'partner' });
    expect([wrong.statusCode, wrong.json().description]).toEqual([400, expect.any(String)]);
    expect((await submit(direct.token, { status: 'Received', requirements: [essay] })).json().data.status).toBe('Received');
    expect(await countOf()).toBe(before + 1);

    const row = (await settings()).scholarships.find((entry) => entry.id === scholarship)!;
    expect(row.snippet).toBe(`<div data-scholarmatch-scholarship="${scholarship}"></div>\n<script async src="https://scholarmatch.example/embed.js"></script>`);
  });

  it('records the referral on an Easy Apply (no requirements) for the referred scholarship only', async () => {
    const easy = await publishedScholarship(api.kit, provider, { title: 'One-click Harbor Grant', award: 500, requirements: [] });
    const plain = await publishedScholarship(api.kit, provider, { title: 'Plain Grant', award: 500, requirements: [] });
    const student = await api.person();
    await makeMember(api.kit, admin, student.id);
    const res = await api.call('POST', '/scholarships/submit-scholarships', { token: student.token, body: { scholarshipId: [easy, plain], embedReferrals: [easy.toUpperCase()] } });
    expect([res.statusCode, res.body]).toEqual([200, expect.any(String)]);
    const stored = await t.sql.query('SELECT scholarship_id, referral_source FROM applications WHERE user_id = $1 ORDER BY referral_source NULLS LAST', [student.id]);
    expect(stored.rows).toEqual([{ scholarship_id: easy, referral_source: 'embed' }, { scholarship_id: plain, referral_source: null }]);
    expect((await settings()).scholarships.find((row) => row.id === easy)!.embedApplications).toBe(1);
  });

  it('serves the loader to any site, under 15 kB gzip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/embed.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(gzipSync(res.rawPayload).length).toBeLessThan(15 * 1024);
    expect(res.body).toContain("event.origin !== origin");
  });
});
