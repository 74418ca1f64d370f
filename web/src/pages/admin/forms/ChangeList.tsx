import { Badge, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { DesignerForm, DiffChange, DiffKind } from '../../../api/form-designer';

const KIND_WORDS: Record<DiffKind, { label: string; palette: string }> = {
  added: { label: 'Added', palette: 'green' },
  removed: { label: 'Removed', palette: 'red' },
  now_required: { label: 'Now required', palette: 'purple' },
  no_longer_required: { label: 'No longer required', palette: 'blue' },
  changed: { label: 'Changed', palette: 'orange' },
  restored: { label: 'Restored', palette: 'teal' },
};

/** The order a form's changes are read in: what changes most for people first. */
const KIND_ORDER: readonly DiffKind[] = ['added', 'removed', 'now_required', 'no_longer_required', 'restored', 'changed'];

const answersText = (count: number) => (count === 0 ? 'No stored answers' : `${count.toLocaleString('en-US')} stored answer${count === 1 ? '' : 's'}`);

function ChangeRow({ change }: { change: DiffChange }) {
  const words = KIND_WORDS[change.change] ?? { label: change.change, palette: 'gray' };
  return (
    <Box as="li" px={{ base: '3', md: '4' }} py="2" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <HStack justify="space-between" align="flex-start" gap="2" flexWrap="wrap">
        <HStack gap="2" minW="0" flexWrap="wrap">
          <Badge colorPalette={words.palette}>{words.label}</Badge>
          <Text fontWeight="semibold">{change.name}</Text>
          <Text fontSize="xs" color="fg.muted">
            {change.key}
          </Text>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {answersText(change.answers)}
        </Text>
      </HStack>
      {change.details.length ? (
        <Box as="ul" ps="5" mt="1" fontSize="sm" color="fg.muted">
          {change.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * A diff of the forms (the draft's, or a version's), grouped by form, each form's changes in the
 * order added, removed, now required, and the rest; with the stored answers each change touches.
 * A change to a field several forms show is listed under each of them.
 */
export function ChangeList({ changes, forms, headingLevel = 'h2' }: { changes: readonly DiffChange[]; forms: readonly DesignerForm[] | undefined; headingLevel?: 'h2' | 'h3' }) {
  const titleOf = (key: string) => forms?.find((form) => form.key === key)?.title ?? key;
  const formKeys = [...new Set(changes.flatMap((change) => (change.forms.length ? change.forms : [''])))];
  if (changes.length === 0) return <Text color="fg.muted">No changes.</Text>;
  return (
    <Stack gap="4">
      {formKeys.map((formKey) => {
        const ofForm = changes
          .filter((change) => (formKey ? change.forms.includes(formKey) : change.forms.length === 0))
          .sort((a, b) => KIND_ORDER.indexOf(a.change) - KIND_ORDER.indexOf(b.change));
        const title = formKey ? titleOf(formKey) : 'Not on a form';
        return (
          <Stack as="section" key={formKey || 'none'} aria-label={title} gap="2">
            <Heading as={headingLevel} size="sm">
              {title}
            </Heading>
            <Box as="ul" listStyleType="none" m="0" p="0" borderWidth="1px" borderRadius="lg" bg="bg">
              {ofForm.map((change) => (
                <ChangeRow key={`${change.key}-${change.change}`} change={change} />
              ))}
            </Box>
          </Stack>
        );
      })}
    </Stack>
  );
}
