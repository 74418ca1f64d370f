import { Badge, Box, Button, Dialog, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { failureText } from '../../../api/api-error';
import { consoleKeys, inviteStaff, sessionAction, setStaffRole, staffQueryOptions, type StaffMember, type StaffRole } from '../../../api/console';
import { NoticeBanner } from '../../../forms/NoticeBanner';
import { currentUser } from '../../../session/session-store';
import { useDocumentTitle } from '../../../ui/document-title';
import { RouteLoading } from '../../misc/RouteLoading';
import { SmallDialog } from '../../misc/SmallDialog';
import { LoadFailure, StudioPage } from '../../provider/StudioPage';

export const ROLE_WORDS: Record<StaffRole, string> = { admin: 'Admin', support: 'Support' };

/** What each role may do, said where an admin picks one (docs/console.md, "Roles"). */
const ROLE_HINT = 'Admin: everything. Support: support requests, and members and payments read only.';

const day = (at: string) => new Date(at).toLocaleDateString('en-US', { day: 'numeric', month: 'short', year: 'numeric' });

/** A change to confirm before it is sent: each says what the person will notice. */
type Pending =
  | { kind: 'role'; member: StaffMember; role: StaffRole }
  | { kind: 'lock' | 'unlock' | 'end-sessions'; member: StaffMember };

function questionOf(pending: Pending): { title: string; text: string; confirm: string } {
  const name = `${pending.member.firstName} ${pending.member.lastName}`.trim() || pending.member.email;
  switch (pending.kind) {
    case 'role':
      return { title: `Make ${name} ${ROLE_WORDS[pending.role].toLowerCase()}?`, text: 'They are signed out at their next request and get the new role when they sign in again.', confirm: 'Change role' };
    case 'lock':
      return { title: `Lock ${name}?`, text: 'Every session of theirs ends at once, and they cannot sign in until an admin unlocks the account.', confirm: 'Lock account' };
    case 'unlock':
      return { title: `Unlock ${name}?`, text: 'They can sign in again.', confirm: 'Unlock account' };
    case 'end-sessions':
      return { title: `End ${name}'s sessions?`, text: 'They are signed out everywhere at their next request; they can sign in again.', confirm: 'End sessions' };
  }
}

function InviteForm() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const invite = useMutation({
    mutationFn: () => inviteStaff(email.trim(), role),
    onSuccess: () => {
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: consoleKeys.staff });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) invite.mutate();
  };
  return (
    <Box as="section" aria-labelledby="invite-heading" borderWidth="1px" borderRadius="xl" bg="bg" p={{ base: '4', md: '5' }} mb="6">
      <Text as="h2" id="invite-heading" fontWeight="semibold" fontSize="lg" mb="3">
        Invite a staff member
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="3">
          <HStack gap="3" align="flex-end" wrap="wrap">
            <Field.Root flex="1" minW={{ base: 'full', sm: '64' }}>
              <Field.Label>E-mail</Field.Label>
              <Input type="email" autoComplete="off" maxLength={320} value={email} onChange={(event) => { setEmail(event.target.value); invite.reset(); }} />
            </Field.Root>
            <Field.Root w={{ base: 'full', sm: '40' }}>
              <Field.Label>Role</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
                  <option value="support">Support</option>
                  <option value="admin">Admin</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={invite.isPending} disabled={!email.trim()}>
              Send invitation
            </Button>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {ROLE_HINT} The link in the e-mail works once, for 7 days.
          </Text>
          <NoticeBanner
            notice={invite.isError ? { status: 'error', text: failureText(invite.error) } : invite.isSuccess ? { status: 'success', text: `Invitation sent to ${invite.data.email}.` } : null}
          />
        </Stack>
      </form>
    </Box>
  );
}

function MemberRow({ member, isSelf, onAsk }: { member: StaffMember; isSelf: boolean; onAsk: (pending: Pending) => void }) {
  const name = `${member.firstName} ${member.lastName}`.trim();
  return (
    <Box as="li" px={{ base: '3', md: '5' }} py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <HStack justify="space-between" align="center" gap="3" wrap="wrap">
        <Stack gap="0.5" minW="0" flex="1" flexBasis={{ base: 'full', md: '0' }}>
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{name || member.email}</Text>
            {isSelf ? <Badge>You</Badge> : null}
            {member.lockedAt ? <Badge colorPalette="red">Locked since {day(member.lockedAt)}</Badge> : null}
          </HStack>
          <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
            {member.email} · staff since {day(member.createdAt)}
          </Text>
        </Stack>
        <HStack gap="2" wrap="wrap">
          <NativeSelect.Root size="sm" w="32">
            <NativeSelect.Field
              aria-label={`Role of ${name || member.email}`}
              value={member.role}
              onChange={(event) => onAsk({ kind: 'role', member, role: event.target.value as StaffRole })}
            >
              <option value="admin">Admin</option>
              <option value="support">Support</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button size="sm" variant="outline" onClick={() => onAsk({ kind: 'end-sessions', member })}>
            End sessions
          </Button>
          {member.lockedAt ? (
            <Button size="sm" variant="outline" onClick={() => onAsk({ kind: 'unlock', member })}>
              Unlock
            </Button>
          ) : (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => onAsk({ kind: 'lock', member })}>
              Lock
            </Button>
          )}
        </HStack>
      </HStack>
    </Box>
  );
}

function ConfirmChange({ pending, onClose }: { pending: Pending | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (what: Pending) => (what.kind === 'role' ? setStaffRole(what.member.id, what.role) : sessionAction(what.member.id, what.kind)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: consoleKeys.staff });
      onClose();
    },
  });
  const close = () => {
    change.reset();
    onClose();
  };
  const question = pending ? questionOf(pending) : null;
  return (
    <SmallDialog
      open={pending !== null}
      onClose={close}
      title={question?.title}
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline">Cancel</Button>
          </Dialog.ActionTrigger>
          <Button colorPalette={pending?.kind === 'lock' ? 'red' : 'brand'} loading={change.isPending} onClick={() => pending && change.mutate(pending)}>
            {question?.confirm}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text>{question?.text}</Text>
        <NoticeBanner notice={change.isError ? { status: 'error', text: failureText(change.error) } : null} />
      </Stack>
    </SmallDialog>
  );
}

/**
 * /admin/staff (docs/console.md, "Staff"): invite by e-mail with a role, the staff with their role,
 * lock and sessions, and the invitations not accepted yet. Every change is confirmed first; a
 * refusal shows the server's sentence.
 */
export function StaffPage() {
  useDocumentTitle('Staff · ScholarMatch staff');
  const staff = useQuery(staffQueryOptions);
  const [pending, setPending] = useState<Pending | null>(null);
  const selfId = currentUser()?.id;
  let body;
  if (staff.error) body = <LoadFailure error={staff.error} onRetry={() => void staff.refetch()} />;
  else if (!staff.data) body = <RouteLoading label="Loading the staff" />;
  else {
    const now = Date.now();
    body = (
      <Stack gap="6">
        <Box as="ul" listStyleType="none" m="0" p="0" borderWidth="1px" borderRadius="xl" bg="bg" aria-label="Staff members">
          {staff.data.staff.map((member) => (
            <MemberRow key={member.id} member={member} isSelf={member.id === selfId} onAsk={setPending} />
          ))}
        </Box>
        <Box as="section" aria-labelledby="invitations-heading">
          <Text as="h2" id="invitations-heading" fontWeight="semibold" fontSize="lg" mb="3">
            Invitations not accepted yet
          </Text>
          {staff.data.invitations.length === 0 ? (
            <Text color="fg.muted">None.</Text>
          ) : (
            <Box as="ul" listStyleType="none" m="0" p="0" borderWidth="1px" borderRadius="xl" bg="bg" aria-label="Open invitations">
              {staff.data.invitations.map((invitation) => {
                const expired = new Date(invitation.expiresAt).getTime() <= now;
                return (
                  <HStack as="li" key={invitation.id} justify="space-between" gap="3" wrap="wrap" px={{ base: '3', md: '5' }} py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
                    <Text wordBreak="break-word">
                      {invitation.email} · {ROLE_WORDS[invitation.role]}
                    </Text>
                    <Badge colorPalette={expired ? 'red' : 'gray'}>{expired ? 'Expired: invite again' : `Valid until ${day(invitation.expiresAt)}`}</Badge>
                  </HStack>
                );
              })}
            </Box>
          )}
        </Box>
      </Stack>
    );
  }
  return (
    <StudioPage title="Staff" lead="Admins and support staff. A role change, a lock or ended sessions take effect at the person's next request.">
      <InviteForm />
      {body}
      <ConfirmChange pending={pending} onClose={() => setPending(null)} />
    </StudioPage>
  );
}
