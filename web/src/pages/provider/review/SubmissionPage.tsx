import { Badge, Box, Button, Grid, Heading, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams, useSearch } from '@tanstack/react-router';
import { reviewKeys, submissionQueryOptions, type ApplicantsQuery, type Submission } from '../../../api/review';
import { SchemaForm } from '../../../forms/SchemaForm';
import { uncheckedValidator } from '../../../forms/unchecked-validator';
import { useCan } from '../../../session/session-store';
import { isNotFound, NotFoundScreen } from '../../misc/NotFoundPage';
import { LoadFailure, StudioPage } from '../StudioPage';
import { PointsPanel } from './PointsPanel';
import { ELIGIBILITY_LABELS, formatDate, formatScore, STATUS_PALETTES } from './review-labels';
import { StatusPicker, useStatusChange } from './StatusChange';
import { useNeighbours, type Neighbour } from './use-neighbours';
import { preloadRequirementParts } from '../../../forms/widgets/lazy-widgets';

// Requirement forms show essays and files: their code starts loading with this page's.
void preloadRequirementParts();

function ignore() {}

function NeighbourLink({ scholarshipId, neighbour, label }: { scholarshipId: string; neighbour?: Neighbour; label: string }) {
  if (!neighbour) {
    return (
      <Button size="sm" variant="outline" disabled>
        {label}
      </Button>
    );
  }
  return (
    <Button asChild size="sm" variant="outline">
      <RouterLink to="/app/scholarships/$id/applicants/$applicationId" params={{ id: scholarshipId, applicationId: neighbour.id }} search={neighbour.search} aria-label={`${label}: ${neighbour.reference}`}>
        {label}
      </RouterLink>
    </Button>
  );
}

/** The owner's status menu; a choice is confirmed, then can be undone until the applicant is told (docs/review.md, "Status"). */
function StatusControl({ scholarshipId, submission }: { scholarshipId: string; submission: Submission }) {
  const queryClient = useQueryClient();
  const statusChange = useStatusChange(scholarshipId, () => void queryClient.invalidateQueries({ queryKey: reviewKeys.all }));
  const person = submission.applicant;
  const target = { id: submission.id, reference: submission.reference, status: submission.status, name: person ? `${person.firstName} ${person.lastName}` : null };
  return (
    <>
      <StatusPicker label="Status" status={submission.status} onPick={(status) => statusChange.ask(target, status)} />
      {statusChange.dialog}
    </>
  );
}

/** Who applied, unless blind review hides it (then the server sends no applicant at all). */
function ApplicantCard({ submission }: { submission: Submission }) {
  const person = submission.applicant;
  if (!person) return <Text color="fg.muted" fontSize="sm">Blind review: the applicant’s name and contact details are hidden.</Text>;
  return (
    <Stack gap="0.5" fontSize="sm">
      <Text fontWeight="semibold" fontSize="md">
        {person.firstName} {person.lastName}
      </Text>
      <Text>{person.email}</Text>
      {person.phone ? <Text>{person.phone}</Text> : null}
      {person.school ? <Text color="fg.muted">{person.school}</Text> : null}
    </Stack>
  );
}

function Facts({ submission }: { submission: Submission }) {
  const eligibility = ELIGIBILITY_LABELS[submission.eligibility];
  return (
    <HStack as="span" gap="2" flexWrap="wrap">
      <Badge colorPalette={STATUS_PALETTES[submission.status]}>{submission.status}</Badge>
      <Badge colorPalette={eligibility.palette} variant="subtle">
        {eligibility.label}
      </Badge>
      <Text as="span" fontSize="sm">
        Submitted {formatDate(submission.submittedAt)} · average {formatScore(submission.averageScore)} ({submission.reviewCount})
      </Text>
    </HStack>
  );
}

/**
 * The answers on the form version the application is pinned to, through the applicant's own
 * form engine, read-only like the applicant's sent application. Files open through the upload
 * widget with the reviewer's token.
 */
function Answers({ submission }: { submission: Submission }) {
  return (
    <Stack as="section" aria-label="Answers" gap="3" borderWidth="1px" borderRadius="xl" bg="bg" p={{ base: '4', md: '6' }}>
      <Heading as="h2" size="md">
        Answers
      </Heading>
      {Object.keys(submission.form.schema.properties ?? {}).length === 0 ? (
        <Text color="fg.muted">This scholarship asked for nothing beyond the profile.</Text>
      ) : (
        <SchemaForm
          key={submission.form.version}
          idPrefix="submission"
          schema={submission.form.schema}
          uiSchema={submission.form.uiSchema}
          validator={uncheckedValidator}
          formData={submission.answers}
          hideTitle
          disabled
          onSubmit={ignore}
          actions={null}
        />
      )}
    </Stack>
  );
}

/**
 * /app/scholarships/{id}/applicants/{applicationId} (docs/review.md, "In the browser"): one
 * submission read-only, the points form beside it, and previous/next through the list the
 * reviewer came from.
 */
export function SubmissionPage() {
  const { id, applicationId } = useParams({ strict: false }) as { id: string; applicationId: string };
  const search = useSearch({ strict: false }) as ApplicantsQuery;
  const owner = useCan('manage_scholarships');
  const submission = useQuery(submissionQueryOptions(id, applicationId));
  const { previous, next } = useNeighbours(id, search, applicationId);

  const back = (
    <Link asChild color="brand.fg" fontSize="sm">
      <RouterLink to="/app/scholarships/$id/applicants" params={{ id }} search={search}>
        ← Applicants
      </RouterLink>
    </Link>
  );
  if (isNotFound(submission.error)) {
    return <NotFoundScreen title="We could not find that application" text="This scholarship has no application at this address. The link may be out of date." />;
  }
  if (submission.error) {
    return (
      <StudioPage title="Application" lead={back}>
        <LoadFailure error={submission.error} onRetry={() => void submission.refetch()} />
      </StudioPage>
    );
  }
  const data = submission.data;
  return (
    <StudioPage
      title={data ? `Application ${data.reference}` : 'Application'}
      maxW="7xl"
      lead={
        <Stack as="span" gap="2">
          {back}
          {data ? <Facts submission={data} /> : null}
        </Stack>
      }
      actions={
        <HStack gap="2" flexWrap="wrap">
          {owner ? (
            // The conversation with this applicant (docs/inbox.md, "In the browser").
            <Button asChild size="sm" variant="outline">
              <RouterLink to="/app/inbox/$applicationId" params={{ applicationId }}>
                Messages
              </RouterLink>
            </Button>
          ) : null}
          <NeighbourLink scholarshipId={id} neighbour={previous} label="Previous applicant" />
          <NeighbourLink scholarshipId={id} neighbour={next} label="Next applicant" />
        </HStack>
      }
    >
      {!data ? (
        <Skeleton role="status" aria-busy="true" height="80" borderRadius="xl" aria-label="Loading the application" />
      ) : (
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="5" alignItems="start">
          <Stack gap="5" minW="0">
            <HStack justify="space-between" align="flex-start" gap="4" flexWrap="wrap" borderWidth="1px" borderRadius="xl" bg="bg" p="4">
              <ApplicantCard submission={data} />
              {owner ? <StatusControl scholarshipId={id} submission={data} /> : null}
            </HStack>
            <Answers submission={data} />
          </Stack>
          <Box position={{ lg: 'sticky' }} top={{ lg: '20' }} minW="0">
            <PointsPanel scholarshipId={id} applicationId={applicationId} owner={owner} />
          </Box>
        </Grid>
      )}
    </StudioPage>
  );
}
