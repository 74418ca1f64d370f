import { HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { homePathOf } from '../../session/home-path';
import { useAccess, useCurrentUser } from '../../session/session-store';

function Mark() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M16 7 4 13l12 6 10-5v7h2v-8L16 7Zm-7 10.5V22c0 2 3.1 4 7 4s7-2 7-4v-4.5l-7 3.5-7-3.5Z" fill="#fff" />
    </svg>
  );
}

/**
 * Leads home: the signed-in person's own area (the dashboard, or a provider's studio; docs/providers.md), else the landing page.
 * `compactOnTablet` drops the wordmark from `md` to `lg`, where the full top menu needs the room;
 * `compactOnPhone` drops it below `sm`, where the signed-in bar needs it.
 */
export function Logo({ compactOnTablet = false, compactOnPhone = false }: { compactOnTablet?: boolean; compactOnPhone?: boolean }) {
  const user = useCurrentUser();
  const access = useAccess();
  return (
    <RouterLink to={user ? homePathOf(access) : '/'} aria-label="ScholarMatch home">
      <HStack gap="2" color="brand.700">
        <Mark />
        <Text
          fontWeight="bold"
          fontSize="xl"
          letterSpacing="-0.02em"
          color="fg"
          display={compactOnTablet ? { base: 'block', md: 'none', lg: 'block' } : compactOnPhone ? { base: 'none', sm: 'block' } : undefined}
        >
          Scholar<Text as="span" color="brand.700">Match</Text>
        </Text>
      </HStack>
    </RouterLink>
  );
}
