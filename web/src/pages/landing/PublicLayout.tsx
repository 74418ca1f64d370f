import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { InFrame } from '../misc/frame-context';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

/** The frame of every public page: top bar, the page, footer. The footer stays at the bottom of short pages. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box minH="100dvh" display="flex" flexDirection="column">
      <TopBar />
      <Box as="main" flex="1">
        <InFrame>{children}</InFrame>
      </Box>
      <Footer />
    </Box>
  );
}
