import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SiteFiguresCache } from '../src/site/site-figures.js';
import { startTestApp, type TestApp } from './test-app.js';

/** index.html as Vite writes it, and a pages.json as the web build writes it (web/content/site-content.mjs). */
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta
      name="description"
      content="The default description."
    />
    <title>ScholarMatch: scholarships matched to you</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const FAQ_LD = JSON.stringify({ '@context': 'https://schema.org', '@type': 'FAQPage', mainEntity: [] });
const PAGES = [
  { path: '/', canonicalPath: '/', title: 'Scholarships matched to you', description: 'Home "quoted" & more.', html: '<h1>Home</h1><p>{{scholarshipsListed}} scholarships worth {{listedValue}} are open today. $& stays.</p>', structuredData: null },
  { path: '/home', canonicalPath: '/', title: 'Scholarships matched to you', description: 'Home.', html: '<h1>Home</h1>', structuredData: null },
  { path: '/faq', canonicalPath: '/faq', title: 'Frequently asked questions', description: 'Answers about ScholarMatch.', html: '<h1>Frequently asked questions</h1><h2 id="is-it-free">Is it free?</h2><p>Yes.</p>', structuredData: FAQ_LD },
];

describe('the public site for crawlers (docs/public-site.md)', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    mkdirSync(path.join(webDist, 'site'));
    writeFileSync(path.join(webDist, 'index.html'), SHELL);
    writeFileSync(path.join(webDist, 'site', 'pages.json'), JSON.stringify(PAGES));
    t = await startTestApp({ WEB_DIST: webDist, PUBLIC_URL: 'https://scholarmatch.example' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('serves a content page with its text, title, description, canonical address and Open Graph tags', async () => {
    const res = await get('/faq');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>Frequently asked questions | ScholarMatch</title>');
    expect(res.body).toContain('<meta name="description" content="Answers about ScholarMatch." />');
    expect(res.body).not.toContain('The default description.');
    expect(res.body).toContain('<link rel="canonical" href="https://scholarmatch.example/faq" data-prerendered />');
    expect(res.body).toContain('<meta property="og:title" content="Frequently asked questions | ScholarMatch" data-prerendered />');
    expect(res.body).toContain('<meta property="og:url" content="https://scholarmatch.example/faq" data-prerendered />');
    expect(res.body).toContain(`<script type="application/ld+json" data-prerendered>${FAQ_LD}</script>`);
    expect(res.body).toContain('<div id="root"><div class="prerendered"><h1>Frequently asked questions</h1><h2 id="is-it-free">Is it free?</h2>');
    // The app's script is still there to take over.
    expect(res.body).toContain('src="/assets/index-abc.js"');
  });

  it('escapes front matter in attributes, and keeps `$` sequences of the text as written', async () => {
    const res = await get('/');
    expect(res.body).toContain('content="Home &quot;quoted&quot; &amp; more."');
    expect(res.body).toContain('$& stays');
  });

  it('fills the catalogue figures from the database', async () => {
    const [provider] = (
      await t.sql.query(`INSERT INTO users (email, password_hash, role, first_name, last_name) VALUES ('fund@example.org', 'x', 'provider', 'Civic', 'Fund') RETURNING id`)
    ).rows;
    for (const [slug, award] of [['civic-leaders', 2000], ['stem-futures', 5000]] as const) {
      await t.sql.query(`INSERT INTO scholarships (provider_id, title, status, award, slug, published_at) VALUES ($1, $2, 'published', $3, $4, now())`, [provider.id, slug, award, slug]);
    }
    await t.app.get(SiteFiguresCache).refresh();
    expect((await get('/')).body).toContain('<p>2 scholarships worth $7,000 are open today.');
    // And as data for the app, on content pages and app routes alike, so the browser need not ask.
    for (const url of ['/', '/auth/dashboard']) {
      expect((await get(url)).body).toContain('<script type="application/json" id="site-figures">{"counts":2,"totalValue":7000}</script>');
    }
  });

  it('serves an alias with the canonical address of its page, and other routes as the bare app', async () => {
    expect((await get('/home')).body).toContain('<link rel="canonical" href="https://scholarmatch.example/" data-prerendered />');
    const app = await get('/auth/dashboard');
    expect(app.body).toContain('<div id="root"></div>');
    expect(app.body).toContain('The default description.');
    expect(app.body).not.toContain('og:title');
    expect((await get('/faq/?utm_source=x')).body).toContain('<h2 id="is-it-free">');
  });

  it('tells crawlers what to read and where the sitemap is', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Disallow: /auth\n');
    expect(res.body).toContain('Disallow: /app\n');
    expect(res.body).toContain('Sitemap: https://scholarmatch.example/sitemap.xml');
  });

  it('lists each content page once, and each open published scholarship, in sitemap.xml', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://scholarmatch.example/',
        'https://scholarmatch.example/faq',
        'https://scholarmatch.example/scholarships/civic-leaders',
        'https://scholarmatch.example/scholarships/stem-futures',
      ]),
    );
    expect(locs.filter((loc) => loc === 'https://scholarmatch.example/')).toHaveLength(1);
    expect(locs).not.toContain('https://scholarmatch.example/home');
  });
});
