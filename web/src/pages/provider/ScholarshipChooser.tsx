import { Badge, Box, Button, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, type LinkOptions } from '@tanstack/react-router';
import { studioScholarshipsQueryOptions } from '../../api/providers';
import { STATUS_BADGES, UNTITLED } from './scholarship-status';
import { LoadFailure, StudioPage } from './StudioPage';

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap="0" minW="24">
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontWeight="semibold" fontSize="xl">
        {value}
      </Text>
    </Stack>
  );
}

export interface ChooserProps {
  title: string;
  lead: string;
  /** The list's accessible name. */
  listLabel: string;
  /** What the page says when the provider has no scholarship yet. */
  empty: string;
  /** The button's words, e.g. 'Review applicants'. */
  action: string;
  /** Where a scholarship leads. */
  destination: (scholarshipId: string) => LinkOptions;
}

/**
 * The provider's scholarships, each with its status and its applications (Received, Draft),
 * leading to one screen of that scholarship: the applicants, the rubric or the winners
 * (docs/review.md, "In the browser"). A studio page that needs a scholarship and was given none
 * starts here.
 */
export function ScholarshipChooser({ title, lead, listLabel, empty, action, destination }: ChooserProps) {
  const list = useQuery(studioScholarshipsQueryOptions);
  let body;
  if (list.error) body = <LoadFailure error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <Skeleton role="status" aria-busy="true" height="40" borderRadius="xl" aria-label="Loading your scholarships" />;
  else if (list.data.length === 0) body = <Text color="fg.muted">{empty}</Text>;
  else {
    body = (
      <Stack as="ul" listStyleType="none" m="0" p="0" gap="3" aria-label={listLabel}>
        {list.data.map((scholarship) => {
          const name = scholarship.title?.trim() || UNTITLED;
          const badge = STATUS_BADGES[scholarship.status] ?? STATUS_BADGES.draft;
          return (
            <Box as="li" key={scholarship.id} borderWidth="1px" borderRadius="xl" bg="bg" p={{ base: '4', md: '5' }} aria-label={name}>
              <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3" align={{ base: 'stretch', md: 'center' }}>
                <HStack gap="2" flexWrap="wrap" minW="0">
                  <Link asChild fontWeight="semibold" color="fg" overflowWrap="anywhere">
                    <RouterLink {...destination(scholarship.id)}>{name}</RouterLink>
                  </Link>
                  <Badge colorPalette={badge.palette}>{badge.label}</Badge>
                </HStack>
                <HStack gap="6" flexShrink={{ base: 1, md: 0 }} flexWrap="wrap">
                  <HStack as="dl" gap="6">
                    <Count label="Received" value={scholarship.applicationsCount ?? 0} />
                    <Count label="Draft" value={scholarship.draftsCount ?? 0} />
                  </HStack>
                  <Button asChild size="sm" colorPalette="brand" variant="outline">
                    <RouterLink {...destination(scholarship.id)} aria-label={`${action} of ${name}`}>
                      {action}
                    </RouterLink>
                  </Button>
                </HStack>
              </Stack>
            </Box>
          );
        })}
      </Stack>
    );
  }
  return (
    <StudioPage title={title} lead={lead}>
      {body}
    </StudioPage>
  );
}
