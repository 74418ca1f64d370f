import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { PageShell } from './PageShell';

/** Stands in for the chat assistant (/chatbot) until it is built. */
export function ComingSoonPage() {
  return (
    <PageShell>
      <Stack gap="5" align="flex-start" py="10">
        <Heading as="h1" size="3xl">
          Almost ready
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          Our chat assistant, which will sign you up or log you in by asking one question at a time, is on its
          way. Check back soon.
        </Text>
        <Button asChild variant="outline" colorPalette="brand">
          <RouterLink to="/">Back to the home page</RouterLink>
        </Button>
      </Stack>
    </PageShell>
  );
}
