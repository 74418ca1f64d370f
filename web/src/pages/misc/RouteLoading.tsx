import { Center, Spinner, Text } from '@chakra-ui/react';

/**
 * A page's data on its way: a spinner, and its words for screen readers as the status region's
 * text (an aria-label on the spinner's span, which has no role, is not read and fails axe).
 */
export function RouteLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center minH="50vh" role="status" aria-live="polite">
      <Spinner size="lg" color="brand.600" aria-hidden="true" />
      <Text srOnly>{label}</Text>
    </Center>
  );
}
