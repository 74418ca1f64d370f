import { Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { MESSAGES } from '@scholarmatch/schemas';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { logIn } from '../../api/accounts';
import { failureText } from '../../api/api-error';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { pathAfterSignIn } from '../membership/plan-choice';

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

  const userNameMissing = submitted && !userName.trim();
  const passwordMissing = submitted && !password;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (!userName.trim() || !password) return;
    setPending(true);
    try {
      await logIn(userName.trim(), password);
      setSucceeded(true);
      // Back to the plans when a plan was picked before logging in, else the dashboard.
      setTimeout(() => void navigate({ to: pathAfterSignIn() }), REDIRECT_AFTER_LOGIN_MS);
    } catch (error) {
      setFailure(failureText(error));
      setPending(false);
    }
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
