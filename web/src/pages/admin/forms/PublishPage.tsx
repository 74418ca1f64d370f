import { Box, Button, Field, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { designerFormsQueryOptions, draftDiffQueryOptions, publishDraft, type Blocker } from '../../../api/form-designer';
import { NoticeBanner } from '../../../forms/NoticeBanner';
import { useDocumentTitle } from '../../../ui/document-title';
import { RouteLoading } from '../../misc/RouteLoading';
import { LoadFailure, StudioPage } from '../../provider/StudioPage';
import { ChangeList } from './ChangeList';
import { useDesignerCall } from './designer-parts';

const NOTE_MAX = 500;

/** The fields a published scholarship's eligibility uses, removed in the draft: publishing waits until they are put back. */
function Blockers({ blockers }: { blockers: readonly Blocker[] }) {
  return (
    <Box as="section" aria-labelledby="publish-blockers" borderWidth="1px" borderColor="red.300" bg="red.50" borderRadius="xl" p={{ base: '3', md: '4' }}>
      <Heading as="h2" size="sm" id="publish-blockers" color="red.800" mb="2">
        Publishing is blocked
      </Heading>
      <Text fontSize="sm" mb="2">
        Published scholarships decide eligibility with these fields. Revert their removal, or change those scholarships' rules first.
      </Text>
      <Box as="ul" ps="5" fontSize="sm">
        {blockers.map((blocker) => (
          <li key={blocker.key}>
            <Text as="span" fontWeight="semibold">
              {blocker.name}
            </Text>{' '}
            is used by {blocker.scholarships.map((scholarship) => scholarship.title).join(', ')}
          </li>
        ))}
      </Box>
    </Box>
  );
}

/**
 * /admin/forms/publish (docs/console.md, "Form designer"): what the draft changes for people, form
 * by form, with the stored answers each change touches; what blocks it; a note; Publish.
 */
export function PublishPage() {
  useDocumentTitle('Review and publish · Forms · ScholarMatch staff');
  const diff = useQuery(draftDiffQueryOptions);
  const forms = useQuery(designerFormsQueryOptions);
  const navigate = useNavigate();
  const [note, setNote] = useState('');
  const publish = useDesignerCall(() => publishDraft(note));

  let body;
  if (diff.error) body = <LoadFailure error={diff.error} onRetry={() => void diff.refetch()} />;
  else if (!diff.data) body = <RouteLoading label="Comparing the draft with the published forms" />;
  else if (diff.data.changes.length === 0) {
    body = (
      <Stack gap="3" align="flex-start">
        <Text color="fg.muted">The draft is empty: the forms are as published.</Text>
        <Button asChild variant="outline" size="sm">
          <RouterLink to="/admin/forms">Back to the forms</RouterLink>
        </Button>
      </Stack>
    );
  } else {
    const blocked = diff.data.blockers.length > 0;
    body = (
      <Stack gap="5">
        <Text>
          Compared with version {diff.data.basedOn}. Answers are never deleted: answers to a removed field are kept and come back if the field does. People with a newly required
          profile question are asked for it on their next visit.
        </Text>
        {blocked ? <Blockers blockers={diff.data.blockers} /> : null}
        <ChangeList changes={diff.data.changes} forms={forms.data} />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            publish.mutate(undefined, { onSuccess: (version) => void navigate({ to: '/admin/forms/versions', search: { published: version.number } }) });
          }}
        >
          <Stack gap="3" borderWidth="1px" borderRadius="xl" bg="bg" p={{ base: '3', md: '4' }}>
            <Field.Root>
              <Field.Label>Note for the version history (optional)</Field.Label>
              <Textarea rows={2} value={note} maxLength={NOTE_MAX} onChange={(event) => setNote(event.target.value)} placeholder="What changed and why" />
            </Field.Root>
            <NoticeBanner notice={publish.isError ? { status: 'error', text: publish.error.message } : null} />
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={blocked} loading={publish.isPending}>
              Publish
            </Button>
          </Stack>
        </form>
      </Stack>
    );
  }
  return (
    <StudioPage
      title="Review and publish"
      lead="What people will see change once you publish. Publishing makes a new version; the latest one can be rolled back."
      actions={
        <Button asChild variant="ghost" size="sm">
          <RouterLink to="/admin/forms">All forms</RouterLink>
        </Button>
      }
    >
      {body}
    </StudioPage>
  );
}
