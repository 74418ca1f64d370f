import { Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { formQueryOptions } from '../../api/forms';
import { visitorCountryQueryOptions } from '../../api/geo';
import {
  answersOf,
  fieldDefinitionsQueryOptions,
  profileQueryOptions,
  saveFailureText,
  saveProfile,
  type Applicant,
} from '../../api/profile';
import { scholarshipKeys } from '../../api/scholarships';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { SchemaForm } from '../../forms/SchemaForm';
import { useServedFormSubmit } from '../../forms/use-served-form-submit';
import { useCurrentUser } from '../../session/session-store';
import { RouteLoading } from '../misc/RouteLoading';

type ProfileFormKey = Parameters<typeof saveProfile>[1];

interface ProfileFormPanelProps {
  formKey: ProfileFormKey;
  submitLabel: string;
  /** The banner after a save (the original words differ between the profile tabs and the completion step). */
  successText: string;
  onSaved?: (applicant: Applicant) => void;
  /** The completion step shows its own heading: the form's title would repeat it. */
  hideTitle?: boolean;
  /** Answers to start from where none is stored yet (the sign-up teaser's, on the completion step). */
  startingAnswers?: Record<string, unknown>;
}

/**
 * One served profile form (the registration step or a profile tab), filled with the stored
 * answers and saved with PUT register-applicants/{id}. It knows no field: the form, the answers
 * and the field ids all come from the server.
 */
export function ProfileFormPanel({ formKey, submitLabel, successText, onSaved, hideTitle, startingAnswers }: ProfileFormPanelProps) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const form = useQuery(formQueryOptions(formKey));
  const profile = useQuery(profileQueryOptions);
  const fields = useQuery(fieldDefinitionsQueryOptions);
  const geo = useQuery(visitorCountryQueryOptions);

  const stored = useMemo(() => (profile.data ? { ...startingAnswers, ...answersOf(profile.data) } : undefined), [profile.data, startingAnswers]);
  // The answers being edited: RJSF treats a given formData as controlled, so the edits live here.
  // They start from the stored answers and return to them after this form's own save; another
  // tab's save does not touch them.
  const [draft, setDraft] = useState<unknown>();
  const answers = draft ?? stored;
  const keepDraft = useCallback((values: unknown) => setDraft(values), []);

  const save = useServedFormSubmit({
    send: (request: Parameters<typeof saveProfile>) => saveProfile(...request),
    onSuccess: (applicant: Applicant) => {
      queryClient.setQueryData(profileQueryOptions.queryKey, applicant);
      // New answers, new matches: the counts and lists on screen (the profile header's) are asked again.
      void queryClient.invalidateQueries({ queryKey: scholarshipKeys.all });
      setDraft(undefined);
      onSaved?.(applicant);
    },
    failureTextOf: saveFailureText,
    successText,
  });
  const { pending, notice, serverErrors } = save;

  async function submit(values: unknown) {
    if (!user || !fields.data) return;
    await save.submit([user, formKey, values as Record<string, unknown>, fields.data]);
  }

  const failed = form.error ?? profile.error ?? fields.error;
  if (failed) return <Text color="fg.error">{failed.message}</Text>;
  if (!form.data || !answers || !fields.data || geo.isPending) return <RouteLoading label="Loading your profile…" />;

  return (
    <Stack gap="4">
      <NoticeBanner notice={notice} />
      <SchemaForm
        key={form.data.version}
        schema={form.data.schema}
        validator={form.data.validator}
        hideTitle={hideTitle}
        uiSchema={form.data.uiSchema}
        formData={answers}
        formContext={{ visitorCountry: geo.data ?? undefined }}
        submitLabel={submitLabel}
        disabled={pending}
        serverErrors={serverErrors}
        onChange={keepDraft}
        onSubmit={submit}
      />
    </Stack>
  );
}
