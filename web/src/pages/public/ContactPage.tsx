import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { PageShell } from '../misc/PageShell';
import { PageIntro, TextSection } from './PageIntro';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack p="5" borderWidth="1px" borderRadius="xl" gap="1">
      <Text textStyle="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold" fontSize="lg">
        {value}
      </Text>
    </Stack>
  );
}

export function ContactPage() {
  return (
    <PageShell>
      <PageIntro eyebrow="Contact" title="Contact us">
        Questions about your account, your membership or a scholarship? Our support team is here to help.
      </PageIntro>
      <Stack gap="10">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Fact label="Support replies" value="Usually within 24 hours" />
          <Fact label="Customer service hours" value="Monday to Friday, 11 a.m. to 6 p.m. EST" />
        </SimpleGrid>
        <TextSection title="Write to us">
          <Text color="fg.muted">
            Our contact form, where you can leave your e-mail, phone number and message, is coming soon. Until it
            is ready, many answers are already in our FAQ.
          </Text>
          <Button asChild variant="outline" colorPalette="brand" alignSelf="flex-start">
            <RouterLink to="/faq">Read the FAQ</RouterLink>
          </Button>
        </TextSection>
      </Stack>
    </PageShell>
  );
}
