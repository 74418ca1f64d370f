import { Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { PageShell } from '../misc/PageShell';
import { PageIntro, TextSection } from './PageIntro';

const FEATURES = [
  'A studio to write your scholarship: the offer, the amount and the deadline, saved as a draft until you publish.',
  'The application form applicants fill in, built from requirements (an essay with a word limit, a file, a link, a checkbox), with a live preview of exactly what they will see.',
  'Eligibility rules on the profile students already keep with us (GPA, country, field of study and more), with a live count of how many applicants qualify.',
  'A public page for each published scholarship, with your logo, that you can share anywhere.',
];

const STEPS = [
  'Create a provider account and add your logo.',
  'Write the scholarship, add its requirements and set who may apply.',
  'Publish: eligible students find it in their matches and apply with the profile they already have.',
];

/** /b2b: what a scholarship provider gets, and the way into the provider studio (docs/providers.md). */
export function BusinessPage() {
  return (
    <PageShell>
      <PageIntro eyebrow="Brands & Businesses" title="Run your scholarship with ScholarMatch">
        Brands, foundations and other scholarship providers reach students who meet their criteria.
      </PageIntro>
      <Stack gap="10">
        <TextSection title="What sponsors get">
          <List.Root gap="2" color="fg.muted" ps="5">
            {FEATURES.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List.Root>
        </TextSection>
        <TextSection title="How it works">
          <List.Root as="ol" gap="2" color="fg.muted" ps="5" listStyleType="decimal">
            {STEPS.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List.Root>
        </TextSection>
        <TextSection title="Get started">
          <Text color="fg.muted">Setting up and publishing a scholarship is free.</Text>
          <HStack gap="3" flexWrap="wrap">
            <Button asChild colorPalette="brand">
              <RouterLink to="/b2b/signup">Create a provider account</RouterLink>
            </Button>
            <Button asChild variant="outline" colorPalette="brand">
              <RouterLink to="/auth/login">Log in</RouterLink>
            </Button>
          </HStack>
        </TextSection>
      </Stack>
    </PageShell>
  );
}
