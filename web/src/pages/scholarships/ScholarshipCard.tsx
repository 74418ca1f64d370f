import { Badge, Box, Button, Heading, HStack, IconButton, Link, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { formatDate, formatUsd, parseIsoDate } from '@scholarmatch/schemas';
import { useId, type MouseEvent, type ReactNode } from 'react';
import type { CardScholarship, ReviewStatus } from '../../api/scholarships';

/** As in the original product: the list preview is 150 characters, a missing title reads 'No Name'. */
const PREVIEW_LENGTH = 150;
export const MISSING_TITLE = 'No Name';

/**
 * The description as a card shows it. The API already sends a 150-character text preview (with an
 * ellipsis when it cut); a longer text is cut here the same way, so no card ever grows past it.
 */
export function previewOf(description: string): string {
  const text = description.trim();
  const withoutEllipsis = text.endsWith('…') ? text.slice(0, -1) : text;
  return withoutEllipsis.length <= PREVIEW_LENGTH ? text : `${withoutEllipsis.slice(0, PREVIEW_LENGTH).trimEnd()}…`;
}

/** 'YYYY-MM-DD' as 'March 31, 2027'; a scholarship without a deadline is open until it closes. */
export function formatDeadline(deadline: string | undefined): string {
  const date = deadline ? parseIsoDate(deadline) : undefined;
  if (!date) return 'No deadline';
  return formatDate(new Date(Date.UTC(date.year, date.month - 1, date.day)), 'monthFirst', 'UTC');
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" aria-hidden="true" focusable="false">
      <path d="M12 20s-7.4-4.5-9.2-9C1.5 7.7 3.5 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.5 0 5.5 3.2 4.2 6.5-1.8 4.5-9.2 9-9.2 9Z" />
    </svg>
  );
}

/** When something happened (an ISO timestamp), as the day it was where the reader is: 'November 26, 2026'. */
export function formatDay(timestamp: string): string {
  return formatDate(timestamp, 'monthFirst');
}

/** The wishlist toggle: a filled heart means saved (as in the original product). */
export function HeartButton({ saved, onToggle }: { saved: boolean; onToggle: () => void }) {
  return (
    <IconButton
      aria-label={saved ? 'Remove from wishlist' : 'Save to wishlist'}
      aria-pressed={saved}
      variant="ghost"
      size="sm"
      color={saved ? 'red.500' : 'fg.muted'}
      _hover={{ color: 'red.500', bg: 'red.subtle' }}
      flexShrink={0}
      onClick={onToggle}
    >
      <HeartIcon filled={saved} />
    </IconButton>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <HStack gap="1.5" fontSize="sm" minW="0">
      <Text as="dt" color="fg.muted">
        {label}:
      </Text>
      <Text as="dd" fontWeight="medium" truncate>
        {value}
      </Text>
    </HStack>
  );
}

/** One colour per review status: grey while waiting, blue and purple as it advances, green or red at the end. */
const REVIEW_STATUS_PALETTE: Record<ReviewStatus, string> = {
  Received: 'gray',
  'Under review': 'blue',
  Shortlisted: 'purple',
  Winner: 'green',
  'Not selected': 'red',
};

/** An application's review status as the provider moves it (docs/inbox.md, "In the browser"). */
export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return (
    <Badge colorPalette={REVIEW_STATUS_PALETTE[status]} variant="subtle" size="md" rounded="full" alignSelf="flex-start">
      <VisuallyHidden>Review status: </VisuallyHidden>
      {status}
    </Badge>
  );
}

export interface DetailsLink {
  href: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

interface ScholarshipCardProps {
  scholarship: CardScholarship;
  saved: boolean;
  onToggleSaved: () => void;
  /** Where the title and 'View details' lead; the membership gate decides (membership-gate.tsx). */
  detailsLink: DetailsLink;
  /** The title's heading level under the page's own headings. */
  titleAs?: 'h2' | 'h3';
  /** A submitted application's review status (My Scholarships, Applied). */
  reviewStatus?: ReviewStatus | null;
  /** A line about the applicant's own application (My Scholarships: 'Applied automatically on …'). */
  note?: string | null;
  /** A control beside 'View details' (bulk apply's 'Include' box). */
  children?: ReactNode;
}

/** One scholarship in a list: title, amount, preview, deadline, sponsor, the heart and the way to its details. */
export function ScholarshipCard({ scholarship, saved, onToggleSaved, detailsLink, titleAs = 'h2', reviewStatus, note, children }: ScholarshipCardProps) {
  const titleId = useId();
  const title = scholarship.title.trim() || MISSING_TITLE;
  const sponsor = scholarship.user.firstName?.trim();
  return (
    <Stack as="article" aria-labelledby={titleId} gap="3" h="full" borderWidth="1px" borderRadius="xl" bg="bg" p="5" shadow="xs">
      <HStack align="flex-start" justify="space-between" gap="2">
        <Heading as={titleAs} id={titleId} size="md" lineHeight="short" lineClamp={2}>
          <Link href={detailsLink.href} onClick={detailsLink.onClick} color="fg" _hover={{ color: 'brand.fg' }}>
            {title}
          </Link>
        </Heading>
        <HeartButton saved={saved} onToggle={onToggleSaved} />
      </HStack>
      {reviewStatus ? <ReviewStatusBadge status={reviewStatus} /> : null}
      {note ? (
        <Text fontSize="sm" color="fg.muted">
          {note}
        </Text>
      ) : null}
      <Text fontSize="2xl" fontWeight="bold" color="brand.fg" lineHeight="1">
        {formatUsd(scholarship.totalAmount)}
      </Text>
      <Text fontSize="sm" color="fg.muted" flex="1">
        {previewOf(scholarship.description)}
      </Text>
      <Box as="dl" display="flex" flexDirection="column" gap="1">
        <Fact label="Deadline" value={formatDeadline(scholarship.recurrenceConfig.deadline)} />
        {sponsor ? <Fact label="Sponsor" value={sponsor} /> : null}
      </Box>
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Button asChild variant="outline" colorPalette="brand" size="sm">
          <a href={detailsLink.href} onClick={detailsLink.onClick}>
            View details
          </a>
        </Button>
        {children}
      </HStack>
    </Stack>
  );
}
