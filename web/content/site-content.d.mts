import type { PrerenderedPage } from '@scholarmatch/schemas';
import type { SitePage } from '../src/pages/public/site-page';

export interface SitePath {
  path: string;
  page: string;
  canonicalPath?: string;
  structuredData?: 'FAQPage';
}

export declare const SITE_PAGES: readonly SitePath[];
export declare function headingId(text: string): string;
export declare function compilePage(source: string, name: string, structuredData?: 'FAQPage'): SitePage;
export declare function pageFile(name: string): URL;
export declare function compileSite(): PrerenderedPage[];
