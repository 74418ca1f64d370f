import { Button, HStack } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import pricing from '../../../content/pages/pricing.md';
import { ContentPage } from './ContentPage';

/** /pricing: what running a scholarship costs a sponsor (content/pages/pricing.md); students' prices are on /membership. */
export function PricingPage() {
  return (
    <ContentPage page={pricing}>
      <HStack gap="3" flexWrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to="/b2b/signup">Create a provider account</RouterLink>
        </Button>
        <Button asChild colorPalette="brand" variant="outline">
          <RouterLink to="/membership">See membership prices</RouterLink>
        </Button>
      </HStack>
    </ContentPage>
  );
}
