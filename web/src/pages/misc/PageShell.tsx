import { Container } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PublicLayout } from '../landing/PublicLayout';

interface ShellProps {
  children: ReactNode;
  maxW?: string;
}

/** The centred content column of a text page, without the frame around it. */
function Column({ children, maxW = '4xl' }: ShellProps) {
  return (
    <Container maxW={maxW} py={{ base: '10', md: '16' }}>
      {children}
    </Container>
  );
}

/** The public layout with a centred content column: the frame of every public text page. */
export function PageShell({ children, maxW = '4xl' }: ShellProps) {
  return (
    <PublicLayout>
      <Column maxW={maxW}>{children}</Column>
    </PublicLayout>
  );
}

PageShell.Column = Column;
