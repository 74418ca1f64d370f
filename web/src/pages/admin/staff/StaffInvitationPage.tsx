import { Heading, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { failureText } from '../../../api/api-error';
import { acceptStaffInvitation, staffInvitationQueryOptions } from '../../../api/console';
import { formQueryOptions } from '../../../api/forms';
import { unprefixedAnswerErrors } from '../../../forms/answer-errors';
import { NoticeBanner } from '../../../forms/NoticeBanner';
import { SchemaForm } from '../../../forms/SchemaForm';
import { useServedFormSubmit } from '../../../forms/use-served-form-submit';
import { useDocumentTitle } from '../../../ui/document-title';
import { RouteLoading } from '../../misc/RouteLoading';
import { Frame, Unusable } from '../../provider/review/InvitationPage';

const ALREADY_STAFF = 'Already joined?';

/**
 * /app/staff-invitation?token=… (docs/console.md, "Staff"): public, the link of the e-mail. Names
 * the address and role, then the served `reviewer-signup` form (names and password); the session
 * it answers is stored like any sign-in and the new staff member lands in the console.
 */
export function StaffInvitationPage() {
  useDocumentTitle('Join the ScholarMatch staff');
  const { token = '' } = useSearch({ strict: false }) as { token?: string };
  const navigate = useNavigate();
  const invitation = useQuery({ ...staffInvitationQueryOptions(token), enabled: token !== '' });
  const form = useQuery(formQueryOptions('reviewer-signup'));
  const { submit, pending, notice, serverErrors } = useServedFormSubmit({
    send: (values: Record<string, unknown>) => acceptStaffInvitation(token, values),
    onSuccess: () => navigate({ to: '/admin' }),
    fieldErrorsOf: unprefixedAnswerErrors,
    stayPendingOnSuccess: true,
  });

  if (!token) return <Unusable already={ALREADY_STAFF} text="This invitation link is incomplete. Open the link from the e-mail again." />;
  if (invitation.error) return <Unusable already={ALREADY_STAFF} text={failureText(invitation.error)} />;
  if (!invitation.data) return <RouteLoading label="Loading the invitation…" />;
  const role = invitation.data.role === 'admin' ? 'an admin' : 'support staff';
  return (
    <Frame>
      <Heading as="h1" size="xl" mb="2">
        Join ScholarMatch as {role}
      </Heading>
      <Text color="fg.muted" mb="6">
        You were invited as {invitation.data.email}. Choose your name and a password; you will then open the staff console.
      </Text>
      <NoticeBanner notice={notice} mb="6" />
      {form.error ? <NoticeBanner notice={{ status: 'error', text: failureText(form.error) }} /> : null}
      {!form.data && !form.error ? <RouteLoading label="Loading the form…" /> : null}
      {form.data ? (
        <SchemaForm
          key={form.data.version}
          schema={form.data.schema}
          uiSchema={form.data.uiSchema}
          validator={form.data.validator}
          hideTitle
          disabled={pending}
          serverErrors={serverErrors}
          submitLabel="Join the staff"
          onSubmit={(values) => void submit(values as Record<string, unknown>)}
        />
      ) : null}
    </Frame>
  );
}
