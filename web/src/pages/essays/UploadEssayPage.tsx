import { Box, Button, Container, Heading, HStack, Link, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { acceptedExtensions, MESSAGES, UPLOAD_LIMITS } from '@scholarmatch/schemas';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useRouter } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { ApiError, dataOf, failureText, isSubscriptionRequired, shouldRetry } from '../../api/api-error';
import {
  answersOf,
  applicantDetailsQueryOptions,
  applicationKeys,
  refreshAfterApplying,
  submitApplication,
  type ApplicantDetails,
} from '../../api/applications';
import { api } from '../../api/client';
import { scholarshipDetailQueryOptions, scholarshipKeys } from '../../api/scholarships';
import { toaster } from '../../ui/toaster';
import { countWordsInHtml, wordsLabel } from '../../forms/fields/essay/essay-words';
import { NoticeBanner, type Notice } from '../../forms/NoticeBanner';
import { FileUploadControl } from '../../forms/widgets/FileUploadControl';
import type { UploadRules } from '../../forms/widgets/use-file-upload';
import { PlansLink, useScholarshipDetailsLink } from '../scholarships/membership-gate';
import { formatDeadline, MISSING_TITLE } from '../scholarships/ScholarshipCard';
import { requirementAnswers } from '../scholarships/detail/application-steps';
import { EssayDraftChooser } from './EssayDraftChooser';
import { essayScholarshipIdOf } from './upload-essay-address';
import { NotFoundContent } from '../misc/NotFoundPage';

/** An essay file: the product's document rules (docs/applications.md, "Uploads"), checked again by content on the server. */
const ESSAY_FILE_RULES: UploadRules = {
  purpose: 'document',
  accept: acceptedExtensions('document'),
  maxSizeBytes: UPLOAD_LIMITS.document.maxSizeBytes,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The requirement form's parts this page reads: its version, the requirements it asks, and which are essays. */
interface EssayForm {
  version: string;
  keys: string[];
  required: string[];
  titles: Record<string, string>;
  essays: { key: string; title: string; help?: string }[];
}

type UiEntry = { 'ui:field'?: unknown; 'ui:help'?: unknown; 'ui:title'?: unknown } | undefined;

function essayFormOf(form: { version: string; schema: unknown; uiSchema: unknown }): EssayForm {
  const schema = form.schema as { properties?: Record<string, { title?: string }>; required?: string[] };
  const uiSchema = (form.uiSchema ?? {}) as Record<string, UiEntry>;
  const keys = Object.keys(schema.properties ?? {});
  const titles = Object.fromEntries(keys.map((key) => [key, schema.properties?.[key]?.title ?? key]));
  const essays = keys
    .filter((key) => uiSchema[key]?.['ui:field'] === 'essay')
    .map((key) => {
      const help = uiSchema[key]?.['ui:help'];
      return { key, title: titles[key], ...(typeof help === 'string' && help ? { help } : {}) };
    });
  return { version: form.version, keys, required: schema.required ?? [], titles, essays };
}

/**
 * The scholarship's requirement form as this page needs it (the version the application is
 * pinned to, else the current one). The form engine's validator is not needed here: the server
 * checks every save.
 */
function essayFormQueryOptions(scholarshipId: string) {
  return queryOptions({
    queryKey: [...scholarshipKeys.all, 'essay-form', scholarshipId] as const,
    queryFn: async ({ signal }) => essayFormOf(dataOf(await api.GET('/api/v1/scholarships/{id}/form', { params: { path: { id: scholarshipId } }, signal }))),
    staleTime: 0,
    retry: shouldRetry,
  });
}

/** The essay answer kept under `key`: an uploaded file's address, written text, or nothing. */
function essayAnswer(answers: Record<string, unknown>, key: string): { url?: string; text?: string } {
  const value = answers[key] as { url?: unknown; text?: unknown } | null | undefined;
  if (typeof value?.url === 'string' && value.url) return { url: value.url };
  if (typeof value?.text === 'string' && value.text) return { text: value.text };
  return {};
}

/** A page that cannot offer the upload: why, and the way on. */
function Unavailable({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <Stack gap="4" borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '6', md: '10' }} align="flex-start">
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      <Text color="fg.muted" fontSize="lg">
        {text}
      </Text>
      <HStack gap="3" flexWrap="wrap">
        {action}
        <Button asChild variant="outline">
          <RouterLink to="/auth/dashboard/trackApplications">Track Applications</RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}

function LoadFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (isSubscriptionRequired(error)) {
    return (
      <Unavailable
        title="Applying comes with a membership"
        text={error.message}
        action={
          <Button asChild colorPalette="yellow">
            <PlansLink>See Membership Plans</PlansLink>
          </Button>
        }
      />
    );
  }
  const status = error instanceof ApiError ? error.status : undefined;
  // A scholarship the server does not know is the app's not-found screen (error-2); a malformed address keeps the explanation.
  if (status === 404) return <NotFoundContent title="We could not find that scholarship" text={error.message} />;
  if (status === 400) return <Unavailable title="This scholarship cannot be shown" text={error.message} />;
  return (
    <Stack gap="3" align="flex-start">
      <NoticeBanner notice={{ status: 'error', text: failureText(error) }} />
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}

interface EssaySectionProps {
  essay: EssayForm['essays'][number];
  required: boolean;
  answer: { url?: string; text?: string };
  locked: boolean;
  saving: boolean;
  onFile: (url: string | undefined) => void;
}

/** One essay requirement: its prompt, where its answer stands, and the file control. */
function EssaySection({ essay, required, answer, locked, saving, onFile }: EssaySectionProps) {
  const headingId = useId();
  const inputId = useId();
  let state: string;
  if (answer.url) state = 'Your essay file:';
  else if (answer.text) state = `A written essay of ${wordsLabel(countWordsInHtml(answer.text))}${locked ? '.' : ': a file you upload replaces it.'}`;
  else state = 'No essay yet.';
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3" borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '4', md: '6' }}>
      <Heading as="h2" size="lg" id={headingId}>
        {essay.title}
        {required ? (
          <>
            <Text as="span" color="fg.error" ms="1" aria-hidden="true">
              *
            </Text>
            <VisuallyHidden> (required)</VisuallyHidden>
          </>
        ) : null}
      </Heading>
      {essay.help ? <Text color="fg.muted">{essay.help}</Text> : null}
      <Text>{state}</Text>
      {locked && !answer.url ? null : (
        <Box aria-busy={saving || undefined}>
          <FileUploadControl
            id={inputId}
            value={answer.url}
            onChange={onFile}
            rules={ESSAY_FILE_RULES}
            disabled={locked || saving}
            inputLabel={`${essay.title} file`}
            chooseLabel="Upload essay"
          />
        </Box>
      )}
    </Stack>
  );
}

/** What the last submission answered: sent, or still a draft missing these requirements. */
type Outcome = { sent: true } | { sent: false; missing: string[] };

function SubmitOutcome({ outcome, detailsLink }: { outcome: Outcome; detailsLink: ReturnType<typeof useScholarshipDetailsLink> }) {
  if (outcome.sent) {
    return (
      <Stack gap="3" align="flex-start">
        <NoticeBanner notice={{ status: 'success', text: 'Your application has been sent. Each step it takes shows in Track Applications.' }} />
        <Button asChild colorPalette="brand">
          <RouterLink to="/auth/dashboard/trackApplications">Track Applications</RouterLink>
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="3" align="flex-start">
      <NoticeBanner notice={{ status: 'error', text: `It is saved as a draft. Still to answer before it can be sent: ${outcome.missing.join(', ')}.` }} />
      <Button asChild colorPalette="brand">
        <a href={detailsLink.href} onClick={detailsLink.onClick}>
          Complete the application
        </a>
      </Button>
    </Stack>
  );
}

/** The requirement titles of the server's `errors` (paths start with the requirement's key), in the form's order. */
function missingTitles(details: ApplicantDetails, form: EssayForm): string[] {
  const keys = new Set((details.errors ?? []).map((error) => error.path.split('.')[0]));
  return form.keys.filter((key) => keys.has(key)).map((key) => form.titles[key]);
}

function EssayUpload({ scholarshipId }: { scholarshipId: string }) {
  const queryClient = useQueryClient();
  const scholarship = useQuery(scholarshipDetailQueryOptions(scholarshipId));
  const form = useQuery({ ...essayFormQueryOptions(scholarshipId), enabled: scholarship.isSuccess });
  const details = useQuery({ ...applicantDetailsQueryOptions(scholarshipId), enabled: scholarship.isSuccess });
  const detailsLink = useScholarshipDetailsLink(scholarshipId, { ownApplication: true });
  const [busy, setBusy] = useState<'saving' | 'sending' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const failed = scholarship.error ?? form.error ?? details.error;
  if (failed) {
    return (
      <LoadFailure
        error={failed}
        onRetry={() => {
          void scholarship.refetch();
          void form.refetch();
          void details.refetch();
        }}
      />
    );
  }
  if (!scholarship.data || !form.data || !details.data) {
    return <Skeleton role="status" aria-busy="true" aria-label="Loading the essay requirement" height="64" borderRadius="2xl" />;
  }
  const title = scholarship.data.title.trim() || MISSING_TITLE;
  const essayForm = form.data;
  const stored = answersOf(details.data);
  const sent = details.data.status === 'Received';

  /** Saves the draft (or submits) with every answer it holds, the essay changed; the server checks it all again. */
  const send = async (status: 'Draft' | 'Received', answers: Record<string, unknown>) => {
    const saved = await submitApplication({
      scholarshipId,
      status,
      formVersion: essayForm.version,
      requirements: requirementAnswers(essayForm.keys, answers),
    });
    queryClient.setQueryData(applicationKeys.details(scholarshipId), saved);
    await refreshAfterApplying(queryClient);
    return saved;
  };

  const saveEssay = async (key: string, url: string | undefined) => {
    setBusy('saving');
    setNotice(null);
    setOutcome(null);
    try {
      await send('Draft', { ...stored, [key]: url ? { url } : undefined });
      toaster.create({ type: 'success', title: MESSAGES.applicationDraftSaved });
    } catch (error) {
      setNotice({ status: 'error', text: failureText(error) });
    } finally {
      setBusy(null);
    }
  };

  const submit = async () => {
    setBusy('sending');
    setNotice(null);
    try {
      const saved = await send('Received', stored);
      setOutcome(saved.status === 'Received' ? { sent: true } : { sent: false, missing: missingTitles(saved, essayForm) });
    } catch (error) {
      setNotice({ status: 'error', text: failureText(error) });
    } finally {
      setBusy(null);
    }
  };

  const heading = (
    <Stack gap="1">
      <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
        Upload your essay
      </Heading>
      <Text color="fg.muted" overflowWrap="anywhere">
        For{' '}
        <Link href={detailsLink.href} onClick={detailsLink.onClick} colorPalette="brand" fontWeight="semibold">
          {title}
        </Link>{' '}
        · Deadline {formatDeadline(scholarship.data.recurrenceConfig.deadline)}
      </Text>
    </Stack>
  );

  if (!essayForm.essays.length) {
    return (
      <Unavailable
        title="No essay to upload"
        text={`${title} asks for no essay.`}
        action={
          <Button asChild colorPalette="brand">
            <a href={detailsLink.href} onClick={detailsLink.onClick}>
              Open the application
            </a>
          </Button>
        }
      />
    );
  }

  return (
    <Stack gap="5">
      {heading}
      <Text>
        A PDF, DOC or DOCX file of at most 2 MB. It is saved with your draft as soon as it arrives, and answers the essay when you submit the
        application.
      </Text>
      {sent && !outcome ? <NoticeBanner notice={{ status: 'success', text: 'This application has been sent: its essay can no longer change.' }} /> : null}
      <NoticeBanner notice={notice} />
      {essayForm.essays.map((essay) => (
        <EssaySection
          key={essay.key}
          essay={essay}
          required={essayForm.required.includes(essay.key)}
          answer={essayAnswer(stored, essay.key)}
          locked={sent}
          saving={busy !== null}
          onFile={(url) => void saveEssay(essay.key, url)}
        />
      ))}
      {outcome ? <SubmitOutcome outcome={outcome} detailsLink={detailsLink} /> : null}
      {sent ? null : (
        <HStack gap="3" flexWrap="wrap">
          <Button colorPalette="brand" loading={busy === 'sending'} disabled={busy !== null} onClick={() => void submit()}>
            Submit application
          </Button>
          <Button asChild variant="outline">
            <a href={detailsLink.href} onClick={detailsLink.onClick}>
              Open the application
            </a>
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

/** The scholarship the address names, following the address as it changes (the chooser's links change only the query). */
function useAddressedScholarship(): string {
  const router = useRouter();
  useLocation({ select: (location) => location.href });
  return essayScholarshipIdOf(router.history.location.search);
}

/**
 * /auth/uploadEssay?{scholarshipId} (docs/applications.md, "Upload essay"): an essay file for a
 * scholarship's essay requirement, saved with the draft and sent with the application. Without a
 * scholarship, the applicant's drafts that ask for an essay to choose from. No sidebar (as in the
 * original product): the way back is the tracker.
 */
export function UploadEssayPage() {
  const id = useAddressedScholarship();
  return (
    <Container maxW="3xl" py={{ base: '5', md: '8' }}>
      <Stack gap="5">
        <Link asChild color="brand.fg" fontWeight="semibold" alignSelf="flex-start">
          <RouterLink to="/auth/dashboard/trackApplications">← Track Applications</RouterLink>
        </Link>
        {UUID.test(id) ? <EssayUpload key={id} scholarshipId={id} /> : <EssayDraftChooser unknownAddress={id !== ''} />}
      </Stack>
    </Container>
  );
}
