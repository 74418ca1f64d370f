import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { PublicScholarshipsRepository } from '../studio/public-scholarships.repository.js';
import { escapeHtml } from './prerender.js';
import { PublicSite } from './public-site.js';

/** A sitemap holds at most 50,000 addresses; the content pages come first, then the newest scholarships. */
const SITEMAP_LIMIT = 50_000;
/** Crawlers fetch it rarely; the newest publications may wait this long to appear. */
const CACHE_MS = 60 * 60_000;

/**
 * robots.txt and sitemap.xml (docs/public-site.md): crawlers may read the public pages and each
 * open scholarship's public page; the account areas, the chat and the API are not for indexing.
 */
@Injectable()
export class Sitemap {
  private cached: { xml: string; at: number } | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly site: PublicSite,
    private readonly scholarships: PublicScholarshipsRepository,
  ) {}

  robotsTxt(): string {
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /auth',
      'Disallow: /app',
      'Disallow: /api/',
      'Disallow: /chatbot',
      '',
      `Sitemap: ${this.config.publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  }

  async xml(now = Date.now()): Promise<string> {
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.xml;
    const pages = this.site.canonicalPaths.map((path) => ({ path, lastmod: undefined as string | undefined }));
    const scholarships = await this.scholarships.listedForSitemap(SITEMAP_LIMIT - pages.length);
    const urls = [...pages, ...scholarships.map(({ slug, lastmod }) => ({ path: `/scholarships/${encodeURIComponent(slug)}`, lastmod }))];
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls.map(({ path, lastmod }) => `<url><loc>${escapeHtml(this.config.publicUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`),
      '</urlset>',
      '',
    ].join('\n');
    this.cached = { xml, at: now };
    return xml;
  }
}
