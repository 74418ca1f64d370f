import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { designerFormsQueryOptions, rollBack, versionQueryOptions, versionsQueryOptions, VERSIONS_PAGE_SIZE, type FormVersionSummary } from '../../../api/form-designer';
import { NoticeBanner } from '../../../forms/NoticeBanner';
import { useDocumentTitle } from '../../../ui/document-title';
import { RouteLoading } from '../../misc/RouteLoading';
import { LoadFailure, StudioPage } from '../../provider/StudioPage';
import { ListPager } from '../../../ui/ListPager';
import { ChangeList } from './ChangeList';
import { ConfirmAction } from '../shell/ConfirmAction';
import { useDesignerCall } from './designer-parts';
import type { VersionsSearch } from './versions-search';

const when = (at: string) => new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function VersionChanges({ number }: { number: number }) {
  const version = useQuery(versionQueryOptions(number));
  const forms = useQuery(designerFormsQueryOptions);
  if (version.error) return <LoadFailure error={version.error} onRetry={() => void version.refetch()} />;
  if (!version.data) return <RouteLoading label={`Loading version ${number}`} />;
  return <ChangeList changes={version.data.changes} forms={forms.data} headingLevel="h3" />;
}

function VersionRow({ version, latest, onRolledBack }: { version: FormVersionSummary; latest: boolean; onRolledBack: (number: number) => void }) {
  const [open, setOpen] = useState(false);
  const rollback = useDesignerCall(() => rollBack(version.number));
  const panelId = `version-${version.number}-changes`;
  return (
    <Box as="li" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} px={{ base: '3', md: '5' }} py="3">
      <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
        <Stack gap="1" minW="0" flex="1" flexBasis={{ base: 'full', sm: '0' }}>
          <HStack gap="2" flexWrap="wrap">
            <Text fontWeight="semibold">Version {version.number}</Text>
            <Badge colorPalette={version.kind === 'rollback' ? 'orange' : 'green'}>{version.kind === 'rollback' ? 'Rollback' : 'Published'}</Badge>
            {latest ? <Badge colorPalette="brand">Live</Badge> : null}
          </HStack>
          {version.note ? <Text wordBreak="break-word">{version.note}</Text> : null}
          <Text fontSize="sm" color="fg.muted">
            {version.publishedBy?.name ?? 'The system'} · <time dateTime={version.publishedAt}>{when(version.publishedAt)}</time> · {version.changeCount} change{version.changeCount === 1 ? '' : 's'}
          </Text>
        </Stack>
        <HStack gap="2" flexWrap="wrap">
          <Button size="sm" variant="outline" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen(!open)}>
            {open ? 'Hide changes' : 'Show changes'}
          </Button>
          {latest && version.number > 1 ? (
            <ConfirmAction
              label={`Roll back to version ${version.number - 1}`}
              title={`Roll back to version ${version.number - 1}?`}
              confirmLabel="Roll back"
              danger
              run={() => rollback.mutateAsync(undefined).then((made) => onRolledBack(made.number))}
            >
              <Text>
                The forms go back to how they were in version {version.number - 1}, as a new version. Fields it did not have are hidden, their answers kept; fields it had come back
                with their answers. The draft must be empty.
              </Text>
            </ConfirmAction>
          ) : null}
        </HStack>
      </HStack>
      {open ? (
        <Box id={panelId} mt="3">
          <VersionChanges number={version.number} />
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * /admin/forms/versions (docs/console.md, "Form designer"): every published version, newest first,
 * with its changes; the latest can be rolled back to the one before.
 */
export function VersionsPage() {
  useDocumentTitle('Version history · Forms · ScholarMatch staff');
  const search = useSearch({ strict: false }) as VersionsSearch;
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const versions = useQuery(versionsQueryOptions(page));
  const [rolledBack, setRolledBack] = useState<number | null>(null);

  let body;
  if (versions.error) body = <LoadFailure error={versions.error} onRetry={() => void versions.refetch()} />;
  else if (!versions.data) body = <RouteLoading label="Loading the versions" />;
  else {
    const latestNumber = page === 1 ? versions.data.items[0]?.number : undefined;
    body = (
      <>
        <Box as="ul" listStyleType="none" m="0" p="0" borderWidth="1px" borderRadius="xl" bg="bg" aria-label="Versions">
          {versions.data.items.map((version) => (
            <VersionRow key={version.number} version={version} latest={version.number === latestNumber} onRolledBack={setRolledBack} />
          ))}
        </Box>
        <ListPager total={versions.data.total} page={page} pageSize={VERSIONS_PAGE_SIZE} onPage={(next) => void navigate({ to: '/admin/forms/versions', search: next > 1 ? { page: next } : {} })} />
      </>
    );
  }
  const notice = rolledBack
    ? { status: 'success' as const, text: `Rolled back: version ${rolledBack} is live.` }
    : search.published
      ? { status: 'success' as const, text: `Published: version ${search.published} is live.` }
      : null;
  return (
    <StudioPage
      title="Version history"
      lead="Each publish makes a version. Answers are never deleted by a version or a rollback."
      actions={
        <Button asChild variant="ghost" size="sm">
          <RouterLink to="/admin/forms">All forms</RouterLink>
        </Button>
      }
    >
      <NoticeBanner notice={notice} />
      <Box mt={notice ? '4' : '0'}>{body}</Box>
    </StudioPage>
  );
}
