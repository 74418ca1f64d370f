import { Box, Button, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';
import { NoticeBanner } from './NoticeBanner';
import type { EntryListState } from './use-entry-list';

/** Beside the list (a preview, a count), in a column of its own on wide screens; or the list alone, this wide at most. */
export type EntryListLayout = { aside: ReactNode; columns: string } | { maxW: string };

export interface EntryListBuilderProps {
  /** From `useEntryList`: the entries, the banner, the save. */
  list: EntryListState;
  /** The heading ('Requirements'). */
  title: string;
  /** The muted line under the heading. */
  description: ReactNode;
  /** The ordered list's accessible name, and the gap between its entries. */
  listLabel: string;
  listGap: string;
  /** The entries, each an `li` of the page's own. */
  children: ReactNode;
  /** Wraps the ordered list (drag and drop's contexts). */
  wrapList?: (list: ReactElement) => ReactNode;
  /** Shown under an empty list. */
  emptyText?: string;
  addLabel: string;
  onAdd: () => void;
  /** Why adding is not possible now, besides a save on its way (no vocabulary, the most there may be). */
  addDisabled?: boolean;
  saveLabel: string;
  layout: EntryListLayout;
}

/**
 * The frame every list builder of the studio shares (docs/architecture.md, "The web app"): the
 * heading with "Unsaved changes", the description, the banner, the ordered list of entries, and
 * the Add and Save buttons; beside it, where the builder has one, a preview or a count.
 */
export function EntryListBuilder(props: EntryListBuilderProps) {
  const { list, title, description, listLabel, listGap, children, wrapList, emptyText, addLabel, onAdd, addDisabled, saveLabel, layout } = props;
  const ordered = (
    <Stack as="ol" listStyleType="none" m="0" p="0" gap={listGap} aria-label={listLabel}>
      {children}
    </Stack>
  );
  const builder = (
    <Stack gap="3" {...('aside' in layout ? { minW: '0' } : { maxW: layout.maxW })}>
      <HStack justify="space-between" gap="2" flexWrap="wrap">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {list.dirty ? (
          <Text fontSize="sm" color="fg.warning">
            Unsaved changes
          </Text>
        ) : null}
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {description}
      </Text>
      <NoticeBanner notice={list.notice ? { status: 'error', text: list.notice } : null} />
      {wrapList ? wrapList(ordered) : ordered}
      {emptyText && list.entries.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {emptyText}
        </Text>
      ) : null}
      <HStack gap="3" flexWrap="wrap" pt="1">
        <Button variant="outline" colorPalette="brand" onClick={onAdd} disabled={list.saving || addDisabled}>
          {addLabel}
        </Button>
        <Button colorPalette="brand" onClick={() => void list.save()} loading={list.saving} disabled={!list.canSave}>
          {saveLabel}
        </Button>
      </HStack>
    </Stack>
  );
  if (!('aside' in layout)) return builder;
  return (
    <Grid templateColumns={{ base: '1fr', lg: layout.columns }} gap="5" alignItems="start">
      {builder}
      <Box position={{ lg: 'sticky' }} top={{ lg: '20' }} minW="0">
        {layout.aside}
      </Box>
    </Grid>
  );
}
