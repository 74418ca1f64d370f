import { Box, Container } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Footer } from '../landing/Footer';
import { TopBar } from '../landing/TopBar';

/** Top bar, a centred content column and the footer: the frame of every public page. */
export function PageShell({ children, maxW = '4xl' }: { children: ReactNode; maxW?: string }) {
  return (
    <Box minH="100dvh" display="flex" flexDirection="column">
      <TopBar />
      <Container as="main" maxW={maxW} flex="1" py={{ base: '10', md: '16' }}>
        {children}
      </Container>
      <Footer />
    </Box>
  );
}
