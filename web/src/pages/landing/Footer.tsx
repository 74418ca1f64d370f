import { Box, Container, Flex, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Logo } from './Logo';
import { SIGNUP_PATH } from './nav-links';

const LINK_STYLE = { color: 'fg.muted', _hover: { color: 'brand.700' } };

/** The footer's in-app links; the spec's order is kept across the columns. */
const HELP_LINKS = [
  { label: 'Contact', to: '/contact' },
  { label: 'FAQ', to: '/faq' },
] as const;
const JOIN_LINKS = [
  { label: 'Brands & Businesses', to: '/b2b' },
  { label: 'Partner', to: '/partners' },
  { label: 'Sign UP', to: SIGNUP_PATH },
] as const;
const LEGAL_LINKS = [
  { label: 'Terms of use', to: '/terms' },
  { label: 'Privacy Policy', to: '/privacy' },
] as const;

/** The router checks every `to` against the route tree, so the paths stay literal types. */
type FooterPath = (typeof HELP_LINKS | typeof JOIN_LINKS | typeof LEGAL_LINKS)[number]['to'];

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="3" align="flex-start">
      <Text fontWeight="semibold" textStyle="sm">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

function InternalLinks({ links }: { links: readonly { label: string; to: FooterPath }[] }) {
  return links.map((link) => (
    <Link key={link.label} asChild {...LINK_STYLE}>
      <RouterLink to={link.to}>{link.label}</RouterLink>
    </Link>
  ));
}

/** The public footer, with the disclaimer every public page must carry. */
export function Footer() {
  return (
    <Box as="footer" borderTopWidth="1px" bg="bg.subtle" py="12">
      <Container maxW="7xl">
        <Flex direction={{ base: 'column', lg: 'row' }} gap="10" justify="space-between">
          <Stack gap="3" maxW="sm">
            <Logo />
            <Text color="fg.muted" textStyle="sm">
              Scholarships matched to your profile, and one application reused for all of them.
            </Text>
          </Stack>
          <SimpleGrid
            as="nav"
            aria-label="Footer"
            // Columns as wide as their longest link from md up, so "Brands & Businesses" stays on one line.
            templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, max-content)' }}
            justifyContent="space-between"
            gap="8"
            flex="1"
            maxW="3xl"
          >
            <Column title="Help">
              <InternalLinks links={HELP_LINKS} />
            </Column>
            <Column title="Work with us">
              <InternalLinks links={JOIN_LINKS} />
            </Column>
            <Column title="Legal">
              <InternalLinks links={LEGAL_LINKS} />
            </Column>
          </SimpleGrid>
        </Flex>
        <Text textStyle="sm" color="fg.muted" mt="10" maxW="3xl" role="note">
          Financial aid is not guaranteed: every scholarship is awarded by its provider. Upgrading to a paid
          membership does not improve your chances of winning a scholarship.
        </Text>
        <Text textStyle="xs" color="fg.muted" mt="4">
          © {new Date().getFullYear()} ScholarMatch. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
