import { Badge, Box, Button, HStack, Link, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { studioScholarshipQueryOptions, type StudioScholarshipDetail } from '../../../api/providers';
import { isNotFound, NotFoundScreen } from '../../misc/NotFoundPage';
import { RouteLoading } from '../../misc/RouteLoading';
import { MISSING_SCHOLARSHIP, MISSING_SCHOLARSHIP_TEXT, STATUS_BADGES, UNTITLED } from '../scholarship-status';
import { LoadFailure, StudioPage } from '../StudioPage';
import { DetailsTab } from './DetailsTab';
import type { EditorTab } from './editor-search';
import { EligibilityTab } from './EligibilityTab';
import { RequirementsTab } from './RequirementsTab';
import { RubricTab } from './RubricTab';

const TAB_LABELS: Record<EditorTab, string> = { details: 'Details', requirements: 'Requirements', eligibility: 'Eligibility', review: 'Review' };

function Editor({ scholarship }: { scholarship?: StudioScholarshipDetail }) {
  const navigate = useNavigate();
  const { tab = 'details' } = useSearch({ strict: false }) as { tab?: EditorTab };
  const current: EditorTab = scholarship ? tab : 'details';
  const badge = scholarship ? STATUS_BADGES[scholarship.status] : undefined;
  const title = scholarship ? scholarship.title?.trim() || UNTITLED : 'New scholarship';
  const panels: Record<EditorTab, ReactNode> = {
    details: <DetailsTab scholarship={scholarship} />,
    requirements: scholarship ? <RequirementsTab scholarshipId={scholarship.id} /> : null,
    eligibility: scholarship ? <EligibilityTab scholarshipId={scholarship.id} /> : null,
    review: scholarship ? <RubricTab scholarshipId={scholarship.id} /> : null,
  };
  return (
    <StudioPage
      title={title}
      maxW="7xl"
      lead={
        <HStack as="span" gap="2" flexWrap="wrap">
          {badge ? <Badge colorPalette={badge.palette}>{badge.label}</Badge> : null}
          <Link asChild color="brand.fg" fontSize="sm">
            <RouterLink to="/app/scholarships">← All scholarships</RouterLink>
          </Link>
        </HStack>
      }
      actions={
        scholarship && scholarship.status !== 'draft' && scholarship.slug ? (
          <Button asChild variant="outline" colorPalette="brand" size="sm">
            <RouterLink to="/scholarships/$slug" params={{ slug: scholarship.slug }} target="_blank">
              Public page
            </RouterLink>
          </Button>
        ) : null
      }
    >
      <Tabs.Root
        value={current}
        onValueChange={({ value }) => {
          if (!scholarship) return;
          void navigate({ to: '/app/scholarships/$id', params: { id: scholarship.id }, search: value === 'details' ? {} : { tab: value as EditorTab }, replace: true });
        }}
        lazyMount
        unmountOnExit
        colorPalette="brand"
      >
        <Tabs.List mb="5" overflowX="auto">
          {(Object.keys(TAB_LABELS) as EditorTab[]).map((name) => (
            <Tabs.Trigger key={name} value={name} disabled={!scholarship && name !== 'details'}>
              {TAB_LABELS[name]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {!scholarship ? (
          <Text color="fg.muted" fontSize="sm" mb="4">
            Start with a title and save a draft: then add the requirements and the eligibility rules.
          </Text>
        ) : null}
        {(Object.keys(TAB_LABELS) as EditorTab[]).map((name) => (
          <Tabs.Content key={name} value={name} p="0">
            {panels[name]}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </StudioPage>
  );
}

function ExistingScholarship({ id }: { id: string }) {
  const scholarship = useQuery(studioScholarshipQueryOptions(id));
  if (isNotFound(scholarship.error)) return <NotFoundScreen title={MISSING_SCHOLARSHIP} text={MISSING_SCHOLARSHIP_TEXT} />;
  if (scholarship.error) {
    return (
      <StudioPage title="Scholarship">
        <LoadFailure error={scholarship.error} onRetry={() => void scholarship.refetch()} />
      </StudioPage>
    );
  }
  if (!scholarship.data) return <RouteLoading label="Loading the scholarship…" />;
  return <Editor scholarship={scholarship.data} />;
}

/**
 * /app/scholarships/new and /app/scholarships/{id}: the scholarship editor (docs/providers.md, "In
 * the browser"): Details, Requirements (builder and live preview), Eligibility (builder and live
 * count) and Review (the rubric; docs/review.md). A new scholarship has Details only until its first save.
 */
export function ScholarshipEditorPage() {
  const { id } = useParams({ strict: false }) as { id?: string };
  return <Box>{id ? <ExistingScholarship key={id} id={id} /> : <Editor />}</Box>;
}
