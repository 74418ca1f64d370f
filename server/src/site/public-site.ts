import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AppConfig } from '../config/app-config.js';
import type { PrerenderedPage, SiteFigures } from '@scholarmatch/schemas';
import { prerender, withSiteFigures } from './prerender.js';
import { SiteFiguresCache } from './site-figures.js';

function readOptional(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The built web app as pages: index.html for client-side routes, and for the public content paths
 * the same shell with the page's text and tags pre-rendered in it (docs/public-site.md). The
 * exception filter hands it every GET that no API route or file answered.
 */
@Injectable()
export class PublicSite {
  private readonly shell: string | undefined;
  private readonly pages = new Map<string, PrerenderedPage>();
  private readonly publicUrl: string;
  /** Each page as last rendered, by path ('' for the bare app), for the figures it was rendered with. */
  private readonly rendered = new Map<string, string>();
  private renderedWith: SiteFigures | undefined;

  constructor(config: AppConfig, private readonly figures: SiteFiguresCache) {
    this.publicUrl = config.publicUrl;
    this.shell = config.WEB_DIST ? readOptional(path.join(config.WEB_DIST, 'index.html')) : undefined;
    const manifest = this.shell ? readOptional(path.join(config.WEB_DIST, 'site', 'pages.json')) : undefined;
    for (const page of manifest ? (JSON.parse(manifest) as PrerenderedPage[]) : []) this.pages.set(page.path, page);
  }

  get available(): boolean {
    return this.shell !== undefined;
  }

  /** The addresses search engines should list, each once. */
  get canonicalPaths(): string[] {
    return [...new Set([...this.pages.values()].map((page) => page.canonicalPath))];
  }

  /** A page navigation to a path that is neither the API nor a file. */
  shouldServe(request: FastifyRequest): boolean {
    if (!this.shell || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api' || path.extname(url)) return false;
    return true;
  }

  send(request: FastifyRequest, reply: FastifyReply): void {
    const html = this.render(this.pages.get(normalisePath(request.url)));
    reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }

  /** Rendered once per page and figures, not per request: every app route and content page comes through here. */
  private render(page: PrerenderedPage | undefined): string {
    const figures = this.figures.current;
    if (figures !== this.renderedWith) {
      this.rendered.clear();
      this.renderedWith = figures;
    }
    const key = page?.path ?? '';
    let html = this.rendered.get(key);
    if (html === undefined) {
      html = withSiteFigures(page ? prerender(this.shell!, page, this.publicUrl, figures) : this.shell!, figures);
      this.rendered.set(key, html);
    }
    return html;
  }
}

/** `/faq/?x=1` -> `/faq`: the page a request names. */
function normalisePath(url: string): string {
  const pathname = url.split(/[?#]/)[0];
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}
