import { Center, Spinner } from '@chakra-ui/react';

export function RouteLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center minH="50vh" role="status" aria-live="polite">
      <Spinner size="lg" color="brand.600" aria-label={label} />
    </Center>
  );
}
