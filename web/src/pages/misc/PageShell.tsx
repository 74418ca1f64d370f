import { Container } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PublicLayout } from '../landing/PublicLayout';

/** The public layout with a centred content column: the frame of every public text page. */
export function PageShell({ children, maxW = '4xl' }: { children: ReactNode; maxW?: string }) {
  return (
    <PublicLayout>
      <Container maxW={maxW} py={{ base: '10', md: '16' }}>
        {children}
      </Container>
    </PublicLayout>
  );
}
