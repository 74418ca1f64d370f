import { Box, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { MESSAGES, SUPPORT_KINDS, supportPayloadOf, type SupportKind } from '@scholarmatch/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../api/api-error';
import { formQueryOptions } from '../../api/forms';
import { visitorCountryQueryOptions } from '../../api/geo';
import { sendSupport, supportKeys, type SupportPayload } from '../../api/support';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { SchemaForm } from '../../forms/SchemaForm';
import { useServedFormSubmit } from '../../forms/use-served-form-submit';
import { RouteLoading } from '../misc/RouteLoading';
import { SmallDialog } from '../misc/SmallDialog';

/**
 * A field people do not see (off screen, out of the tab order, ignored by screen readers and
 * password managers): what fills it is a bot, whose request the server drops (docs/support.md).
 */
function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Box position="absolute" left="-10000px" top="auto" w="1px" h="1px" overflow="hidden" aria-hidden="true">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} />
      </label>
    </Box>
  );
}

/** Read-only facts shown above the form (the signed-in person's name and e-mail). */
export function ReadOnlyFacts({ facts }: { facts: { label: string; value: string }[] }) {
  return (
    <Stack gap="4" mb="4">
      {facts.map((fact) => (
        <Field.Root key={fact.label} readOnly>
          <Field.Label>{fact.label}</Field.Label>
          <Input value={fact.value} readOnly bg="bg.muted" />
        </Field.Root>
      ))}
    </Stack>
  );
}

/**
 * The served form of a support request or a contact message (docs/support.md), sent to
 * `POST /scholarships/add-support` in the original payload (`payload` adds what the page knows:
 * the account's name and e-mail, or the contact form's 'Guest'). After a send the 'Thank You!'
 * dialog shows and the form starts empty again; a refused send keeps every word typed.
 */
export function SupportForm({ kind, payload, submitLabel }: { kind: SupportKind; payload: SupportPayload; submitLabel: string }) {
  const form = useQuery(formQueryOptions(SUPPORT_KINDS[kind].formKey));
  const geo = useQuery(visitorCountryQueryOptions);
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<unknown>(undefined);
  const [website, setWebsite] = useState('');
  const [thanked, setThanked] = useState(false);
  // A new form after each send: empty again, with no error shown.
  const [round, setRound] = useState(0);

  const { submit, pending, notice, serverErrors } = useServedFormSubmit({
    send: (values: Record<string, unknown>) => sendSupport({ ...payload, ...supportPayloadOf(kind, values), ...(website ? { website } : {}) }),
    onSuccess: () => {
      setAnswers(undefined);
      setRound((current) => current + 1);
      setThanked(true);
      // The new request joins the Support page's history, and its receipt the inbox.
      void queryClient.invalidateQueries({ queryKey: supportKeys.mine });
      void queryClient.invalidateQueries({ queryKey: ['register-applicants', 'inbox'] });
    },
  });

  if (form.isError) return <NoticeBanner notice={{ status: 'error', text: failureText(form.error) }} />;
  if (!form.data || geo.isPending) return <RouteLoading label="Loading the form…" />;
  return (
    <Box position="relative">
      <NoticeBanner notice={notice} mb="4" />
      <Honeypot value={website} onChange={setWebsite} />
      <SchemaForm
        key={`${form.data.version}-${round}`}
        schema={form.data.schema}
        uiSchema={form.data.uiSchema}
        validator={form.data.validator}
        formData={answers}
        onChange={setAnswers}
        formContext={{ visitorCountry: geo.data ?? undefined }}
        hideTitle
        submitLabel={submitLabel}
        disabled={pending}
        serverErrors={serverErrors}
        onSubmit={(values) => void submit(values as Record<string, unknown>)}
      />
      <SmallDialog
        open={thanked}
        onClose={() => setThanked(false)}
        title={MESSAGES.supportThanksTitle}
        footer={
          <Button colorPalette="brand" onClick={() => setThanked(false)}>
            OK
          </Button>
        }
      >
        <Text>{MESSAGES.supportThanks}</Text>
      </SmallDialog>
    </Box>
  );
}
