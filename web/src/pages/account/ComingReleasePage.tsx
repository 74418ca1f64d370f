import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';

/**
 * A signed-in page whose part of the product is not open yet: says so plainly and leads back, so a
 * sidebar entry never opens a blank or pretend page.
 */
function ComingReleasePage({ title, text }: { title: string; text: string }) {
  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }}>
      <Stack gap="4" borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '6', md: '10' }} align="flex-start">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          {text}
        </Text>
        <Button asChild variant="outline">
          <RouterLink to="/auth/dashboard">Go to Dashboard</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}

export function SubscriptionSupportSoonPage() {
  return (
    <ComingReleasePage
      title="Subscription Support"
      text="Help with your membership opens in a coming release. Meanwhile, My Subscription plan shows your plan and lets you cancel it."
    />
  );
}

export function SupportSoonPage() {
  return (
    <ComingReleasePage
      title="Support"
      text="The form to send us a question opens in a coming release."
    />
  );
}
