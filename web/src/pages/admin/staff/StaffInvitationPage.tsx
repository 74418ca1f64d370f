import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { failureText } from '../../../api/api-error';
import { acceptStaffInvitation, staffInvitationQueryOptions } from '../../../api/console';
import { formQueryOptions } from '../../../api/forms';
import { unprefixedAnswerErrors } from '../../../forms/answer-errors';
import { useServedFormSubmit } from '../../../forms/use-served-form-submit';
import { useDocumentTitle } from '../../../ui/document-title';
import { RouteLoading } from '../../misc/RouteLoading';
import { InvitationSignup, Unusable } from '../../provider/review/InvitationPage';

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
    <InvitationSignup
      heading={`Join ScholarMatch as ${role}`}
      intro={`You were invited as ${invitation.data.email}. Choose your name and a password; you will then open the staff console.`}
      submitLabel="Join the staff"
      form={form}
      served={{ submit, pending, notice, serverErrors }}
    />
  );
}
