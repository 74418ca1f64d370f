import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A centred card for the short account pages (login, password recovery, settings dialogs' pages). */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Box px="4" py={{ base: '10', md: '16' }}>
      <Box maxW="md" mx="auto" borderWidth="1px" borderRadius="2xl" bg="bg" boxShadow="sm" p={{ base: '6', md: '8' }}>
        <Stack gap="2" mb="6">
          <Heading as="h1" size="xl">
            {title}
          </Heading>
          {subtitle ? <Text color="fg.muted">{subtitle}</Text> : null}
        </Stack>
        {children}
      </Box>
    </Box>
  );
}
