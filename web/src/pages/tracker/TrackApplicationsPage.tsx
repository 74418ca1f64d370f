import { Badge, Box, Button, Container, Heading, HStack, Link, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { formatUsd } from '@scholarmatch/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useId } from 'react';
import { failureText } from '../../api/api-error';
import { trackerQueryOptions, type TrackedApplication } from '../../api/applications';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { useScholarshipDetailsLink } from '../scholarships/membership-gate';
import { formatDeadline, MISSING_TITLE } from '../scholarships/ScholarshipCard';
import { useUploadEssayLink } from '../essays/upload-essay-address';
import { StatusTimeline } from './StatusTimeline';
import { currentStatus, EVENT_PALETTES } from './status-words';

/** The link to the inbox's messages about this scholarship (docs/inbox.md: `?scholarshipId=`). */
function MessagesLink({ application, title }: { application: TrackedApplication; title: string }) {
  const { total, unread } = application.messages;
  return (
    <Button asChild size="sm" variant="outline">
      <RouterLink to="/auth/dashboard/inbox" search={{ scholarshipId: application.scholarshipId }}>
        Messages ({total}){unread ? `, ${unread} unread` : ''}
        <VisuallyHidden> about {title}</VisuallyHidden>
      </RouterLink>
    </Button>
  );
}

/** A draft's ways on: the application itself, and an essay file when its form asks for an essay. */
function DraftActions({ application, title }: { application: TrackedApplication; title: string }) {
  const details = useScholarshipDetailsLink(application.scholarshipId, { ownApplication: true });
  const uploadEssay = useUploadEssayLink(application.scholarshipId);
  return (
    <>
      <Button asChild size="sm" colorPalette="brand">
        <a href={details.href} onClick={details.onClick}>
          Continue application<VisuallyHidden> to {title}</VisuallyHidden>
        </a>
      </Button>
      {application.essays.length ? (
        <Button asChild size="sm" variant="outline">
          <a href={uploadEssay.href} onClick={uploadEssay.onClick}>
            Upload essay<VisuallyHidden> for {title}</VisuallyHidden>
          </a>
        </Button>
      ) : null}
    </>
  );
}

function TrackedCard({ application }: { application: TrackedApplication }) {
  const headingId = useId();
  const title = application.title.trim() || MISSING_TITLE;
  const details = useScholarshipDetailsLink(application.scholarshipId, { ownApplication: true });
  const status = currentStatus(application);
  return (
    <Box as="article" aria-labelledby={headingId} borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '4', md: '6' }}>
      <Stack gap="4">
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align="flex-start" gap="2">
          <Stack gap="1" minW="0">
            <Heading as="h2" size="lg" id={headingId} overflowWrap="anywhere">
              <Link href={details.href} onClick={details.onClick} color="fg" _hover={{ color: 'brand.fg' }}>
                {title}
              </Link>
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {application.sponsor} · {formatUsd(application.totalAmount)} · Deadline {formatDeadline(application.deadline ?? undefined)}
            </Text>
          </Stack>
          <Badge colorPalette={EVENT_PALETTES[status]} variant="subtle" size="md" rounded="full" flexShrink={0}>
            <VisuallyHidden>Status: </VisuallyHidden>
            {status}
          </Badge>
        </Stack>
        <StatusTimeline application={application} />
        <HStack gap="3" flexWrap="wrap">
          <MessagesLink application={application} title={title} />
          {application.status === 'Draft' ? <DraftActions application={application} title={title} /> : null}
        </HStack>
      </Stack>
    </Box>
  );
}

function TrackerSkeleton() {
  return (
    <Stack gap="4" role="status" aria-busy="true" aria-label="Loading your applications">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} height="44" borderRadius="2xl" />
      ))}
    </Stack>
  );
}

function NoApplications() {
  return (
    <Stack gap="3" borderWidth="1px" borderStyle="dashed" borderRadius="2xl" bg="bg" p={{ base: '6', md: '10' }} align="flex-start">
      <Heading as="h2" size="lg">
        No applications yet
      </Heading>
      <Text color="fg.muted">When you save a draft or apply, the application and each step it takes show here.</Text>
      <Button asChild colorPalette="brand">
        <RouterLink to="/auth/dashboard/recommendation">See your recommendations</RouterLink>
      </Button>
    </Stack>
  );
}

/**
 * /auth/dashboard/trackApplications: the original "application status tracking" (docs/applications.md,
 * "The application tracker"). Every application of the applicant, latest change first, each with
 * its history from the first draft to the decision, and the way to the messages about it.
 */
export function TrackApplicationsPage() {
  const tracker = useInfiniteQuery(trackerQueryOptions('all'));
  const applications = tracker.data?.pages.flatMap((page) => page.applications);
  let body;
  if (tracker.error) {
    body = (
      <Stack gap="3" align="flex-start">
        <NoticeBanner notice={{ status: 'error', text: failureText(tracker.error) }} />
        <Button variant="outline" onClick={() => void tracker.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  } else if (!applications) {
    body = <TrackerSkeleton />;
  } else if (!applications.length) {
    body = <NoApplications />;
  } else {
    body = (
      <Stack gap="4">
        {applications.map((application) => (
          <TrackedCard key={application.id} application={application} />
        ))}
        {tracker.hasNextPage ? (
          <Button variant="outline" alignSelf="center" loading={tracker.isFetchingNextPage} onClick={() => void tracker.fetchNextPage()}>
            Show more applications
          </Button>
        ) : null}
      </Stack>
    );
  }
  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            Track Applications
          </Heading>
          <Text color="fg.muted">
            Every application you have started, with each step it has taken and its date.
            {tracker.data?.pages[0].total ? ` ${tracker.data.pages[0].total} in all.` : ''}
          </Text>
        </Stack>
        {body}
      </Stack>
    </Container>
  );
}
