import { Box, Button, Heading, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { failureText } from '../../api/api-error';
import { trackerQueryOptions, type TrackedApplication } from '../../api/applications';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { formatDeadline, MISSING_TITLE } from '../scholarships/ScholarshipCard';
import { useUploadEssayLink } from './upload-essay-address';

const ANSWER_WORDS = { file: 'essay file uploaded', written: 'essay written', none: 'no essay yet' } as const;

/** "Personal essay: no essay yet" for each essay the draft asks for. */
function essayStates(application: TrackedApplication): string {
  return application.essays.map((essay) => `${essay.title}: ${ANSWER_WORDS[essay.answer ?? 'none']}`).join(' · ');
}

function DraftChoice({ application }: { application: TrackedApplication }) {
  const link = useUploadEssayLink(application.scholarshipId);
  const title = application.title.trim() || MISSING_TITLE;
  return (
    <Box as="li" borderWidth="1px" borderRadius="xl" bg="bg" p="4">
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap="3">
        <Stack gap="1" minW="0">
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {title}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            Deadline {formatDeadline(application.deadline ?? undefined)} · {essayStates(application)}
          </Text>
        </Stack>
        <Button asChild size="sm" colorPalette="brand" flexShrink={0}>
          <a href={link.href} onClick={link.onClick}>
            Upload essay<VisuallyHidden> for {title}</VisuallyHidden>
          </a>
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * The upload page without a scholarship: the applicant's drafts whose form asks for an essay, to
 * choose from (docs/decisions.md, "Application tracker and essay upload").
 */
export function EssayDraftChooser({ unknownAddress }: { unknownAddress: boolean }) {
  const drafts = useInfiniteQuery(trackerQueryOptions('essay-drafts'));
  const applications = drafts.data?.pages.flatMap((page) => page.applications);
  let body;
  if (drafts.error) {
    body = (
      <Stack gap="3" align="flex-start">
        <NoticeBanner notice={{ status: 'error', text: failureText(drafts.error) }} />
        <Button variant="outline" onClick={() => void drafts.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  } else if (!applications) {
    body = <Skeleton role="status" aria-busy="true" aria-label="Loading your drafts" height="40" borderRadius="xl" />;
  } else if (!applications.length) {
    body = (
      <Stack gap="3" borderWidth="1px" borderStyle="dashed" borderRadius="xl" bg="bg" p="6" align="flex-start">
        <Text>None of your drafts asks for an essay. Open a scholarship that does and save a draft, then come back to upload it.</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/auth/dashboard/recommendation">See your recommendations</RouterLink>
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="3">
        <Stack as="ul" aria-label="Drafts that ask for an essay" gap="3" listStyleType="none" m="0" p="0">
          {applications.map((application) => (
            <DraftChoice key={application.id} application={application} />
          ))}
        </Stack>
        {drafts.hasNextPage ? (
          <Button variant="outline" alignSelf="center" loading={drafts.isFetchingNextPage} onClick={() => void drafts.fetchNextPage()}>
            Show more drafts
          </Button>
        ) : null}
      </Stack>
    );
  }
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          Upload your essay
        </Heading>
        <Text color="fg.muted">Choose the application your essay is for.</Text>
      </Stack>
      {unknownAddress ? <NoticeBanner notice={{ status: 'error', text: 'The address names no scholarship: choose one of your drafts below.' }} /> : null}
      {body}
    </Stack>
  );
}
