import { Button, HStack } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import partners from '../../../content/pages/partners.md';
import { ContentPage } from './ContentPage';

/** /partners: the affiliate partner programme (content/pages/partners.md); partners apply through the contact form. */
export function PartnersPage() {
  return (
    <ContentPage page={partners}>
      <HStack gap="3" flexWrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to="/contact">Apply to become a partner</RouterLink>
        </Button>
      </HStack>
    </ContentPage>
  );
}
