import { Button, CloseButton, Dialog, Field, Input, Portal, Stack } from '@chakra-ui/react';
import { MESSAGES, passwordPolicyProblem } from '@scholarmatch/schemas';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { changePassword } from '../../api/accounts';
import { NoticeBanner, type Notice } from '../../forms/NoticeBanner';
import { homePathOf } from '../../session/home-path';
import { currentAccess, useCurrentUser } from '../../session/session-store';

/** The original pause between a changed password and the redirect. */
const REDIRECT_AFTER_CHANGE_MS = 500;

/** Old, new and confirm; the original messages (as in the original product). */
function problemOf(lastPwd: string, password: string, confirm: string): string | null {
  if (!lastPwd || !password || !confirm) return MESSAGES.changePasswordAllFields;
  if (password !== confirm) return MESSAGES.changePasswordMismatch;
  return passwordPolicyProblem(password);
}

export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [fields, setFields] = useState({ lastPwd: '', password: '', confirm: '' });
  const [notice, setNotice] = useState<Notice>(null);
  const [pending, setPending] = useState(false);

  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = problemOf(fields.lastPwd, fields.password, fields.confirm);
    if (problem) return setNotice({ status: 'error', text: problem });
    if (!user) return;
    setPending(true);
    setNotice(null);
    try {
      await changePassword(user.id, fields.lastPwd, fields.password);
      setNotice({ status: 'success', text: MESSAGES.passwordChanged });
      setTimeout(() => {
        onOpenChange(false);
        // The person's own home: the dashboard, or a provider's studio (docs/providers.md).
        void navigate({ to: homePathOf(currentAccess()) });
      }, REDIRECT_AFTER_CHANGE_MS);
    } catch (error) {
      // The original client shows one message for any failure here; the server's own sentence when it is another problem.
      const text = error instanceof Error && error.message && !/Old Password/.test(error.message) ? error.message : MESSAGES.oldPasswordNotMatched;
      setNotice({ status: 'error', text });
      setPending(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="center" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate aria-label="Change Password">
              <Dialog.Header>
                <Dialog.Title>Change Password</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <NoticeBanner notice={notice} />
                  <Field.Root>
                    <Field.Label>Old password</Field.Label>
                    <Input type="password" autoComplete="current-password" value={fields.lastPwd} onChange={set('lastPwd')} />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>New password</Field.Label>
                    <Input type="password" autoComplete="new-password" value={fields.password} onChange={set('password')} />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>Confirm password</Field.Label>
                    <Input type="password" autoComplete="new-password" value={fields.confirm} onChange={set('confirm')} />
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">Cancel</Button>
                </Dialog.ActionTrigger>
                <Button type="submit" colorPalette="brand" loading={pending}>
                  Change Password
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
