import { Box, Heading, Link, List, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { formatDayMonthYear } from '../../ui/dates';
import type { SitePage } from './site-page';
import { SiteContent } from './SiteContent';
import { SitePageFrame } from './SitePageFrame';

/** The sections of a long legal text, so a reader (or the sign-up's link to Exhibit A) can jump to one. */
function Contents({ page }: { page: SitePage }) {
  return (
    <Box as="nav" aria-labelledby="contents-heading" mb="10" p={{ base: '5', md: '6' }} borderWidth="1px" borderRadius="xl" bg="bg.subtle">
      <Heading as="h2" id="contents-heading" size="md" mb="3">
        Contents
      </Heading>
      <List.Root gap="1.5" ps="0" listStyleType="none" columns={{ base: 1, md: 2 }} columnGap="8">
        {page.sections.map((section) => (
          <List.Item key={section.id} breakInside="avoid">
            <Link asChild color="brand.700" fontWeight="medium">
              <RouterLink to="." hash={section.id}>
                {section.title}
              </RouterLink>
            </Link>
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}

/** /terms and /privacy: the whole binding text from content/pages/, with its date and contents. */
export function LegalPage({ page }: { page: SitePage }) {
  return (
    <SitePageFrame page={page}>
      {page.updated ? (
        <Text color="fg.muted" textStyle="sm" mt="-6" mb="8">
          Last updated {formatDayMonthYear(`${page.updated}T12:00:00Z`)}
        </Text>
      ) : null}
      <Contents page={page} />
      <SiteContent html={page.html} />
    </SitePageFrame>
  );
}
