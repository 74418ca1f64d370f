import { Button, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formQueryOptions } from '../../../api/forms';
import { sendMessage } from '../../../api/review';
import { toaster } from '../../../ui/toaster';
import { answerErrors } from '../../../forms/answer-errors';
import { NoticeBanner } from '../../../forms/NoticeBanner';
import { keepFocus, SchemaForm } from '../../../forms/SchemaForm';
import { useServedFormSubmit } from '../../../forms/use-served-form-submit';
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
  const { submit: send, pending: sending, notice, serverErrors, reset } = useServedFormSubmit({
    send: (values: Record<string, unknown>) => sendMessage(scholarshipId, applicantIds, values),
    onSuccess: ({ sent }) => {
      toaster.create({ type: 'success', title: sent === 1 ? 'Message sent to 1 applicant' : `Message sent to ${sent} applicants` });
      onSent?.();
      close();
    },
    fieldErrorsOf: answerErrors,
  });

  function close() {
    setAnswers({});
    reset();
    onClose();
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
          onSubmit={(values) => void send(values as Record<string, unknown>)}
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
      <NoticeBanner notice={notice} mb="3" />
      {body}
    </SmallDialog>
  );
}
