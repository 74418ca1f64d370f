import { Accordion, Button, Heading, Span, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { PageShell } from '../misc/PageShell';
import { FAQ_ENTRIES } from './faq-entries';
import { PageIntro } from './PageIntro';

/**
 * schema.org FAQPage data, so search engines can show the answers; built from the same entries as
 * the page. `<` is escaped so no text can close the script tag early.
 */
const STRUCTURED_DATA = JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'FAQPage',
  mainEntity: FAQ_ENTRIES.map((entry) => ({
    '@type': 'Question',
    name: entry.question,
    acceptedAnswer: { '@type': 'Answer', text: entry.answer },
  })),
}).replaceAll('<', '\\u003c');

export function FaqPage() {
  return (
    <PageShell>
      <PageIntro eyebrow="FAQ" title="Frequently asked questions">
        What ScholarMatch costs, what the membership does and does not do, and how to reach us.
      </PageIntro>
      {/* One answer open at a time keeps the list short enough to scan. */}
      <Accordion.Root collapsible defaultValue={[FAQ_ENTRIES[0].question]} variant="enclosed">
        {FAQ_ENTRIES.map((entry) => (
          <Accordion.Item key={entry.question} value={entry.question}>
            <Heading as="h2" size="md">
              <Accordion.ItemTrigger py="4" cursor="pointer">
                <Span flex="1" textAlign="start" fontWeight="semibold">
                  {entry.question}
                </Span>
                <Accordion.ItemIndicator />
              </Accordion.ItemTrigger>
            </Heading>
            <Accordion.ItemContent>
              <Accordion.ItemBody color="fg.muted" fontSize="md">
                {entry.answer}
              </Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
      <Stack mt="12" gap="4" align="flex-start" p="6" borderRadius="xl" bg="brand.50">
        <Text fontWeight="semibold">Still have a question?</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/contact">Contact us</RouterLink>
        </Button>
      </Stack>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: STRUCTURED_DATA }} />
    </PageShell>
  );
}
