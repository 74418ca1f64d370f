import { Box, Container, Heading } from '@chakra-ui/react';
import home from '../../../content/pages/home.md';
import { SiteContent } from '../public/SiteContent';

/** The landing page below the hero: each `##` of content/pages/home.md as a band of its own. */
export function InfoSections() {
  return home.sections.map((section, index) => (
    <Box
      key={section.id}
      as="section"
      id={section.id}
      aria-labelledby={`${section.id}-heading`}
      scrollMarginTop="20"
      bg={index % 2 === 1 ? 'bg.subtle' : undefined}
      py={{ base: '12', md: '20' }}
    >
      <Container maxW="4xl">
        <Heading as="h2" id={`${section.id}-heading`} fontSize={{ base: '2xl', md: '4xl' }} letterSpacing="-0.02em" mb="6">
          {section.title}
        </Heading>
        <SiteContent html={section.html} fontSize={{ base: 'md', md: 'lg' }} />
      </Container>
    </Box>
  ));
}
