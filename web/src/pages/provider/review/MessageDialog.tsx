import { Button, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../../api/api-error';
import { formQueryOptions } from '../../../api/forms';
import { SaveError } from '../../../api/profile';
import { sendMessage } from '../../../api/review';
import { toaster } from '../../../ui/toaster';
import { answerErrors, type FieldError } from '../../../forms/answer-errors';
import { NoticeBanner } from '../../../forms/NoticeBanner';
import { keepFocus, SchemaForm } from '../../../forms/SchemaForm';
import { RouteLoading } from '../../misc/RouteLoading';
import { SmallDialog } from '../../misc/SmallDialog';
import { LoadFailure } from '../StudioPage';

interface MessageDialogProps {
  scholarshipId: string;
  applicantIds: string[];
  open: boolean;
  onClose: () => void;
  /** After a message left: the page clears its selection (docs/review.md). */
  onSent?: () => void;
}

/**
 * Writes to the selected applicants (docs/review.md, "Messages"): the served `provider-message`
 * form (subject, rich-text body), sent with the selection's application ids.
 */
export function MessageDialog({ scholarshipId, applicantIds, open, onClose, onSent }: MessageDialogProps) {
  const form = useQuery({ ...formQueryOptions('provider-message'), enabled: open });
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  function close() {
    setAnswers({});
    setServerErrors([]);
    setFailure(null);
    onClose();
  }

  async function send(values: unknown) {
    setFailure(null);
    setServerErrors([]);
    setSending(true);
    try {
      const { sent } = await sendMessage(scholarshipId, applicantIds, values as Record<string, unknown>);
      toaster.create({ type: 'success', title: sent === 1 ? 'Message sent to 1 applicant' : `Message sent to ${sent} applicants` });
      onSent?.();
      close();
    } catch (error) {
      if (error instanceof SaveError) setServerErrors(answerErrors(error.fieldErrors));
      setFailure(failureText(error));
    } finally {
      setSending(false);
    }
  }

  const count = applicantIds.length;
  let body;
  if (form.error) body = <LoadFailure error={form.error} onRetry={() => void form.refetch()} />;
  else if (!form.data) body = <RouteLoading label="Loading the form…" />;
  else {
    body = (
      <SchemaForm
          key={form.data.version}
          idPrefix="message"
          schema={form.data.schema}
          uiSchema={form.data.uiSchema}
          validator={form.data.validator}
          formData={answers}
          hideTitle
          disabled={sending}
          serverErrors={serverErrors}
          onChange={(values) => setAnswers(values as Record<string, unknown>)}
          onSubmit={(values) => void send(values)}
          actions={
            <Button type="submit" colorPalette="brand" mt="5" loading={sending} onMouseDown={keepFocus}>
              Send message
            </Button>
          }
      />
    );
  }
  return (
    <SmallDialog
      open={open}
      onClose={close}
      title={count === 1 ? 'Message 1 applicant' : `Message ${count} applicants`}
      footer={
        <Button variant="ghost" onClick={close} disabled={sending}>
          Cancel
        </Button>
      }
    >
      <Text color="fg.muted" fontSize="sm" mb="3">
        Each applicant gets it in their inbox and by e-mail, from your organisation.
      </Text>
      <NoticeBanner notice={failure ? { status: 'error', text: failure } : null} mb="3" />
      {body}
    </SmallDialog>
  );
}
