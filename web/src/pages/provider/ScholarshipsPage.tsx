import { Badge, Box, Button, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { studioScholarshipsQueryOptions, type StudioScholarship } from '../../api/providers';
import { useCan } from '../../session/session-store';
import { formatDeadline } from '../scholarships/ScholarshipCard';
import { STATUS_BADGES, UNTITLED } from './scholarship-status';
import { LoadFailure, StudioPage } from './StudioPage';

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A recurring scholarship's cycles are listed apart (docs/automation.md): each one says which it is. */
export function cycleLabel(scholarship: Pick<StudioScholarship, 'cycle' | 'recurrenceConfig'>): string | null {
  return scholarship.cycle > 1 || scholarship.recurrenceConfig?.repeat === 'yearly' ? `Cycle ${scholarship.cycle}` : null;
}

/** A reviewer (docs/review.md) reviews applicants but does not build scholarships: no Edit, no New. */
function ScholarshipRow({ scholarship, owner }: { scholarship: StudioScholarship; owner: boolean }) {
  const badge = STATUS_BADGES[scholarship.status] ?? STATUS_BADGES.draft;
  const title = scholarship.title?.trim() || UNTITLED;
  const cycle = cycleLabel(scholarship);
  return (
    <Box as="li" borderWidth="1px" borderRadius="xl" bg="bg" p={{ base: '4', md: '5' }} aria-label={cycle ? `${title}, ${cycle}` : title}>
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }} gap="3">
        <Stack gap="1.5" minW="0">
          <HStack gap="2" flexWrap="wrap">
            <Link asChild fontWeight="semibold" fontSize="lg" color="fg" overflowWrap="anywhere">
              {owner ? (
                <RouterLink to="/app/scholarships/$id" params={{ id: scholarship.id }}>
                  {title}
                </RouterLink>
              ) : (
                <RouterLink to="/app/scholarships/$id/applicants" params={{ id: scholarship.id }}>
                  {title}
                </RouterLink>
              )}
            </Link>
            <Badge colorPalette={badge.palette}>{badge.label}</Badge>
            {cycle ? <Badge variant="outline">{cycle}</Badge> : null}
          </HStack>
          <Text color="fg.muted" fontSize="sm">
            Deadline: {formatDeadline(scholarship.deadline ?? undefined)} · {count(scholarship.applicationsCount ?? 0, 'application', 'applications')}
          </Text>
        </Stack>
        <HStack gap="2" flexShrink={0}>
          {scholarship.status !== 'draft' && scholarship.slug ? (
            <Button asChild size="sm" variant="ghost" colorPalette="brand">
              <RouterLink to="/scholarships/$slug" params={{ slug: scholarship.slug }}>
                Public page
              </RouterLink>
            </Button>
          ) : null}
          <Button asChild size="sm" variant="ghost" colorPalette="brand">
            <RouterLink to="/app/scholarships/$id/applicants" params={{ id: scholarship.id }}>
              Applicants
            </RouterLink>
          </Button>
          {owner ? (
            <Button asChild size="sm" variant="outline" colorPalette="brand">
              <RouterLink to="/app/scholarships/$id" params={{ id: scholarship.id }}>
                Edit
              </RouterLink>
            </Button>
          ) : null}
        </HStack>
      </Stack>
    </Box>
  );
}

/**
 * /app/scholarships: the provider's scholarships, newest first, and "New scholarship"
 * (docs/providers.md); a reviewer sees the ones it may review, each leading to its applicants.
 */
export function ScholarshipsPage() {
  const list = useQuery(studioScholarshipsQueryOptions);
  const owner = useCan('manage_scholarships');
  let body;
  if (list.error) body = <LoadFailure error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <Skeleton role="status" aria-busy="true" height="40" borderRadius="xl" aria-label="Loading your scholarships" />;
  else if (list.data.length === 0) {
    body = (
      <Stack gap="3" borderWidth="1px" borderRadius="xl" bg="bg" p={{ base: '5', md: '8' }} align="flex-start">
        <Text fontWeight="semibold" fontSize="lg">
          No scholarships yet
        </Text>
        <Text color="fg.muted">Start with a title: you can save a draft at any time and publish when it is ready.</Text>
      </Stack>
    );
  } else {
    body = (
      <Stack as="ul" listStyleType="none" m="0" p="0" gap="3" aria-label="Your scholarships">
        {list.data.map((scholarship) => (
          <ScholarshipRow key={scholarship.id} scholarship={scholarship} owner={owner} />
        ))}
      </Stack>
    );
  }
  return (
    <StudioPage
      title="Scholarships"
      lead={owner ? 'Build the offer, the form applicants fill in, and who may apply.' : 'The scholarships whose applications you review.'}
      actions={
        owner ? (
          <Button asChild colorPalette="brand">
            <RouterLink to="/app/scholarships/new">New scholarship</RouterLink>
          </Button>
        ) : null
      }
    >
      {body}
    </StudioPage>
  );
}
