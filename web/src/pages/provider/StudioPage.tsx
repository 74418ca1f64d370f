import { Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { failureText } from '../../api/api-error';
import { NoticeBanner } from '../../forms/NoticeBanner';

/** A studio page: its one h1, an optional lead and actions beside the heading, then the content. */
export function StudioPage({ title, lead, actions, children, maxW = '5xl' }: { title: string; lead?: ReactNode; actions?: ReactNode; children: ReactNode; maxW?: string }) {
  return (
    <Container maxW={maxW} py={{ base: '5', md: '8' }} px={{ base: '4', md: '6' }}>
      <HStack justify="space-between" align="flex-start" gap="4" mb="6" flexWrap="wrap">
        <Stack gap="1" minW="0">
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
            {title}
          </Heading>
          {lead ? <Text color="fg.muted">{lead}</Text> : null}
        </Stack>
        {actions}
      </HStack>
      {children}
    </Container>
  );
}

/** A call that failed: the server's sentence and 'Try again'. */
export function LoadFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Stack gap="3" align="flex-start">
      <NoticeBanner notice={{ status: 'error', text: failureText(error) }} />
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}
