import { Box, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { CONTACT_SENDER_NAME } from '@scholarmatch/schemas';
import { Link as RouterLink } from '@tanstack/react-router';
import { SupportForm } from '../support/SupportForm';
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

/** /contact (docs/support.md): how to reach us, and the served contact form (e-mail, phone, message). */
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
            Leave your e-mail, phone number and message, and we will get back to you. Many answers are already in our{' '}
            <Link asChild colorPalette="brand" fontWeight="semibold">
              <RouterLink to="/faq">FAQ</RouterLink>
            </Link>
            .
          </Text>
          <Box borderWidth="1px" borderRadius="2xl" p={{ base: '5', md: '8' }}>
            <SupportForm kind="contact" payload={{ name: CONTACT_SENDER_NAME }} submitLabel="Send" />
          </Box>
        </TextSection>
      </Stack>
    </PageShell>
  );
}
