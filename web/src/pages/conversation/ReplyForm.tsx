import { Button } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../api/api-error';
import { REPLY_FORM_KEY } from '../../api/conversations';
import { formQueryOptions } from '../../api/forms';
import { answerErrors } from '../../forms/answer-errors';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { keepFocus, SchemaForm } from '../../forms/SchemaForm';
import { useServedFormSubmit } from '../../forms/use-served-form-submit';
import { RouteLoading } from '../misc/RouteLoading';

interface ReplyFormProps<T> {
  /** Sends the answers; resolves with the conversation (or support thread) that holds the new message. */
  send: (answers: Record<string, unknown>) => Promise<T>;
  onSent: (conversation: T) => void;
  submitLabel: string;
  idPrefix: string;
}

/**
 * The served `message-reply` form (docs/inbox.md, "Conversations"; also a support reply, docs/support.md), rendered from its schema like
 * every form: its words and rules are the server's. Refused answers show under the field, any other
 * failure in a banner above it; a sent message empties the form.
 */
export function ReplyForm<T>({ send, onSent, submitLabel, idPrefix }: ReplyFormProps<T>) {
  const form = useQuery(formQueryOptions(REPLY_FORM_KEY));
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  // A new key after each message: the form starts empty again, without the last one's errors.
  const [round, setRound] = useState(0);
  const { submit, pending: sending, notice, serverErrors } = useServedFormSubmit({
    send: (values: Record<string, unknown>) => send(values),
    onSuccess: (conversation: T) => {
      setAnswers({});
      setRound((count) => count + 1);
      onSent(conversation);
    },
    fieldErrorsOf: answerErrors,
  });

  if (form.error) return <NoticeBanner notice={{ status: 'error', text: failureText(form.error) }} />;
  if (!form.data) return <RouteLoading label="Loading the reply form" />;
  return (
    <>
      <NoticeBanner notice={notice} mb="3" />
      <SchemaForm
        key={`${form.data.version}-${round}`}
        idPrefix={idPrefix}
        schema={form.data.schema}
        uiSchema={form.data.uiSchema}
        validator={form.data.validator}
        formData={answers}
        hideTitle
        disabled={sending}
        serverErrors={serverErrors}
        onChange={(values) => setAnswers(values as Record<string, unknown>)}
        onSubmit={(values) => void submit(values as Record<string, unknown>)}
        actions={
          <Button type="submit" colorPalette="brand" mt="4" loading={sending} onMouseDown={keepFocus}>
            {submitLabel}
          </Button>
        }
      />
    </>
  );
}
