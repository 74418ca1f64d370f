import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageShell } from '../misc/PageShell';
import { PageIntro } from './PageIntro';
import { sitePageTitle, type SitePage } from './site-page';
import { SiteContent } from './SiteContent';
import { useDocumentTitle } from '../../app/document-title';

/** A public text page: the page's heading and lead from its front matter, its Markdown, then the page's own actions. */
export function ContentPage({ page, children }: { page: SitePage; children?: ReactNode }) {
  useDocumentTitle(sitePageTitle(page));
  return (
    <PageShell>
      <PageIntro eyebrow={page.eyebrow} title={page.title}>
        {page.intro}
      </PageIntro>
      <Stack gap="10">
        <SiteContent html={page.html} />
        {children}
      </Stack>
    </PageShell>
  );
}
