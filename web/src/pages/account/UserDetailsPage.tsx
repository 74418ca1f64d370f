import { Box, Container, Heading, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useCurrentUser } from '../../session/session-store';
import { pathAfterSignIn } from '../membership/plan-choice';
import { ProfileFormPanel } from './ProfileFormPanel';

/** The seed's pause after the completion step is saved, before moving on. */
const MOVE_ON_AFTER_MS = 2000;

/**
 * /auth/userdetails: the registration completion step, rendered from the server's `registration`
 * form and saved with PUT register-applicants/{id}; then on to the dashboard, or back to the plans
 * when a plan was picked before signing up (docs/decisions.md, "Memberships (web)", Signed out).
 */
export function UserDetailsPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }}>
      <Heading as="h1" size="2xl" mb="2">
        {user ? `Welcome, ${user.firstName}!` : 'Complete your profile'}
      </Heading>
      <Text color="fg.muted" mb="6">
        Tell us about yourself so we can match you with scholarships.
      </Text>
      <Box borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '5', md: '8' }}>
        <ProfileFormPanel
          formKey="registration"
          submitLabel="Continue"
          successText="Details updated successfully!!"
          hideTitle
          onSaved={() => setTimeout(() => void navigate({ to: pathAfterSignIn() }), MOVE_ON_AFTER_MS)}
        />
      </Box>
    </Container>
  );
}
