import { Button } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../api/api-error';
import { REPLY_FORM_KEY, type Conversation } from '../../api/conversations';
import { formQueryOptions } from '../../api/forms';
import { SaveError } from '../../api/profile';
import { answerErrors, type FieldError } from '../../forms/answer-errors';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { keepFocus, SchemaForm } from '../../forms/SchemaForm';
import { RouteLoading } from '../misc/RouteLoading';

interface ReplyFormProps {
  /** Sends the answers; resolves with the conversation that holds the new message. */
  send: (answers: Record<string, unknown>) => Promise<Conversation>;
  onSent: (conversation: Conversation) => void;
  submitLabel: string;
  idPrefix: string;
}

/**
 * The served `message-reply` form (docs/inbox.md, "Conversations"), rendered from its schema like
 * every form: its words and rules are the server's. Refused answers show under the field, any other
 * failure in a banner above it; a sent message empties the form.
 */
export function ReplyForm({ send, onSent, submitLabel, idPrefix }: ReplyFormProps) {
  const form = useQuery(formQueryOptions(REPLY_FORM_KEY));
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // A new key after each message: the form starts empty again, without the last one's errors.
  const [round, setRound] = useState(0);

  async function submit(values: unknown) {
    setFailure(null);
    setServerErrors([]);
    setSending(true);
    try {
      const conversation = await send(values as Record<string, unknown>);
      setAnswers({});
      setRound((count) => count + 1);
      onSent(conversation);
    } catch (error) {
      if (error instanceof SaveError) setServerErrors(answerErrors(error.fieldErrors));
      setFailure(failureText(error));
    } finally {
      setSending(false);
    }
  }

  if (form.error) return <NoticeBanner notice={{ status: 'error', text: failureText(form.error) }} />;
  if (!form.data) return <RouteLoading label="Loading the reply form" />;
  return (
    <>
      <NoticeBanner notice={failure ? { status: 'error', text: failure } : null} mb="3" />
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
        onSubmit={(values) => void submit(values)}
        actions={
          <Button type="submit" colorPalette="brand" mt="4" loading={sending} onMouseDown={keepFocus}>
            {submitLabel}
          </Button>
        }
      />
    </>
  );
}
