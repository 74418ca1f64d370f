import { Alert, Box, Button, Field, Input, List, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../../api/api-error';
import { erasePerson, exportPersonData, peopleKeys, type PersonDetail, type PrivacyErasure } from '../../../api/people';
import { toaster } from '../../../ui/toaster';
import { SmallDialog } from '../../misc/SmallDialog';

/** What an erasure removed, by the server's part names, as the console says them. */
const REMOVED_WORDS: Record<string, string> = {
  profileAnswers: 'Profile answers',
  applicationDrafts: 'Application drafts',
  submittedApplicationAnswers: 'Submitted applications emptied of their answers',
  repliesToProviders: 'Replies to providers',
  inboxMessages: 'Inbox messages',
  wishlist: 'Saved scholarships',
  deadlineReminders: 'Deadline reminders',
  sweepstakesEntries: 'Sweepstakes entries',
  chats: 'Chats',
  signInProviders: 'Google sign-ins',
  sessions: 'Sign-in sessions',
  matches: 'Matches',
  supportRequests: 'Support requests and contact messages',
  emailsSent: 'Stored e-mails',
  files: 'Uploaded files',
};

/** What an erasure kept, by part. */
const KEPT_WORDS: Record<string, string> = {
  memberships: 'Memberships',
  paymentEvents: 'Payment events',
  checkouts: 'Checkouts',
  freeTrials: 'Free trials',
  referralEvents: 'Referral events',
  submittedApplications: 'Submitted applications',
  account: 'The account',
};

function ExportAction({ person }: { person: PersonDetail }) {
  const run = useMutation({
    mutationFn: () => exportPersonData(person.account.id),
    onSuccess: (name) => toaster.create({ type: 'success', title: `Data exported: ${name}` }),
    onError: (error) => toaster.create({ type: 'error', title: failureText(error) }),
  });
  return (
    <Button size="sm" variant="outline" loading={run.isPending} loadingText="Exporting…" onClick={() => run.mutate()}>
      Export data
    </Button>
  );
}

function ErasureResult({ result }: { result: PrivacyErasure }) {
  const removed = Object.entries(result.removed).filter(([, count]) => count > 0);
  // Parts with nothing in them were kept in name only; the audit row still counts them.
  const kept = result.kept.filter((part) => part.count > 0);
  return (
    <Stack gap="3">
      <Text>
        Everything personal was removed. The account can no longer sign in; it is now <strong>{result.pseudonym}</strong>, and providers see
        their past applications as &ldquo;Erased applicant&rdquo;.
      </Text>
      <Box>
        <Text fontWeight="semibold">Removed</Text>
        <Text color="fg.muted">{removed.length ? removed.map(([part, count]) => `${REMOVED_WORDS[part] ?? part} (${count})`).join(', ') : 'Nothing but the account’s details.'}</Text>
      </Box>
      <Box>
        <Text fontWeight="semibold">Kept, and why</Text>
        <List.Root gap="1" ps="4">
          {kept.map((part) => (
            <List.Item key={part.part}>
              <Text as="span" fontWeight="medium">
                {KEPT_WORDS[part.part] ?? part.part} ({part.count})
              </Text>
              : {part.reason}
            </List.Item>
          ))}
        </List.Root>
      </Box>
    </Stack>
  );
}

function EraseAction({ person }: { person: PersonDetail }) {
  const { account } = person;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const erase = useMutation({ mutationFn: () => erasePerson(account.id, typed.trim()) });
  const matches = typed.trim().toLowerCase() === account.email.toLowerCase();
  const close = () => {
    setOpen(false);
    setTyped('');
    // Only after the result was read: the page then shows the erased account.
    if (erase.isSuccess) void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
    erase.reset();
  };
  const result = erase.data;
  return (
    <>
      <Button size="sm" variant="outline" colorPalette="red" onClick={() => setOpen(true)}>
        Erase person
      </Button>
      <SmallDialog
        open={open}
        onClose={close}
        title={result ? 'Person erased' : 'Erase this person?'}
        footer={
          result ? (
            <Button colorPalette="brand" onClick={close}>
              Done
            </Button>
          ) : (
            <>
              <Button variant="ghost" onClick={close} disabled={erase.isPending}>
                Cancel
              </Button>
              <Button colorPalette="red" loading={erase.isPending} disabled={!matches} onClick={() => erase.mutate()}>
                Erase person
              </Button>
            </>
          )
        }
      >
        {result ? (
          <ErasureResult result={result} />
        ) : (
          <Stack gap="3">
            <Text>
              This cannot be undone. Their profile, files, drafts, the answers of their submitted applications, messages, support requests,
              saved scholarships and sign-ins are removed, and the account can no longer sign in.
            </Text>
            <Text>
              Payment and tax records stay (memberships, payment events, checkouts), filed under a pseudonym in place of their name and
              e-mail. Export their data first if they asked for a copy.
            </Text>
            <Field.Root required invalid={erase.isError}>
              {/* A long address breaks anywhere rather than run out of a narrow dialog. */}
              <Field.Label display="block" overflowWrap="anywhere">
                Type {account.email} to confirm
              </Field.Label>
              <Input value={typed} autoComplete="off" spellCheck={false} onChange={(event) => setTyped(event.target.value)} />
            </Field.Root>
            {erase.isError ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{failureText(erase.error)}</Alert.Title>
              </Alert.Root>
            ) : null}
          </Stack>
        )}
      </SmallDialog>
    </>
  );
}

/**
 * Privacy requests (docs/privacy.md), for admins: export a person's data, and erase a student's or
 * parent's account. An erased person can still be exported (what was kept), never erased again.
 */
export function PrivacyActions({ person }: { person: PersonDetail }) {
  const { account } = person;
  return (
    <>
      <ExportAction person={person} />
      {account.role === 'applicant' && !account.erasedAt ? <EraseAction person={person} /> : null}
    </>
  );
}
