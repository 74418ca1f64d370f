import { Button, List, Stack, Text } from '@chakra-ui/react';
import { BUSINESS_URL } from '../landing/external-links';
import { PageShell } from '../misc/PageShell';
import { PageIntro, TextSection } from './PageIntro';

const FEATURES = [
  'A free campaign manager to publish and run your scholarship.',
  'Scoring to help you review applicants against your own criteria.',
  'Embedding, so the scholarship can live on your own website.',
  'Integrations with the tools you already use.',
];

/** /b2b: the in-app door to the separate business site, which is only ever linked, never embedded. */
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
        <TextSection title="Get started">
          <Text color="fg.muted">Campaigns are set up on our business site, which opens in a new tab.</Text>
          <Button asChild colorPalette="brand" alignSelf="flex-start">
            <a href={BUSINESS_URL} target="_blank" rel="noopener noreferrer">
              Go to ScholarMatch for Business
            </a>
          </Button>
        </TextSection>
      </Stack>
    </PageShell>
  );
}
