import { Badge, Box, Button, Container, Heading, HStack, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatUsd } from '@scholarmatch/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useCanGoBack, useLocation, useRouter } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { ApiError, failureText, isSubscriptionRequired } from '../../../api/api-error';
import { scholarshipDetailQueryOptions, type CardScholarship, type ScholarshipDetail } from '../../../api/scholarships';
import { NoticeBanner } from '../../../forms/NoticeBanner';
import { hasServerText, ServerHtml } from '../../../forms/ServerHtml';
import { MembershipForNote } from '../../membership/membership-for';
import { PlansLink, scholarshipIdOf, usePromptOnSubscriptionRequired } from '../membership-gate';
import { formatDeadline, HeartButton, MISSING_TITLE, previewOf } from '../ScholarshipCard';
import { useWishlistToggle } from '../wishlist-toggle';
import { ApplicationSection } from './ApplicationSection';
import { WhyYouMatchPanel } from './WhyYouMatchPanel';
import { NotFoundContent } from '../../misc/NotFoundPage';

/** The applicant's application, in My Scholarships' words: 'Received' is what the Applied tab lists. */
const STATUS_BADGES: Record<NonNullable<ScholarshipDetail['scholarshipStatus']>, { label: string; palette: string }> = {
  Received: { label: 'Applied', palette: 'green' },
  Draft: { label: 'Draft', palette: 'orange' },
};

/**
 * What the wishlist keeps of a scholarship: a card's fields, the description as a text preview
 * (the details carry the whole HTML, which a wishlist card must not show as markup).
 */
function cardOf({ id, title, description, totalAmount, recurrenceConfig, user }: ScholarshipDetail): CardScholarship {
  const text = new DOMParser().parseFromString(description, 'text/html').body.textContent ?? '';
  return { id, title, description: previewOf(text.replace(/\s+/g, ' ')), totalAmount, recurrenceConfig, user };
}

/** Back where the person came from; straight to the dashboard when the page was opened on its own. */
function BackLink() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return (
    <Link asChild color="brand.fg" fontWeight="semibold" alignSelf="flex-start">
      <RouterLink
        to="/auth/dashboard"
        onClick={(event) => {
          if (!canGoBack) return;
          event.preventDefault();
          router.history.back();
        }}
      >
        ← Back
      </RouterLink>
    </Link>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="0.5" borderWidth="1px" borderRadius="xl" bg="bg.subtle" p="3" minW="0">
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      {/* Wraps rather than cuts: a long date must stay readable two abreast on a phone. */}
      <Text as="dd" fontWeight="semibold" overflowWrap="anywhere">
        {value}
      </Text>
    </Stack>
  );
}

/** Title, status, heart, and the original facts: deadline, budget, requirement count and sponsor. */
function DetailHeader({ scholarship }: { scholarship: ScholarshipDetail }) {
  const toggle = useWishlistToggle();
  const status = scholarship.scholarshipStatus ? STATUS_BADGES[scholarship.scholarshipStatus] : null;
  return (
    <Stack gap="5" borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '5', md: '8' }}>
      <HStack align="flex-start" justify="space-between" gap="3">
        <Stack gap="2" minW="0">
          {status || scholarship.status === 'closed' ? (
            <HStack gap="2">
              {status ? <Badge colorPalette={status.palette}>{status.label}</Badge> : null}
              {scholarship.status === 'closed' ? <Badge colorPalette="gray">Closed</Badge> : null}
            </HStack>
          ) : null}
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
            {scholarship.title.trim() || MISSING_TITLE}
          </Heading>
        </Stack>
        <HeartButton
          saved={scholarship.isLiked}
          onToggle={() => toggle.mutate({ scholarship: cardOf(scholarship), saved: !scholarship.isLiked })}
        />
      </HStack>
      <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="3">
        <Fact label="Deadline" value={formatDeadline(scholarship.recurrenceConfig.deadline)} />
        <Fact label="Budget" value={formatUsd(scholarship.totalAmount)} />
        <Fact label="Requirements" value={String(scholarship.requirements.length)} />
        <Fact label="Sponsor" value={scholarship.user.firstName?.trim() || '—'} />
      </SimpleGrid>
    </Stack>
  );
}

function Description({ html }: { html: string }) {
  const headingId = useId();
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3" borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '5', md: '8' }}>
      <Heading as="h2" id={headingId} size="lg">
        Description
      </Heading>
      <ServerHtml html={html} />
    </Stack>
  );
}

/** A page that cannot show the scholarship: why (the server's sentence), and the way on. */
function Unavailable({ title, text, action, children }: { title: string; text: string; action?: ReactNode; children?: ReactNode }) {
  return (
    <Stack gap="4" borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '6', md: '10' }} align="stretch">
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      <Text color="fg.muted" fontSize="lg">
        {text}
      </Text>
      {children}
      <HStack gap="3" flexWrap="wrap">
        {action}
        <Button asChild variant="outline">
          <RouterLink to="/auth/dashboard">Go to Dashboard</RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="4" aria-busy="true" aria-label="Loading the scholarship">
      <Skeleton height="40" borderRadius="2xl" />
      <Skeleton height="32" borderRadius="2xl" />
      <Skeleton height="48" borderRadius="2xl" />
    </Stack>
  );
}

/** The refusals the page explains itself; anything else is a banner with 'Try again'. */
function DetailFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const status = error instanceof ApiError ? error.status : undefined;
  if (isSubscriptionRequired(error)) {
    return (
      <Unavailable
        title="Details come with a membership"
        text={error.message}
        action={
          <Button asChild colorPalette="yellow">
            <PlansLink scholarship={error.scholarship}>See Membership Plans</PlansLink>
          </Button>
        }
      >
        {error.scholarship ? <MembershipForNote scholarship={error.scholarship} /> : null}
      </Unavailable>
    );
  }
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

/** The scholarship's id: the whole query string (as in the original product), read from the history as the router keeps it whole. */
function useScholarshipId(): string {
  const router = useRouter();
  // Subscribes to location changes; the router's own search object would read '?{id}' as `{ [id]: '' }`.
  useLocation({ select: (location) => location.href });
  return scholarshipIdOf(router.history.location.search);
}

function ScholarshipDetails({ id }: { id: string }) {
  const detail = useQuery(scholarshipDetailQueryOptions(id));
  // Wide screens go to the plans (the refused address leaves the history); narrow ones get the popup over this page.
  usePromptOnSubscriptionRequired(detail.error);

  if (detail.error) return <DetailFailure error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <DetailSkeleton />;
  const scholarship = detail.data;
  return (
    <Stack gap="5">
      <DetailHeader scholarship={scholarship} />
      {/* No description, no empty card (docs/decisions.md, "Scholarship details"). */}
      {hasServerText(scholarship.description) ? <Description html={scholarship.description} /> : null}
      <WhyYouMatchPanel match={scholarship.match} />
      <ApplicationSection scholarship={scholarship} />
    </Stack>
  );
}

/**
 * /auth/scholarshipDetail?{id}: one scholarship in full, why the applicant matches it, and the
 * application to it. Members see every scholarship; anyone sees their own applications.
 */
export function ScholarshipDetailPage() {
  const id = useScholarshipId();
  return (
    <Container maxW="4xl" py={{ base: '5', md: '8' }}>
      <Stack gap="5">
        <BackLink />
        <Box>
          {id ? (
            <ScholarshipDetails key={id} id={id} />
          ) : (
            <Unavailable title="This scholarship cannot be shown" text="The address names no scholarship." />
          )}
        </Box>
      </Stack>
    </Container>
  );
}
