import { Box, Container, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { Logo } from './Logo';

/** The public footer, with the disclaimer every public page must carry. */
export function Footer() {
  return (
    <Box as="footer" id="contact" borderTopWidth="1px" bg="bg.subtle" py="12" scrollMarginTop="20">
      <Container maxW="7xl">
        <Flex direction={{ base: 'column', md: 'row' }} gap="8" justify="space-between">
          <Stack gap="3" maxW="md">
            <Logo />
            <Text color="fg.muted">
              Questions about a scholarship or your application?{' '}
              <Link asChild color="brand.700" fontWeight="medium">
                <RouterLink to="/chatbot">Ask our assistant</RouterLink>
              </Link>
              .
            </Text>
          </Stack>
          <Text textStyle="sm" color="fg.muted" maxW="xl" role="note">
            ScholarMatch helps you find and apply for scholarships. Financial aid is not guaranteed: every award is
            decided by its provider. Upgrading your plan does not improve your chances of receiving an award.
          </Text>
        </Flex>
        <Text textStyle="xs" color="fg.subtle" mt="10">
          © {new Date().getFullYear()} ScholarMatch
        </Text>
      </Container>
    </Box>
  );
}
