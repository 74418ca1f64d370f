import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { MESSAGES } from '@scholarmatch/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { formQueryOptions } from '../../../api/forms';
import {
  closeScholarship,
  createScholarship,
  publishScholarship,
  saveScholarship,
  studioKeys,
  type StudioScholarshipDetail,
} from '../../../api/providers';
import { toaster } from '../../../ui/toaster';
import { NoticeBanner } from '../../../forms/NoticeBanner';
import { keepFocus, SchemaForm } from '../../../forms/SchemaForm';
import { useServedFormSubmit } from '../../../forms/use-served-form-submit';
import { RouteLoading } from '../../misc/RouteLoading';
import { LoadFailure } from '../StudioPage';
import { LazyEditorWidget } from '../../../forms/widgets/lazy-widgets';

// The editor form's description (a stand-in until Tiptap is wanted): its code starts loading with this tab's.
void LazyEditorWidget.preload();

type Action = 'draft' | 'publish' | 'close';

/** The original client gives no words here: ours. */
const DONE_TEXT: Record<Action, string> = { draft: 'Draft saved', publish: MESSAGES.scholarshipPublished, close: MESSAGES.scholarshipClosed };

function ActionBar({ status, busy, onSaveDraft, onClose }: { status: StudioScholarshipDetail['status'] | undefined; busy: Action | null; onSaveDraft: () => void; onClose: () => void }) {
  return (
    <HStack position="sticky" bottom="0" zIndex="docked" justify="flex-end" gap="3" mt="6" py="3" bg="bg" borderTopWidth="1px" flexWrap="wrap">
      {status === 'published' ? (
        <Button type="button" variant="ghost" colorPalette="red" loading={busy === 'close'} disabled={busy !== null} onMouseDown={keepFocus} onClick={onClose}>
          Close
        </Button>
      ) : null}
      <Button type="button" variant="outline" colorPalette="brand" loading={busy === 'draft'} disabled={busy !== null} onMouseDown={keepFocus} onClick={onSaveDraft}>
        {status === 'published' ? 'Save' : 'Save draft'}
      </Button>
      {status !== 'published' ? (
        <Button type="submit" colorPalette="brand" loading={busy === 'publish'} disabled={busy !== null} onMouseDown={keepFocus}>
          Publish
        </Button>
      ) : null}
    </HStack>
  );
}

/**
 * The Details tab (docs/providers.md, "Scholarships"): the served `scholarship-editor` form.
 * Save draft sends the answers as they are (the server checks what is given, requires nothing);
 * Publish checks the whole form here first, saves, then publishes (the server checks again: an
 * amount, a deadline not in the past); Close ends applications. A new scholarship is created by
 * its first save, and the page moves to its address.
 */
export function DetailsTab({ scholarship }: { scholarship?: StudioScholarshipDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useQuery(formQueryOptions('scholarship-editor'));
  const [draft, setDraft] = useState<Record<string, unknown>>();
  const answers = draft ?? scholarship?.editor ?? {};
  const keepDraft = useCallback((values: unknown) => setDraft(values as Record<string, unknown>), []);
  const closed = scholarship?.status === 'closed';

  const { submit, pendingRequest, notice, serverErrors } = useServedFormSubmit({
    send: async ({ action, values }: { action: Action; values: Record<string, unknown> }) => {
      let id = scholarship?.id;
      if (action !== 'close') {
        if (id) await saveScholarship(id, values);
        else id = (await createScholarship(values)).id;
      }
      if (action === 'publish') await publishScholarship(id!);
      if (action === 'close') await closeScholarship(id!);
      return id!;
    },
    onSuccess: async (id, { action }) => {
      await queryClient.invalidateQueries({ queryKey: studioKeys.all });
      setDraft(undefined);
      toaster.create({ type: 'success', title: DONE_TEXT[action] });
      if (!scholarship) await navigate({ to: '/app/scholarships/$id', params: { id }, replace: true });
    },
  });
  const busy = pendingRequest?.action ?? null;
  const run = (action: Action, values: Record<string, unknown>) => submit({ action, values });

  if (form.error) return <LoadFailure error={form.error} onRetry={() => void form.refetch()} />;
  if (!form.data) return <RouteLoading label="Loading the editor…" />;
  return (
    <Stack gap="4" maxW="3xl">
      {closed ? <Text color="fg.muted">This scholarship is closed: it takes no more applications, and its details can no longer change.</Text> : null}
      <NoticeBanner notice={notice} />
      <Box borderWidth="1px" borderRadius="xl" bg="bg" px={{ base: '4', md: '6' }} pt={{ base: '4', md: '6' }}>
        <SchemaForm
          key={form.data.version}
          schema={form.data.schema}
          uiSchema={form.data.uiSchema}
          validator={form.data.validator}
          formData={answers}
          hideTitle
          disabled={busy !== null || closed}
          serverErrors={serverErrors}
          onChange={keepDraft}
          onSubmit={(values) => void run('publish', values as Record<string, unknown>)}
          actions={closed ? null : <ActionBar status={scholarship?.status} busy={busy} onSaveDraft={() => void run('draft', answers)} onClose={() => void run('close', answers)} />}
        />
      </Box>
    </Stack>
  );
}
