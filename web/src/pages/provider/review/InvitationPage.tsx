import { Box, Button, Field, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { failureText } from '../../../api/api-error';
import { formQueryOptions, type FormDefinition } from '../../../api/forms';
import { acceptInvitation, invitationQueryOptions, joinInvitation } from '../../../api/review';
import { NoticeBanner } from '../../../forms/NoticeBanner';
import { SchemaForm } from '../../../forms/SchemaForm';
import { useServedFormSubmit, type ServedFormSubmit } from '../../../forms/use-served-form-submit';
import { unprefixedAnswerErrors } from '../../../forms/answer-errors';
import { RouteLoading } from '../../misc/RouteLoading';

/** The card an invitation page sits in (the staff invitation's too). */
export function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Box px="4" py={{ base: '8', md: '12' }}>
      <Box maxW="xl" mx="auto" borderWidth="1px" borderRadius="2xl" bg="bg" boxShadow="sm" p={{ base: '5', md: '8' }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * An invitation's sign-up: its heading and sentence, then the served `reviewer-signup` form (the
 * staff invitation's too). The page owns the form's query, started beside the invitation's, and
 * the submit; this draws them.
 */
export function InvitationSignup({
  heading,
  intro,
  submitLabel,
  form,
  served,
}: {
  heading: string;
  intro: string;
  submitLabel: string;
  form: { data?: FormDefinition; error: unknown };
  served: Pick<ServedFormSubmit<Record<string, unknown>>, 'submit' | 'pending' | 'notice' | 'serverErrors'>;
}) {
  return (
    <Frame>
      <Heading as="h1" size="xl" mb="2">
        {heading}
      </Heading>
      <Text color="fg.muted" mb="6">
        {intro}
      </Text>
      <NoticeBanner notice={served.notice} mb="6" />
      {form.error ? <NoticeBanner notice={{ status: 'error', text: failureText(form.error) }} /> : null}
      {!form.data && !form.error ? <RouteLoading label="Loading the form…" /> : null}
      {form.data ? (
        <SchemaForm
          key={form.data.version}
          schema={form.data.schema}
          uiSchema={form.data.uiSchema}
          validator={form.data.validator}
          hideTitle
          disabled={served.pending}
          serverErrors={served.serverErrors}
          submitLabel={submitLabel}
          onSubmit={(values) => void served.submit(values as Record<string, unknown>)}
        />
      ) : null}
    </Frame>
  );
}

/** An unknown, used or expired invitation: the server's sentence, and the way to sign in for whoever already joined. */
export function Unusable({ text, already = 'Already a reviewer?' }: { text: string; already?: string }) {
  return (
    <Frame>
      <Stack gap="4">
        <Heading as="h1" size="xl">
          Invitation
        </Heading>
        <NoticeBanner notice={{ status: 'error', text }} />
        <Text>
          {already}{' '}
          <Link asChild colorPalette="brand" fontWeight="semibold">
            <RouterLink to="/auth/login">Log in</RouterLink>
          </Link>
        </Text>
      </Stack>
    </Frame>
  );
}

/**
 * An invitation to an address that already has a reviewer account: its password, not a second
 * sign-up (docs/review.md, "Reviewers"). The session it answers is stored like any sign-in.
 */
function JoinWithAccount({ token, email, organisationName }: { token: string; email: string; organisationName: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function join(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setPending(true);
    try {
      await joinInvitation(token, password);
      await navigate({ to: '/app' });
    } catch (error) {
      setFailure(failureText(error));
      setPending(false);
    }
  }

  return (
    <Frame>
      <Heading as="h1" size="xl" mb="2">
        Join {organisationName} as a reviewer
      </Heading>
      <Text color="fg.muted" mb="6">
        {email} already has a reviewer account. Enter its password to join {organisationName} and read and score its applications.
      </Text>
      <NoticeBanner notice={failure ? { status: 'error', text: failure } : null} mb="6" />
      <form onSubmit={(event) => void join(event)} noValidate aria-label="Join with your account">
        <Stack gap="4">
          <Field.Root>
            <Field.Label>Password</Field.Label>
            <Input type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={pending} disabled={!password} alignSelf="flex-start">
            Join as a reviewer
          </Button>
          <Text fontSize="sm">
            Forgot it?{' '}
            <Link asChild colorPalette="brand" fontWeight="semibold">
              <RouterLink to="/forgot-password">Reset your password</RouterLink>
            </Link>
            , then open this invitation again.
          </Text>
        </Stack>
      </form>
    </Frame>
  );
}

/**
 * /app/invitation?token=… (docs/review.md, "Reviewers"): public. Names the organisation that
 * invites, then the served `reviewer-signup` form; the session it answers is stored like any
 * sign-in and the new reviewer lands in the studio.
 */
export function InvitationPage() {
  const { token = '' } = useSearch({ strict: false }) as { token?: string };
  const navigate = useNavigate();
  const invitation = useQuery({ ...invitationQueryOptions(token), enabled: token !== '' });
  const form = useQuery(formQueryOptions('reviewer-signup'));
  const { submit, pending, notice, serverErrors } = useServedFormSubmit({
    send: (values: Record<string, unknown>) => acceptInvitation(token, values),
    onSuccess: () => navigate({ to: '/app' }),
    fieldErrorsOf: unprefixedAnswerErrors,
    stayPendingOnSuccess: true,
  });

  if (!token) return <Unusable text="This invitation link is incomplete. Open the link from the e-mail again." />;
  if (invitation.error) return <Unusable text={failureText(invitation.error)} />;
  if (!invitation.data) return <RouteLoading label="Loading the invitation…" />;
  if (invitation.data.existingAccount) return <JoinWithAccount token={token} email={invitation.data.email} organisationName={invitation.data.organisationName} />;
  return (
    <InvitationSignup
      heading={`Join ${invitation.data.organisationName} as a reviewer`}
      intro={`You were invited as ${invitation.data.email}. Choose your name and a password to read and score applications.`}
      submitLabel="Join as a reviewer"
      form={form}
      served={{ submit, pending, notice, serverErrors }}
    />
  );
}
