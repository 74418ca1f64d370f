import { Badge, Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { MESSAGES, REQUIREMENT_KIND_LABELS, requirementsFromDrafts, type Requirement } from '@scholarmatch/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { formQueryOptions, type FormDefinition } from '../../../api/forms';
import { requirementsQueryOptions, saveRequirements, studioKeys, type StudioRequirement } from '../../../api/providers';
import { problemsOf, type FieldError } from '../../../forms/entry-errors';
import { EntryListBuilder } from '../../../forms/EntryListBuilder';
import { ReorderButtons } from '../../../forms/ReorderButtons';
import { SchemaForm } from '../../../forms/SchemaForm';
import { newUid, useEntryList } from '../../../forms/use-entry-list';
import { RouteLoading } from '../../misc/RouteLoading';
import { LoadFailure } from '../StudioPage';
import { bodyOf, draftsOf, entriesOf, type RequirementEntry } from './requirement-entries';
import { RequirementPreview } from './RequirementPreview';

const UNTITLED_REQUIREMENT = 'Untitled requirement';

function titleOf(requirement: Requirement | undefined): string {
  return requirement?.title || UNTITLED_REQUIREMENT;
}

function DragHandleIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
    </svg>
  );
}

interface EntryProps {
  entry: RequirementEntry;
  index: number;
  count: number;
  requirement: Requirement | undefined;
  open: boolean;
  form: FormDefinition;
  errors: FieldError[] | undefined;
  disabled: boolean;
  onToggle: (uid: string) => void;
  onAnswers: (uid: string, answers: Record<string, unknown>) => void;
  onMove: (uid: string, by: number) => void;
  onRemove: (uid: string) => void;
}

/**
 * One requirement: a header (drag handle, title and kind, move up/down, remove) and, when open,
 * the served `requirement-editor` form with its answers. Memoised: a keystroke in one requirement
 * re-renders that one only (and the preview).
 */
const RequirementItem = memo(function RequirementItem(props: EntryProps) {
  const { entry, index, count, requirement, open, form, errors, disabled, onToggle, onAnswers, onMove, onRemove } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: entry.uid, disabled });
  const title = titleOf(requirement);
  const kind = requirement ? REQUIREMENT_KIND_LABELS[requirement.field.dataType] : undefined;
  const panelId = `requirement-${entry.uid}-form`;
  const keepAnswers = useCallback((values: unknown) => onAnswers(entry.uid, values as Record<string, unknown>), [onAnswers, entry.uid]);
  return (
    <Box
      as="li"
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      position="relative"
      zIndex={isDragging ? 'docked' : undefined}
      borderWidth="1px"
      borderColor={errors?.length ? 'border.error' : open ? 'brand.muted' : 'border'}
      borderRadius="xl"
      bg="bg"
      boxShadow={isDragging ? 'lg' : undefined}
      aria-label={`Requirement ${index + 1}: ${title}`}
    >
      <HStack gap="1" p="2" pe="3">
        <IconButton
          ref={setActivatorNodeRef}
          variant="ghost"
          size="sm"
          cursor="grab"
          aria-label={`Drag to reorder ${title}`}
          disabled={disabled}
          {...attributes}
          {...listeners}
        >
          <DragHandleIcon />
        </IconButton>
        <Button
          variant="plain"
          flex="1"
          minW="0"
          justifyContent="flex-start"
          px="1"
          h="auto"
          py="1"
          textAlign="start"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => onToggle(entry.uid)}
        >
          <Stack gap="0.5" minW="0" align="flex-start">
            <Text fontWeight="semibold" truncate maxW="full">
              {index + 1}. {title}
            </Text>
            <HStack gap="1.5">
              {kind ? <Badge variant="outline" colorPalette="gray">{kind}</Badge> : null}
              {requirement?.optional ? <Badge colorPalette="blue">Optional</Badge> : null}
              {errors?.length ? <Badge colorPalette="red">Needs attention</Badge> : null}
            </HStack>
          </Stack>
        </Button>
        <ReorderButtons title={title} index={index} count={count} disabled={disabled} onMove={(by) => onMove(entry.uid, by)} />
        <IconButton variant="ghost" size="sm" colorPalette="red" aria-label={`Remove ${title}`} disabled={disabled} onClick={() => onRemove(entry.uid)}>
          ✕
        </IconButton>
      </HStack>
      {open ? (
        <Box id={panelId} px={{ base: '3', md: '4' }} pb="4" pt="1" borderTopWidth="1px">
          <SchemaForm
            key={form.version}
            idPrefix="requirement"
            schema={form.schema}
            uiSchema={form.uiSchema}
            validator={form.validator}
            formData={entry.draft.answers}
            hideTitle
            disabled={disabled}
            serverErrors={errors}
            onChange={keepAnswers}
            onSubmit={() => undefined}
            actions={null}
          />
        </Box>
      ) : null}
    </Box>
  );
});

/**
 * The requirement a dragged one is over: the one whose top or bottom edge is nearest the dragged
 * one's same edge. dnd-kit's centre-based detection fails here: the open requirement (its form
 * showing) is many times taller than the closed ones, so its centre stays nearest its own place
 * when the keyboard moves it up (tops aligned) or down (bottoms aligned).
 */
const nearestEdge: CollisionDetection = ({ collisionRect, droppableRects, droppableContainers }) =>
  droppableContainers
    .flatMap((container) => {
      const rect = droppableRects.get(container.id);
      if (!rect) return [];
      const distance = Math.min(Math.abs(rect.top - collisionRect.top), Math.abs(rect.bottom - collisionRect.bottom));
      return [{ id: container.id, data: { droppableContainer: container, value: distance } }];
    })
    .sort((a, b) => a.data.value - b.data.value);

/** What a screen reader hears while a requirement is dragged (dnd-kit's defaults name ids, not titles). */
function announcements(titleOfUid: (uid: string) => string, positionOf: (uid: string) => number): Announcements {
  const where = (uid: string | number | undefined) => (uid === undefined ? '' : ` position ${positionOf(String(uid)) + 1}`);
  return {
    onDragStart: ({ active }) => `Picked up ${titleOfUid(String(active.id))}.`,
    onDragOver: ({ active, over }) => (over ? `${titleOfUid(String(active.id))} is over${where(over.id)}.` : `${titleOfUid(String(active.id))} is no longer over a position.`),
    onDragEnd: ({ active, over }) => (over ? `${titleOfUid(String(active.id))} was dropped at${where(over.id)}.` : `${titleOfUid(String(active.id))} was dropped.`),
    onDragCancel: ({ active }) => `Moving ${titleOfUid(String(active.id))} was cancelled.`,
  };
}

const SCREEN_READER_INSTRUCTIONS = {
  draggable: 'To pick up a requirement, press space or enter. Use the up and down arrow keys to move it, space or enter to drop it, escape to cancel.',
};

function Builder({ scholarshipId, stored, form }: { scholarshipId: string; stored: StudioRequirement[]; form: FormDefinition }) {
  const queryClient = useQueryClient();
  const [openUid, setOpenUid] = useState<string | null>(null);
  const list = useEntryList({
    initial: () => entriesOf(stored),
    bodyOf,
    listPath: 'requirements',
    // Each requirement is checked by the editor form's own validator first.
    check: { problemsOf: (entry: RequirementEntry) => problemsOf(form, entry.draft.answers), notice: 'Some requirements need attention before they can be saved.' },
    save: (bodies) => saveRequirements(scholarshipId, bodies),
    entriesOf,
    onSaved: (saved) => {
      queryClient.setQueryData(requirementsQueryOptions(scholarshipId).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: studioKeys.scholarship(scholarshipId) });
    },
    savedTitle: MESSAGES.requirementsSaved,
    onAttention: setOpenUid,
    // The open requirement stays open under its stored id.
    onReplaced: (before, after) => {
      const openIndex = before.findIndex((entry) => entry.uid === openUid);
      setOpenUid(openIndex >= 0 ? (after[openIndex]?.uid ?? null) : null);
    },
  });
  const { entries, errors, saving, update, move, moveOnto, remove } = list;
  const latest = useRef(entries);
  latest.current = entries;

  const drafts = useMemo(() => draftsOf(entries), [entries]);
  const requirements = useMemo(() => requirementsFromDrafts(drafts, (index) => `new-${index}`), [drafts]);

  const onToggle = useCallback((uid: string) => setOpenUid((current) => (current === uid ? null : uid)), []);
  const onAnswers = useCallback(
    (uid: string, answers: Record<string, unknown>) => update(uid, (entry) => ({ ...entry, draft: { ...entry.draft, answers } })),
    [update],
  );
  function add() {
    const uid = newUid();
    list.add({ uid, draft: { answers: {} } });
    setOpenUid(uid);
  }

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    moveOnto(String(active.id), String(over.id));
  }
  const accessibility = useMemo(
    () => ({
      announcements: announcements(
        (uid) => {
          const index = latest.current.findIndex((entry) => entry.uid === uid);
          return titleOf(requirementsFromDrafts(draftsOf(latest.current), (i) => `new-${i}`)[index]);
        },
        (uid) => latest.current.findIndex((entry) => entry.uid === uid),
      ),
      screenReaderInstructions: SCREEN_READER_INSTRUCTIONS,
    }),
    [],
  );

  return (
    <EntryListBuilder
      list={list}
      title="Requirements"
      description="What applicants must send. Drag a requirement by its handle (or use the arrows) to change the order."
      listLabel="Requirements"
      listGap="2"
      wrapList={(ordered) => (
        <DndContext sensors={sensors} collisionDetection={nearestEdge} onDragEnd={onDragEnd} accessibility={accessibility}>
          <SortableContext items={entries.map((entry) => entry.uid)} strategy={verticalListSortingStrategy}>
            {ordered}
          </SortableContext>
        </DndContext>
      )}
      emptyText="No requirements yet."
      addLabel="Add requirement"
      onAdd={add}
      saveLabel="Save requirements"
      layout={{ columns: 'minmax(0, 1fr) minmax(0, 1fr)', aside: <RequirementPreview scholarshipId={scholarshipId} drafts={drafts} bodies={list.bodies} /> }}
    >
      {entries.map((entry, index) => (
        <RequirementItem
          key={entry.uid}
          entry={entry}
          index={index}
          count={entries.length}
          requirement={requirements[index]}
          open={openUid === entry.uid}
          form={form}
          errors={errors[entry.uid]}
          disabled={saving}
          onToggle={onToggle}
          onAnswers={onAnswers}
          onMove={move}
          onRemove={remove}
        />
      ))}
    </EntryListBuilder>
  );
}

/**
 * The Requirements tab (docs/providers.md, "Requirements"): the builder, where each requirement
 * is edited through the served `requirement-editor` form (so a field added to that form appears
 * here with no web change), and beside it the live preview of the applicant's form.
 */
export function RequirementsTab({ scholarshipId }: { scholarshipId: string }) {
  const form = useQuery(formQueryOptions('requirement-editor'));
  const stored = useQuery(requirementsQueryOptions(scholarshipId));
  const failed = form.error ?? stored.error;
  if (failed) return <LoadFailure error={failed} onRetry={() => void Promise.all([form.refetch(), stored.refetch()])} />;
  if (!form.data || !stored.data) return <RouteLoading label="Loading the requirements…" />;
  return <Builder key={form.data.version} scholarshipId={scholarshipId} stored={stored.data} form={form.data} />;
}
