import { Badge, Box, Button, HStack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { failureText } from '../../../api/api-error';
import { designerKeys, discardDraft, draftFieldsQueryOptions, type DesignerForm, type DraftField } from '../../../api/form-designer';
import { toaster } from '../../../ui/toaster';
import { ConfirmAction } from '../shell/ConfirmAction';

/** The fields a form shows with the draft applied: its sections' fields and the ones it borrows, removed ones included. */
export function fieldsOfDesignerForm(form: DesignerForm, fields: readonly DraftField[]): DraftField[] {
  return fields.filter((field) => form.sections.includes(field.section) || form.fieldKeys.includes(field.key));
}

/** A designer call: its failure told in a toast with the server's sentence, and every designer view asked again after it. */
export function useDesignerCall<T, R>(run: (value: T) => Promise<R>, done?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => (done ? toaster.create({ type: 'success', title: done }) : undefined),
    onError: (error) => toaster.create({ type: 'error', title: failureText(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: designerKeys.all }),
  });
}

/** A field's state in the draft, or System for a field the product relies on. */
export function StateBadges({ field }: { field: DraftField }) {
  return (
    <HStack gap="1.5" flexWrap="wrap">
      {field.draft === 'added' ? <Badge colorPalette="green">Added</Badge> : null}
      {field.draft === 'changed' ? <Badge colorPalette="orange">Changed</Badge> : null}
      {field.draft === 'removed' ? <Badge colorPalette="red">Removed</Badge> : null}
      {field.system ? <Badge colorPalette="gray">System</Badge> : null}
      {field.validation?.required ? <Badge variant="outline" colorPalette="gray">Required</Badge> : null}
    </HStack>
  );
}

const changesText = (count: number) => `${count} change${count === 1 ? '' : 's'}`;

/**
 * The shared draft's bar (docs/console.md, "Form designer"): how many changes wait, across every
 * form, with Review and publish and Discard draft. Nothing when the draft is empty.
 */
export function DraftBar() {
  // Counted by field: a field two forms show (the sign-up borrows the names) is one change.
  const fields = useQuery(draftFieldsQueryOptions);
  const discard = useDesignerCall(discardDraft, 'Draft discarded');
  const count = (fields.data ?? []).filter((field) => field.draft !== null).length;
  if (count === 0) return null;
  return (
    <Box as="section" aria-label="Draft" borderWidth="1px" borderColor="orange.300" bg="orange.50" borderRadius="xl" px={{ base: '3', md: '5' }} py="3" mb="5">
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Text fontWeight="semibold">
          Draft: {changesText(count)} not published yet. People see the published forms until you publish.
        </Text>
        <HStack gap="2" flexWrap="wrap">
          <ConfirmAction label="Discard draft" title="Discard the draft?" confirmLabel="Discard draft" danger run={() => discard.mutateAsync(undefined)}>
            <Text>Every change not published yet ({changesText(count)}, across all forms) is dropped. The published forms stay as they are.</Text>
          </ConfirmAction>
          <Button asChild size="sm" colorPalette="brand">
            <RouterLink to="/admin/forms/publish">Review and publish</RouterLink>
          </Button>
        </HStack>
      </HStack>
    </Box>
  );
}
