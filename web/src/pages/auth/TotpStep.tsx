import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { failureText } from '../../api/api-error';
import { finishLogIn } from '../../api/staff-totp';
import { NoticeBanner } from '../../forms/NoticeBanner';
import type { StoredSession } from '../../session/session-store';

/**
 * The login's second step for an account with two-step verification on (docs/staff-security.md,
 * "Second factor"): the authenticator app's 6-digit code, or one of the recovery codes.
 */
export function TotpStep({ challenge, onSignedIn }: { challenge: string; onSignedIn: (session: StoredSession) => void }) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const answer = value.trim();
    setMissing(!answer);
    if (!answer) return;
    setPending(true);
    try {
      onSignedIn(await finishLogIn(challenge, recovery ? { recoveryCode: answer } : { code: answer }));
    } catch (error) {
      setFailure(failureText(error));
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Two-step verification">
      <Stack gap="4">
        <NoticeBanner notice={failure ? { status: 'error', text: failure } : null} />
        <Text>{recovery ? 'Enter one of your recovery codes. Each works once.' : 'Enter the 6-digit code from your authenticator app.'}</Text>
        <Field.Root invalid={missing} required>
          <Field.Label>{recovery ? 'Recovery code' : 'Authentication code'}</Field.Label>
          <Input
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            autoFocus
          />
          <Field.ErrorText>{recovery ? 'Enter a recovery code.' : 'Enter the code from your authenticator app.'}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" size="lg" loading={pending}>
          Verify
        </Button>
        <Button
          variant="plain"
          colorPalette="brand"
          size="sm"
          onClick={() => {
            setRecovery(!recovery);
            setValue('');
            setMissing(false);
            setFailure(null);
          }}
        >
          {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </Button>
      </Stack>
    </form>
  );
}
