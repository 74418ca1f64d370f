import { Module } from '@nestjs/common';
import { ScholarshipsModule } from '../scholarships/scholarships.module.js';
import { StudioModule } from '../studio/studio.module.js';
import { PublicSite } from './public-site.js';
import { SiteController } from './site.controller.js';
import { SiteFiguresCache } from './site-figures.js';
import { Sitemap } from './sitemap.js';

/** The public site for browsers and crawlers: pre-rendered content pages, robots.txt, sitemap.xml (docs/public-site.md). */
@Module({
  imports: [ScholarshipsModule, StudioModule],
  controllers: [SiteController],
  providers: [PublicSite, SiteFiguresCache, Sitemap],
  exports: [PublicSite],
})
export class SiteModule {}
