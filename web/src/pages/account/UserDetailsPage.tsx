import { Box, Container, Heading, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useCurrentUser } from '../../session/session-store';
import { pathAfterSignIn } from '../membership/plan-choice';
import { forgetTeaserAnswers, storedTeaserAnswers } from '../auth/teaser-answers';
import { ProfileFormPanel } from './ProfileFormPanel';

/** The original pause after the completion step is saved, before moving on. */
const MOVE_ON_AFTER_MS = 2000;

/**
 * /auth/userdetails: the registration completion step, rendered from the server's `registration`
 * form, starting from what the sign-up page's teaser was told, and saved with PUT
 * register-applicants/{id}; then on to the dashboard, or back to the plans when a plan was picked
 * before signing up (docs/decisions.md, "Memberships (web)", Signed out).
 */
export function UserDetailsPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [teaserAnswers] = useState(storedTeaserAnswers);
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
          startingAnswers={teaserAnswers}
          onSaved={() => {
            forgetTeaserAnswers();
            setTimeout(() => void navigate({ to: pathAfterSignIn() }), MOVE_ON_AFTER_MS);
          }}
        />
      </Box>
    </Container>
  );
}
