import { Box, Container, Heading, Text } from '@chakra-ui/react';
import { useCurrentUser } from '../../session/session-store';
import { SupportHistory } from './SupportHistory';
import { ReadOnlyFacts, SupportForm } from './SupportForm';

/**
 * /auth/dashboard/support (docs/support.md): Name and Email read-only from the account, then the
 * served support form (Query, Description); a send shows 'Thank You!'. Below, the person's own
 * requests with their status and answers.
 */
export function SupportPage() {
  const user = useCurrentUser();
  if (!user) return null;
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }}>
      <Heading as="h1" size="2xl" mb="2">
        Support
      </Heading>
      <Text color="fg.muted" mb="6">
        Ask us anything about your account, a scholarship or an application. We usually answer within 24 hours, in your inbox.
      </Text>
      <Box borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '5', md: '8' }}>
        <ReadOnlyFacts facts={[{ label: 'Name', value: name }, { label: 'Email', value: user.email }]} />
        <SupportForm kind="support" payload={{ name, email: user.email, applicantId: user.id }} submitLabel="Submit" />
      </Box>
      <SupportHistory />
    </Container>
  );
}
