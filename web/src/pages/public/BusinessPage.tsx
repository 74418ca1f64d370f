import { Button, HStack } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import b2b from '../../../content/pages/b2b.md';
import { ContentPage } from './ContentPage';

/** /b2b: what a scholarship provider gets (content/pages/b2b.md), and the way into the provider studio (docs/providers.md). */
export function BusinessPage() {
  return (
    <ContentPage page={b2b}>
      <HStack gap="3" flexWrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to="/b2b/signup">Create a provider account</RouterLink>
        </Button>
        <Button asChild variant="outline" colorPalette="brand">
          <RouterLink to="/auth/login">Log in</RouterLink>
        </Button>
      </HStack>
    </ContentPage>
  );
}
