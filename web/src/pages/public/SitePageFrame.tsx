import { sitePageTitle } from '@scholarmatch/schemas';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../ui/document-title';
import { PageShell } from '../misc/PageShell';
import { PageIntro } from './PageIntro';
import type { SitePage } from './site-page';

/** The frame of every content page: its tab title, the public layout, and its heading and lead from the front matter. */
export function SitePageFrame({ page, children }: { page: SitePage; children: ReactNode }) {
  useDocumentTitle(sitePageTitle(page.title));
  return (
    <PageShell>
      <PageIntro eyebrow={page.eyebrow} title={page.title}>
        {page.intro}
      </PageIntro>
      {children}
    </PageShell>
  );
}
