import { Field, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { failureText } from '../../../api/api-error';
import {
  cancelMembership,
  endSessions,
  grantComplimentary,
  lockAccount,
  peopleKeys,
  sendPasswordReset,
  setStaffRole,
  unlockAccount,
  type PersonDetail,
} from '../../../api/people';
import { useCan, useCurrentUser } from '../../../session/session-store';
import { toaster } from '../../../ui/toaster';
import { ConfirmAction } from '../shell/ConfirmAction';
import { DayInput } from '../shell/DayInput';
import { PrivacyActions } from './PrivacyActions';

/** Runs an action, tells how it went, and asks for the person (and the list) again. */
function useAction<T>(run: (value: T) => Promise<unknown>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => toaster.create({ type: 'success', title: done }),
    onError: (error) => toaster.create({ type: 'error', title: failureText(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}

/** A person's action behind a confirm dialog: told in a toast, the person asked again after it. */
function PersonAction({ run, done, ...button }: ComponentProps<typeof ConfirmAction> & { done: string }) {
  const action = useAction(run, done);
  return <ConfirmAction {...button} run={() => action.mutateAsync(undefined)} />;
}

const RENEWING = new Set(['trialing', 'active', 'past_due']);
const todayUtc = () => new Date().toISOString().slice(0, 10);

function ComplimentaryAction({ person }: { person: PersonDetail }) {
  const [endsOn, setEndsOn] = useState('');
  const [reason, setReason] = useState('');
  const id = person.account.id;
  return (
    <PersonAction
      label="Grant complimentary membership"
      title="Grant a complimentary membership?"
      confirmLabel="Grant membership"
      done="Complimentary membership granted"
      canConfirm={Boolean(endsOn) && reason.trim().length > 0}
      run={() => grantComplimentary(id, endsOn, reason.trim())}
    >
      <Stack gap="3">
        <Text>
          {person.account.firstName} can open members-only details until the end of the day chosen (UTC), at no charge. It never
          renews.
        </Text>
        <Field.Root required>
          <Field.Label>Last day</Field.Label>
          <DayInput size="md" min={todayUtc()} value={endsOn} onChange={(event) => setEndsOn(event.target.value)} />
        </Field.Root>
        <Field.Root required>
          <Field.Label>Reason</Field.Label>
          <Textarea value={reason} maxLength={500} rows={3} onChange={(event) => setReason(event.target.value)} />
          <Field.HelperText>Kept in the audit log.</Field.HelperText>
        </Field.Root>
      </Stack>
    </PersonAction>
  );
}

function RoleAction({ person }: { person: PersonDetail }) {
  const current = person.account.role as 'admin' | 'support';
  const [role, setRole] = useState<'admin' | 'support'>(current === 'admin' ? 'support' : 'admin');
  return (
    <PersonAction
      label="Change role"
      title="Change this staff member's role?"
      confirmLabel="Change role"
      done="Role changed"
      canConfirm={role !== current}
      run={() => setStaffRole(person.account.id, role)}
    >
      <Stack gap="3">
        <Text>Their current sign-in is refused at its next request; signing in again gives the new role.</Text>
        <Field.Root>
          <Field.Label>New role</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={role} onChange={(event) => setRole(event.target.value as 'admin' | 'support')}>
              <option value="admin">Admin</option>
              <option value="support">Support</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Stack>
    </PersonAction>
  );
}

/** The actions on a person the signed-in staff member may take (docs/console.md, "People"). */
export function PersonActions({ person }: { person: PersonDetail }) {
  const canReset = useCan('read_members');
  const canMemberships = useCan('manage_memberships');
  const canSessions = useCan('manage_staff');
  const me = useCurrentUser();
  const { account } = person;
  const self = me?.id === account.id;
  const current = person.memberships.find((membership) => membership.grantsAccess) ?? person.memberships[0];
  const locked = Boolean(account.lockedAt);
  const isStaff = account.role === 'admin' || account.role === 'support';
  const actions: ReactNode[] = [];
  // Privacy requests are admins' (manage_staff is the admin-only permission over accounts).
  const privacy = canSessions ? <PrivacyActions key="privacy" person={person} /> : null;
  if (account.erasedAt) {
    // An erased account has nothing left to act on but its export.
    return privacy ? <HStack gap="2" flexWrap="wrap" aria-label="Actions" role="group">{privacy}</HStack> : null;
  }

  if (canReset) {
    actions.push(
      <PersonAction key="reset" label="Send password reset e-mail" title="Send a password reset e-mail?" confirmLabel="Send e-mail" done="Password reset e-mail sent" run={() => sendPasswordReset(account.id)}>
        <Text>
          {account.email} gets the 6-digit code the forgot-password page sends, valid 10 minutes. Their password stays the same until
          they use it.
        </Text>
      </PersonAction>,
    );
  }
  if (canMemberships && current && RENEWING.has(current.status)) {
    actions.push(
      <PersonAction key="cancel" label="Cancel membership" title="Cancel this membership?" confirmLabel="Cancel at period end" done="Membership cancelled at the end of its period" danger run={() => cancelMembership(account.id)}>
        <Text>It stops renewing. Benefits last until the end of the period already paid (or of the trial), as when the member cancels.</Text>
      </PersonAction>,
    );
  }
  if (canMemberships && account.role === 'applicant' && !(current?.grantsAccess && current.gateway !== 'complimentary')) {
    actions.push(<ComplimentaryAction key="comp" person={person} />);
  }
  if (canSessions && (locked || account.loginLockedUntil)) {
    actions.push(
      <PersonAction key="unlock" label="Unlock account" title="Unlock this account?" confirmLabel="Unlock" done="Account unlocked" run={() => unlockAccount(account.id)}>
        <Text>Logins work again, and the failed login attempts on {account.email} are forgotten.</Text>
      </PersonAction>,
    );
  }
  if (canSessions && !self) {
    actions.push(
      <PersonAction key="end" label="End sessions" title="End every session?" confirmLabel="End sessions" done="Sessions ended" danger run={() => endSessions(account.id)}>
        <Text>Every device signed in as {account.email} is signed out at its next request. They can sign in again.</Text>
      </PersonAction>,
    );
    if (!locked) {
      actions.push(
        <PersonAction key="lock" label="Lock account" title="Lock this account?" confirmLabel="Lock account" done="Account locked" danger run={() => lockAccount(account.id)}>
          <Text>Every session ends, and no login works until an admin unlocks the account.</Text>
        </PersonAction>,
      );
    }
    if (isStaff) actions.push(<RoleAction key="role" person={person} />);
  }
  if (privacy) actions.push(privacy);
  if (!actions.length) return null;
  return (
    <HStack gap="2" flexWrap="wrap" aria-label="Actions" role="group">
      {actions}
    </HStack>
  );
}
