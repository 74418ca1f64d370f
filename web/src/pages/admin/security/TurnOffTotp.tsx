import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { failureText } from '../../../api/api-error';
import { disableTotp } from '../../../api/staff-totp';
import { NoticeBanner } from '../../../forms/NoticeBanner';

/**
 * Turning two-step verification off (docs/console.md, "Second factor"): asked for a current code
 * from the app, as `DELETE /users/me/totp` requires, so a session left open on someone else's
 * screen cannot take the second factor away. The recovery codes stop working with it.
 */
export function TurnOffTotp({ onTurnedOff }: { onTurnedOff: () => void }) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setPending(true);
    try {
      await disableTotp(code.trim());
      onTurnedOff();
    } catch (error) {
      setFailure(failureText(error));
      setPending(false);
    }
  }

  if (!open) {
    return (
      <Button variant="outline" colorPalette="red" alignSelf="flex-start" onClick={() => setOpen(true)}>
        Turn off two-step verification
      </Button>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Turn off two-step verification">
      <Stack gap="4" borderWidth="1px" borderRadius="md" p="4" bg="bg">
        <Text>Sign-in will ask only for your password, and your recovery codes will stop working. Enter a code from your authenticator app to confirm.</Text>
        <NoticeBanner notice={failure ? { status: 'error', text: failure } : null} />
        <Field.Root required>
          <Field.Label>Code from the app</Field.Label>
          <Input autoComplete="one-time-code" inputMode="numeric" value={code} onChange={(e) => setCode(e.target.value)} autoFocus />
        </Field.Root>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button type="submit" colorPalette="red" loading={pending}>
            Turn off
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setOpen(false);
              setCode('');
              setFailure(null);
            }}
          >
            Cancel
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
