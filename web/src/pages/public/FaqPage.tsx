import { Accordion, Button, Heading, Span, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import faq from '../../../content/pages/faq.md';
import { SiteContent } from './SiteContent';
import { SitePageFrame } from './SitePageFrame';

/** /faq: every `##` of content/pages/faq.md is a question; one answer open at a time keeps the list easy to scan. */
export function FaqPage() {
  return (
    <SitePageFrame page={faq}>
      <Accordion.Root collapsible defaultValue={[faq.sections[0].id]} variant="enclosed">
        {faq.sections.map((entry) => (
          <Accordion.Item key={entry.id} value={entry.id} id={entry.id} scrollMarginTop="24">
            <Heading as="h2" size="md">
              <Accordion.ItemTrigger py="4" cursor="pointer">
                <Span flex="1" textAlign="start" fontWeight="semibold">
                  {entry.title}
                </Span>
                <Accordion.ItemIndicator />
              </Accordion.ItemTrigger>
            </Heading>
            <Accordion.ItemContent>
              <Accordion.ItemBody>
                <SiteContent html={entry.html} />
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
      {/* Built with the page from the same questions (content/site-content.mjs); search engines read it. */}
      {faq.structuredData ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: faq.structuredData }} /> : null}
    </SitePageFrame>
  );
}
