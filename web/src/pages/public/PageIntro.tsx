import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The top of a public text page: a small label, the page's one h1, and a lead paragraph. */
export function PageIntro({ eyebrow, title, children }: { eyebrow: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="4" mb={{ base: '8', md: '12' }}>
      <Text textStyle="sm" fontWeight="semibold" color="brand.700" textTransform="uppercase" letterSpacing="wider">
        {eyebrow}
      </Text>
      <Heading as="h1" fontSize={{ base: '3xl', md: '5xl' }} lineHeight="1.1" letterSpacing="-0.02em">
        {title}
      </Heading>
      <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted">
        {children}
      </Text>
    </Stack>
  );
}
