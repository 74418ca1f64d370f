import { Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useContext, type ReactNode } from 'react';
import { homePathOf } from '../../session/home-path';
import { useAccess, useCurrentUser } from '../../session/session-store';
import { FrameContext } from './frame-context';
import { PageShell } from './PageShell';

/** The children in the public page frame, unless a layout already frames them. */
export function ScreenFrame({ children }: { children: ReactNode }) {
  return useContext(FrameContext) ? <PageShell.Column>{children}</PageShell.Column> : <PageShell>{children}</PageShell>;
}

/** The way back to a person's own area: the dashboard, the studio, or the home page when signed out. */
export function useWayHome(): { to: '/' | '/app' | '/auth/dashboard'; label: string } {
  const user = useCurrentUser();
  const access = useAccess();
  if (!user) return { to: '/', label: 'Back to the home page' };
  const to = homePathOf(access);
  return { to, label: to === '/app' ? 'Back to the studio' : 'Back to your dashboard' };
}

/**
 * The body of the error screens (error-1, error-2): a short label, the heading, what happened and
 * the ways on. `role="alert"` where the screen replaces a page that broke under the person.
 */
export function ScreenMessage(props: { label: string; labelColor: string; title: string; text: string; actions: ReactNode; role?: 'alert' }) {
  return (
    <Stack gap="5" align="flex-start" py={{ base: '4', md: '10' }} role={props.role}>
      <Text fontWeight="semibold" color={props.labelColor}>
        {props.label}
      </Text>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        {props.title}
      </Heading>
      <Text color="fg.muted" fontSize="lg">
        {props.text}
      </Text>
      <HStack gap="3" flexWrap="wrap">
        {props.actions}
      </HStack>
    </Stack>
  );
}
