import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { MESSAGES } from '@scholarmatch/schemas';
import { Link as RouterLink, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { finishGoogleSignIn } from '../../api/social';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { pathAfterSignIn } from '../membership/plan-choice';
import { AuthCard } from './AuthCard';
import type { GoogleCallbackSearch } from './google-callback-search';

/**
 * /auth/google/callback (docs/chat.md, "Social sign-in"): Google sends the browser here with a
 * code; the server turns it into a session. A new account continues to the registration step,
 * an existing one where any login goes. A failure says 'Error in Google Login'.
 */
export function GoogleCallbackPage() {
  const { code, state }: GoogleCallbackSearch = useSearch({ strict: false });
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  // The code works once: a second render (React's strict mode) must not send it again.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!code || !state) {
      setFailed(true);
      return;
    }
    finishGoogleSignIn(code, state).then(
      ({ isNewUser }) => void navigate({ to: isNewUser ? '/auth/userdetails' : pathAfterSignIn(), replace: true }),
      () => setFailed(true),
    );
  }, [code, state, navigate]);

  return (
    <AuthCard title="Signing in with Google">
      {failed ? (
        <Stack gap="4">
          <NoticeBanner notice={{ status: 'error', text: MESSAGES.googleLoginFailed }} />
          <Button asChild colorPalette="brand" alignSelf="flex-start">
            <RouterLink to="/chatbot" search={{ start: 'login' }}>
              Back to the chat
            </RouterLink>
          </Button>
        </Stack>
      ) : (
        <Stack direction="row" gap="3" align="center">
          <Spinner size="sm" />
          <Text color="fg.muted">One moment…</Text>
        </Stack>
      )}
    </AuthCard>
  );
}
