import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';

/** The plan pages until memberships are built: says so, and leads back. */
export function MembershipSoonPage() {
  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }}>
      <Stack gap="4" borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '6', md: '10' }} align="flex-start">
        <Heading as="h1" size="2xl">
          Memberships are coming soon
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          The membership with its 7-day free trial is not open yet. Everything you use today stays free.
        </Text>
        <Button asChild variant="outline">
          <RouterLink to="/auth/dashboard">Go to Dashboard</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
