import { Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { MESSAGES } from '@scholarmatch/schemas';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { failureText } from '../../api/api-error';
import { enrolmentPathFor, logInWithPassword } from '../../api/staff-totp';
import { NoticeBanner } from '../../forms/NoticeBanner';
import type { StoredSession } from '../../session/session-store';
import { pathAfterSignIn } from '../membership/plan-choice';
import { TotpStep } from './TotpStep';

/** The original pause between a successful login and the dashboard. */
export const REDIRECT_AFTER_LOGIN_MS = 500;

/**
 * Username (the e-mail) and password, with the original messages and a SIGN UP link. The two fields
 * are fixed by the login protocol, so this form is not served as data (docs/decisions.md).
 */
export function LoginForm({ onSignUp }: { onSignUp?: () => void }) {
  const navigate = useNavigate();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);

  const userNameMissing = submitted && !userName.trim();
  const passwordMissing = submitted && !password;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (!userName.trim() || !password) return;
    setPending(true);
    try {
      const outcome = await logInWithPassword(userName.trim(), password);
      if ('challenge' in outcome) {
        setChallenge(outcome.challenge);
        setPending(false);
      } else await signedIn(outcome.session);
    } catch (error) {
      setFailure(failureText(error));
      setPending(false);
    }
  }

  async function signedIn(session: StoredSession) {
    setSucceeded(true);
    // An admin who must turn on two-step verification goes to the console's security page (docs/console.md, "Second factor");
    // otherwise back to the plans when a plan was picked before logging in, else the dashboard.
    const to = (await enrolmentPathFor(session)) ?? pathAfterSignIn();
    setTimeout(() => void navigate({ to }), REDIRECT_AFTER_LOGIN_MS);
  }

  if (challenge) {
    return (
      <Stack gap="4">
        <NoticeBanner notice={succeeded ? { status: 'success', text: MESSAGES.loggedIn } : null} />
        <TotpStep challenge={challenge} onSignedIn={(session) => void signedIn(session)} />
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Log in">
      <Stack gap="4">
        <NoticeBanner notice={failure ? { status: 'error', text: failure } : null} />
        <NoticeBanner notice={succeeded ? { status: 'success', text: MESSAGES.loggedIn } : null} />
        <Field.Root invalid={userNameMissing} required>
          <Field.Label>
            Username
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="email" autoComplete="username" placeholder="Your e-mail address" value={userName} onChange={(e) => setUserName(e.target.value)} />
          <Field.ErrorText>{MESSAGES.usernameRequired}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={passwordMissing} required>
          <Field.Label>
            Password
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <Field.ErrorText>{MESSAGES.passwordRequired}</Field.ErrorText>
        </Field.Root>
        <Link asChild alignSelf="flex-end" fontSize="sm" colorPalette="brand">
          <RouterLink to="/forgot-password">Forgot password?</RouterLink>
        </Link>
        <Button type="submit" colorPalette="brand" size="lg" loading={pending || succeeded}>
          Login
        </Button>
        <Text fontSize="sm" textAlign="center" color="fg.muted">
          New here?{' '}
          <Link asChild colorPalette="brand" fontWeight="semibold">
            <RouterLink to="/signup" onClick={onSignUp}>
              SIGN UP
            </RouterLink>
          </Link>
        </Text>
      </Stack>
    </form>
  );
}
