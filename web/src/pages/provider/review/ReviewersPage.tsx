import { Badge, Button, Field, Heading, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { failureText } from '../../../api/api-error';
import { SaveError } from '../../../api/profile';
import { inviteReviewer, removeReviewer, reviewersQueryOptions } from '../../../api/review';
import { toaster } from '../../../ui/toaster';
import { LoadFailure, StudioPage } from '../StudioPage';
import { formatDate } from './review-labels';

/** Invites by e-mail; the server judges the address and answers its own message. */
function InviteForm() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function invite(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setSending(true);
    try {
      const invitation = await inviteReviewer(email.trim());
      // An address with a reviewer account is invited as that account: the inviter is told so (docs/review.md, "Reviewers").
      const title = invitation.existingAccount
        ? `${invitation.email} already has a reviewer account: we invited it, and they accept by logging in.`
        : `Invitation sent to ${invitation.email}`;
      toaster.create({ type: 'success', title });
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: reviewersQueryOptions.queryKey });
    } catch (error) {
      setProblem(error instanceof SaveError && error.fieldErrors[0] ? error.fieldErrors[0].message : failureText(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={(event) => void invite(event)} noValidate aria-label="Invite a reviewer">
      <Stack gap="3" borderWidth="1px" borderRadius="xl" bg="bg" p="5">
        <Heading as="h2" size="md">
          Invite a reviewer
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Reviewers read and score the applications to your scholarships. They cannot change settings, statuses or winners, nor write to applicants. The invitation is
          valid for 7 days.
        </Text>
        <HStack align="flex-end" gap="3" flexWrap="wrap">
          <Field.Root invalid={problem !== null} flex="1" minW="64">
            <Field.Label>E-mail</Field.Label>
            <Input type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
            <Field.ErrorText>{problem}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={sending} disabled={!email.trim()}>
            Send invitation
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

function PersonRow({ name, detail, badge, onRemove, removeLabel }: { name: string; detail: string; badge?: string; onRemove: () => void; removeLabel: string }) {
  return (
    <HStack as="li" justify="space-between" gap="3" py="3" borderBottomWidth="1px" flexWrap="wrap" aria-label={name}>
      <Stack gap="0" minW="0">
        <HStack gap="2">
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {name}
          </Text>
          {badge ? <Badge colorPalette="yellow">{badge}</Badge> : null}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {detail}
        </Text>
      </Stack>
      <Button size="sm" variant="outline" colorPalette="red" onClick={onRemove}>
        {removeLabel}
      </Button>
    </HStack>
  );
}

/**
 * /app/reviewers (docs/review.md, "Reviewers"; the owner only): invite reviewers by e-mail, see
 * who joined and who is invited, remove a reviewer (their access ends at once; their points stay)
 * or withdraw an invitation.
 */
export function ReviewersPage() {
  const queryClient = useQueryClient();
  const list = useQuery(reviewersQueryOptions);

  async function remove(id: string, what: string) {
    try {
      await removeReviewer(id);
      toaster.create({ type: 'success', title: what });
    } catch (error) {
      toaster.create({ type: 'error', title: failureText(error) });
    }
    void queryClient.invalidateQueries({ queryKey: reviewersQueryOptions.queryKey });
  }

  let body;
  if (list.error) body = <LoadFailure error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <Skeleton role="status" aria-busy="true" height="32" borderRadius="xl" aria-label="Loading the reviewers" />;
  else if (list.data.reviewers.length + list.data.invitations.length === 0) body = <Text color="fg.muted">No reviewers yet.</Text>;
  else {
    body = (
      <Stack as="ul" listStyleType="none" m="0" p="0" gap="0" aria-label="Reviewers and invitations">
        {list.data.reviewers.map((reviewer) => (
          <PersonRow
            key={reviewer.id}
            name={`${reviewer.firstName} ${reviewer.lastName}`}
            detail={`${reviewer.email} · joined ${formatDate(reviewer.joinedAt)}`}
            removeLabel="Remove"
            onRemove={() => void remove(reviewer.id, `${reviewer.firstName} ${reviewer.lastName} was removed`)}
          />
        ))}
        {list.data.invitations.map((invitation) => (
          <PersonRow
            key={invitation.id}
            name={invitation.email}
            detail={`${invitation.existingAccount ? 'Has a reviewer account · ' : ''}Invited ${formatDate(invitation.createdAt)} · valid until ${formatDate(invitation.expiresAt)}`}
            badge="Invited"
            removeLabel="Withdraw"
            onRemove={() => void remove(invitation.id, `The invitation to ${invitation.email} was withdrawn`)}
          />
        ))}
      </Stack>
    );
  }
  return (
    <StudioPage title="Reviewers" lead="People who help you read and score applications." maxW="4xl">
      <Stack gap="6">
        <InviteForm />
        <Stack gap="2" borderWidth="1px" borderRadius="xl" bg="bg" p="5">
          <Heading as="h2" size="md">
            Your reviewers
          </Heading>
          {body}
        </Stack>
      </Stack>
    </StudioPage>
  );
}
