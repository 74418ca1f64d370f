import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { PageShell } from './PageShell';

export function NotFoundPage() {
  return (
    <PageShell>
      <Stack gap="5" align="flex-start" py="10">
        <Text fontWeight="semibold" color="brand.700">
          404
        </Text>
        <Heading as="h1" size="3xl">
          We could not find that page
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          The link may be out of date, or the page may have moved.
        </Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/">Back to the home page</RouterLink>
        </Button>
      </Stack>
    </PageShell>
  );
}
