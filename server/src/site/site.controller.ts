import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators.js';
import { Sitemap } from './sitemap.js';

/** Served at the site's root (outside /api/v1, see app.factory.ts), where crawlers look for them. */
@ApiExcludeController()
@Public()
@Controller()
export class SiteController {
  constructor(private readonly sitemap: Sitemap) {}

  @Get('robots.txt')
  @Header('content-type', 'text/plain; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  robots(): string {
    return this.sitemap.robotsTxt();
  }

  @Get('sitemap.xml')
  @Header('content-type', 'application/xml; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  async sitemapXml(): Promise<string> {
    return this.sitemap.xml();
  }
}
