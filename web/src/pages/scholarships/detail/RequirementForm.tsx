import { Button, HStack } from '@chakra-ui/react';
import { MESSAGES } from '@scholarmatch/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../../../api/api-error';
import { applicationKeys, refreshAfterApplying, submitApplication, type ApplicantDetails } from '../../../api/applications';
import type { FormDefinition } from '../../../api/forms';
import type { ApplicationStatus } from '../../../api/scholarships';
import { toaster } from '../../../ui/toaster';
import { keepFocus, SchemaForm } from '../../../forms/SchemaForm';
import { useServedFormSubmit } from '../../../forms/use-served-form-submit';
import { requirementAnswers } from './application-steps';
import { preloadRequirementParts } from '../../../forms/widgets/lazy-widgets';

// Requirement forms show essays and files: their code starts loading with this page's.
void preloadRequirementParts();

/** The original words (as in the original product), and ours for a submission, which the original client leaves silent. */
const SAVED_TEXT: Record<ApplicationStatus, string> = { Draft: MESSAGES.applicationDraftSaved, Received: MESSAGES.applicationSubmitted };
const FAILURE_TEXT = 'Something went wrong';

/** Save draft and Submit application, kept in sight at the bottom of the screen while the form is. */
function ApplicationBar({ saving, onSaveDraft }: { saving: ApplicationStatus | null; onSaveDraft: () => void }) {
  return (
    <HStack
      position="sticky"
      bottom="0"
      zIndex="docked"
      justify="flex-end"
      gap="3"
      mt="6"
      py="3"
      bg="bg"
      borderTopWidth="1px"
      flexWrap="wrap"
    >
      <Button type="button" variant="outline" colorPalette="brand" loading={saving === 'Draft'} disabled={saving !== null} onMouseDown={keepFocus} onClick={onSaveDraft}>
        Save draft
      </Button>
      <Button type="submit" colorPalette="brand" loading={saving === 'Received'} disabled={saving !== null} onMouseDown={keepFocus}>
        Submit application
      </Button>
    </HStack>
  );
}

interface RequirementFormProps {
  scholarshipId: string;
  form: FormDefinition;
  /** The answers being edited; the page keeps them, because the stepper follows them too. */
  answers: Record<string, unknown>;
  onAnswersChange: (answers: Record<string, unknown> | undefined) => void;
  received: boolean;
}

/**
 * The served requirement form with Save draft (no required checks: the answers go as they are)
 * and Submit application (RJSF validates first; the server again, against the pinned version).
 * A sent application is shown read-only, without the bar. Loaded on demand (React.lazy in
 * ApplicationSection): it brings the form engine, which the rest of the details page does without.
 */
export function RequirementForm({ scholarshipId, form, answers, onAnswersChange, received }: RequirementFormProps) {
  const queryClient = useQueryClient();
  // A failure is a toast here, not a banner: the form is long and its bar sits at the bottom.
  const save = useServedFormSubmit({
    send: ({ status, values }: { status: ApplicationStatus; values: Record<string, unknown> }) =>
      submitApplication({
        scholarshipId,
        status,
        formVersion: form.version,
        requirements: requirementAnswers(Object.keys(form.schema.properties ?? {}), values),
      }),
    onSuccess: (details: ApplicantDetails) => {
      queryClient.setQueryData(applicationKeys.details(scholarshipId), details);
      // The saved answers are the server's now; the edits start again from them.
      onAnswersChange(undefined);
      // A submission missing a required answer is kept as a Draft, with what is missing.
      save.setServerErrors(details.errors ?? []);
      toaster.create({ type: 'success', title: SAVED_TEXT[details.status ?? 'Draft'] });
      void refreshAfterApplying(queryClient);
    },
    onFailure: (error) => {
      // 409: sent from another tab meanwhile, or past the deadline: show the application as it is now.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: applicationKeys.details(scholarshipId) });
      toaster.create({ type: 'error', title: FAILURE_TEXT, description: error instanceof ApiError ? error.message : undefined });
    },
  });
  const saving = save.pendingRequest?.status ?? null;
  const { serverErrors } = save;
  const keepAnswers = useCallback((values: unknown) => onAnswersChange(values as Record<string, unknown>), [onAnswersChange]);

  return (
    <SchemaForm
      key={form.version}
      schema={form.schema}
      validator={form.validator}
      uiSchema={form.uiSchema}
      formData={answers}
      hideTitle
      disabled={received || saving !== null}
      serverErrors={serverErrors}
      onChange={keepAnswers}
      onSubmit={(values) => void save.submit({ status: 'Received', values: values as Record<string, unknown> })}
      actions={received ? null : <ApplicationBar saving={saving} onSaveDraft={() => void save.submit({ status: 'Draft', values: answers })} />}
    />
  );
}
