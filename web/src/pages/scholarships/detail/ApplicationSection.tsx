import { Button, Heading, Skeleton, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { failureText } from '../../../api/api-error';
import { answersOf, applicantDetailsQueryOptions, requirementFormQueryOptions } from '../../../api/applications';
import type { ScholarshipDetail } from '../../../api/scholarships';
import { NoticeBanner } from '../../../forms/NoticeBanner';
import { useSubscribed } from '../../../session/session-store';
import { applicationSteps, requirementKey } from './application-steps';
import { ApplicationStepper } from './ApplicationStepper';
import { EasyApplyAction } from './EasyApplyAction';
import { RequirementList } from './RequirementList';

function loadRequirementForm() {
  return import('./RequirementForm');
}

/**
 * The form engine (RJSF, ajv, the widgets) comes with the requirement form: fetched only when the
 * form is shown, so the scholarship's facts render without it, and Easy Apply and the read-only
 * requirement list never fetch it.
 */
const RequirementForm = lazy(() => loadRequirementForm().then((module) => ({ default: module.RequirementForm })));

/**
 * The requirements the application's own form asks, in its order: an application stays on the
 * form version it was started on, so a requirement the provider added since is not a step of it
 * (docs/providers.md, "Requirements"). Without the form yet, the scholarship's current list.
 */
function pinnedRequirements(requirements: ScholarshipDetail['requirements'], properties: object | undefined): ScholarshipDetail['requirements'] {
  if (!properties) return requirements;
  const order = Object.keys(properties);
  return requirements
    .filter((requirement) => order.includes(requirementKey(requirement)))
    .sort((a, b) => order.indexOf(requirementKey(a)) - order.indexOf(requirementKey(b)));
}

/** Holds the form's place while its answers or its code arrive. */
function FormSkeleton() {
  return <Skeleton role="status" aria-busy="true" height="48" borderRadius="xl" aria-label="Loading the application" />;
}

function Failure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Stack gap="3" align="flex-start">
      <NoticeBanner notice={{ status: 'error', text: failureText(error) }} />
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}

/**
 * The applicant's application to the scholarship (as in the original product): the stepper, then Easy
 * Apply when nothing is asked, else the requirement form with its Save draft / Submit bar. A
 * non-member sees the application they sent, read-only: the form is for members.
 */
export function ApplicationSection({ scholarship }: { scholarship: ScholarshipDetail }) {
  const headingId = useId();
  const subscribed = useSubscribed();
  const details = useQuery(applicantDetailsQueryOptions(scholarship.id));
  const status = details.data ? details.data.status : scholarship.scholarshipStatus;
  const received = status === 'Received';
  const asksNothing = scholarship.requirements.length === 0;
  const showsForm = !asksNothing && (subscribed || !received);
  const form = useQuery({ ...requirementFormQueryOptions(scholarship.id), enabled: showsForm });
  // The form's code downloads alongside its schema and the answers, not after them.
  useEffect(() => {
    // A failed download is not lost: the lazy form asks again when it renders, and reports it then.
    if (showsForm) loadRequirementForm().catch(() => undefined);
  }, [showsForm]);

  const stored = useMemo(() => (details.data ? answersOf(details.data) : {}), [details.data]);
  // The answers being edited (the form is controlled, and the stepper follows them as they change).
  const [edited, setEdited] = useState<Record<string, unknown>>();
  const answers = edited ?? stored;

  let body: ReactNode;
  const failed = details.error ?? (showsForm ? form.error : null);
  if (failed) {
    body = <Failure error={failed} onRetry={() => void Promise.all([details.refetch(), showsForm ? form.refetch() : null])} />;
  } else if (asksNothing) {
    body = <EasyApplyAction scholarshipId={scholarship.id} received={received} />;
  } else if (!showsForm) {
    body = <RequirementList requirements={scholarship.requirements} />;
  } else if (!form.data || !details.data) {
    body = <FormSkeleton />;
  } else {
    body = (
      <Suspense fallback={<FormSkeleton />}>
        <RequirementForm scholarshipId={scholarship.id} form={form.data} answers={answers} onAnswersChange={setEdited} received={received} />
      </Suspense>
    );
  }

  return (
    <Stack as="section" aria-labelledby={headingId} gap="5" borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '5', md: '8' }}>
      <Heading as="h2" id={headingId} size="lg">
        Your application
      </Heading>
      <ApplicationStepper steps={applicationSteps(status, pinnedRequirements(scholarship.requirements, form.data?.schema.properties), answers)} />
      {body}
    </Stack>
  );
}
