import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { SitePage } from './site-page';
import { SiteContent } from './SiteContent';
import { SitePageFrame } from './SitePageFrame';

/** A public text page: its Markdown, then the page's own actions. */
export function ContentPage({ page, children }: { page: SitePage; children?: ReactNode }) {
  return (
    <SitePageFrame page={page}>
      <Stack gap="10">
        <SiteContent html={page.html} />
        {children}
      </Stack>
    </SitePageFrame>
  );
}
