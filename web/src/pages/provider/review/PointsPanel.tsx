import { Button, Heading, Link, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { MESSAGES } from '@scholarmatch/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '../../../api/api-error';
import { pointsQueryOptions, reviewKeys, savePoints, type Points } from '../../../api/review';
import { toaster } from '../../../ui/toaster';
import { NoticeBanner } from '../../../forms/NoticeBanner';
import { keepFocus, SchemaForm } from '../../../forms/SchemaForm';
import { uncheckedValidator } from '../../../forms/unchecked-validator';
import { unprefixedAnswerErrors } from '../../../forms/answer-errors';
import { useServedFormSubmit } from '../../../forms/use-served-form-submit';
import { LoadFailure } from '../StudioPage';
import { formatDate, formatScore } from './review-labels';

function NoRubric({ scholarshipId, owner }: { scholarshipId: string; owner: boolean }) {
  return (
    <Text color="fg.muted" fontSize="sm">
      There is no rubric yet, so nothing to score.{' '}
      {owner ? (
        <Link asChild color="brand.fg">
          <RouterLink to="/app/scholarships/$id" params={{ id: scholarshipId }} search={{ tab: 'review' }}>
            Set up the rubric
          </RouterLink>
        </Link>
      ) : (
        'The owner sets it up.'
      )}
    </Text>
  );
}

/** Everyone's weighted totals and the average (docs/review.md, "Points"). */
function ReviewersPoints({ points }: { points: Points }) {
  if (points.reviewers.length === 0) return <Text fontSize="sm" color="fg.muted">Nobody has scored this application yet.</Text>;
  return (
    <Table.Root size="sm" aria-label="Points by reviewer">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Reviewer</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Weighted total</Table.ColumnHeader>
          <Table.ColumnHeader>Scored</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {points.reviewers.map((reviewer) => (
          <Table.Row key={reviewer.reviewerId}>
            <Table.Cell>{reviewer.name}</Table.Cell>
            <Table.Cell textAlign="end">{formatScore(reviewer.total)}</Table.Cell>
            <Table.Cell>{formatDate(reviewer.updatedAt)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
      <Table.Footer>
        <Table.Row>
          <Table.Cell fontWeight="semibold">Average of {points.reviewCount}</Table.Cell>
          <Table.Cell textAlign="end" fontWeight="semibold">
            {formatScore(points.average)}
          </Table.Cell>
          <Table.Cell />
        </Table.Row>
      </Table.Footer>
    </Table.Root>
  );
}

/**
 * The caller's points on the server-compiled scoring form (one whole number per criterion), then
 * everyone's totals. The scoring form comes without a validator module: the server judges the
 * points on save and its messages appear under their criterion.
 */
export function PointsPanel({ scholarshipId, applicationId, owner }: { scholarshipId: string; applicationId: string; owner: boolean }) {
  const queryClient = useQueryClient();
  const points = useQuery(pointsQueryOptions(scholarshipId, applicationId));
  const [edited, setEdited] = useState<Record<string, unknown>>();
  const { submit: save, pending: saving, notice, serverErrors } = useServedFormSubmit({
    send: (values: Record<string, unknown>) => savePoints(scholarshipId, applicationId, values),
    onSuccess: (next) => {
      queryClient.setQueryData(pointsQueryOptions(scholarshipId, applicationId).queryKey, next);
      setEdited(undefined);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.applicants(scholarshipId) });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.submission(scholarshipId, applicationId) });
      toaster.create({ type: 'success', title: MESSAGES.pointsSaved });
    },
    // The server answers errors at the criterion's id (docs/review.md, "Points"), maybe under `answers.`.
    fieldErrorsOf: unprefixedAnswerErrors,
  });

  let body;
  const noRubric = (points.error instanceof ApiError && points.error.errorCode === 'NO_RUBRIC') || (points.data && !Object.keys(points.data.scoringForm.schema.properties ?? {}).length);
  if (noRubric) body = <NoRubric scholarshipId={scholarshipId} owner={owner} />;
  else if (points.error) body = <LoadFailure error={points.error} onRetry={() => void points.refetch()} />;
  else if (!points.data) body = <Skeleton role="status" aria-busy="true" height="48" aria-label="Loading the points" />;
  else {
    const form = points.data.scoringForm;
    body = (
      <>
        <NoticeBanner notice={notice} />
        <SchemaForm
          key={form.version}
          idPrefix="points"
          schema={form.schema}
          uiSchema={form.uiSchema}
          validator={uncheckedValidator}
          formData={edited ?? points.data.mine?.points ?? {}}
          hideTitle
          disabled={saving}
          serverErrors={serverErrors}
          onChange={(values) => setEdited(values as Record<string, unknown>)}
          onSubmit={(values) => void save(values as Record<string, unknown>)}
          actions={
            <Button type="submit" colorPalette="brand" mt="4" loading={saving} onMouseDown={keepFocus}>
              Save points
            </Button>
          }
        />
        {points.data.mine ? (
          <Text fontSize="sm">
            Your weighted total: <strong>{formatScore(points.data.mine.total)}</strong> of 100
          </Text>
        ) : null}
        <ReviewersPoints points={points.data} />
      </>
    );
  }
  return (
    <Stack as="section" aria-label="Points" gap="3" borderWidth="1px" borderRadius="xl" bg="bg" p={{ base: '4', md: '5' }}>
      <Heading as="h2" size="md">
        Points
      </Heading>
      {body}
    </Stack>
  );
}
