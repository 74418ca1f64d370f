import { Badge, Box, Button, Grid, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
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
import { REQUIREMENT_KIND_LABELS, requirementsFromDrafts, type Requirement } from '@scholarmatch/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { failureText } from '../../../api/api-error';
import { formQueryOptions, type FormDefinition } from '../../../api/forms';
import { SaveError } from '../../../api/profile';
import { requirementsQueryOptions, saveRequirements, studioKeys, type StudioRequirement } from '../../../api/providers';
import { toaster } from '../../../ui/toaster';
import { NoticeBanner } from '../../../forms/NoticeBanner';
import { SchemaForm } from '../../../forms/SchemaForm';
import { RouteLoading } from '../../misc/RouteLoading';
import { LoadFailure } from '../StudioPage';
import { errorsByEntry } from './list-errors';
import { bodiesOf, draftsOf, entriesOf, moved, newUid, problemsOf, type FieldError, type RequirementEntry } from './requirement-entries';
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
        <IconButton variant="ghost" size="sm" aria-label={`Move ${title} up`} disabled={disabled || index === 0} onClick={() => onMove(entry.uid, -1)}>
          ↑
        </IconButton>
        <IconButton variant="ghost" size="sm" aria-label={`Move ${title} down`} disabled={disabled || index === count - 1} onClick={() => onMove(entry.uid, 1)}>
          ↓
        </IconButton>
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
  const [entries, setEntries] = useState<RequirementEntry[]>(() => entriesOf(stored));
  const [savedBodies, setSavedBodies] = useState(() => JSON.stringify(bodiesOf(entriesOf(stored))));
  const [openUid, setOpenUid] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, FieldError[]>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const latest = useRef(entries);
  latest.current = entries;

  const drafts = useMemo(() => draftsOf(entries), [entries]);
  const requirements = useMemo(() => requirementsFromDrafts(drafts, (index) => `new-${index}`), [drafts]);
  const bodies = useMemo(() => bodiesOf(entries), [entries]);
  const dirty = JSON.stringify(bodies) !== savedBodies;

  const onToggle = useCallback((uid: string) => setOpenUid((current) => (current === uid ? null : uid)), []);
  const onAnswers = useCallback((uid: string, answers: Record<string, unknown>) => {
    setEntries((current) => current.map((entry) => (entry.uid === uid ? { ...entry, draft: { ...entry.draft, answers } } : entry)));
  }, []);
  const onMove = useCallback((uid: string, by: number) => {
    setEntries((current) => {
      const from = current.findIndex((entry) => entry.uid === uid);
      return moved(current, from, from + by);
    });
  }, []);
  const onRemove = useCallback((uid: string) => {
    setEntries((current) => current.filter((entry) => entry.uid !== uid));
    setErrors(({ [uid]: _gone, ...rest }) => rest);
  }, []);
  function add() {
    const uid = newUid();
    setEntries((current) => [...current, { uid, draft: { answers: {} } }]);
    setOpenUid(uid);
  }

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    setEntries((current) => moved(current, current.findIndex((e) => e.uid === active.id), current.findIndex((e) => e.uid === over.id)));
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

  async function save() {
    setNotice(null);
    // Each requirement is checked by the editor form's own validator first.
    const found: Record<string, FieldError[]> = {};
    for (const entry of entries) {
      const problems = problemsOf(form, entry.draft.answers);
      if (problems.length) found[entry.uid] = problems;
    }
    setErrors(found);
    const firstInvalid = entries.find((entry) => found[entry.uid]);
    if (firstInvalid) {
      setOpenUid(firstInvalid.uid);
      setNotice('Some requirements need attention before they can be saved.');
      return;
    }
    setSaving(true);
    try {
      const saved = await saveRequirements(scholarshipId, bodies);
      const next = entriesOf(saved);
      // The open requirement stays open under its stored id.
      const openIndex = entries.findIndex((entry) => entry.uid === openUid);
      setEntries(next);
      setOpenUid(openIndex >= 0 ? (next[openIndex]?.uid ?? null) : null);
      setSavedBodies(JSON.stringify(bodiesOf(next)));
      queryClient.setQueryData(requirementsQueryOptions(scholarshipId).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: studioKeys.scholarship(scholarshipId) });
      toaster.create({ type: 'success', title: 'Requirements saved' });
    } catch (error) {
      if (error instanceof SaveError && error.fieldErrors.length) {
        const { byUid, general } = errorsByEntry(error.fieldErrors, 'requirements', entries);
        setErrors(byUid);
        const first = entries.find((entry) => byUid[entry.uid]);
        if (first) setOpenUid(first.uid);
        setNotice(general.length ? general.map((problem) => problem.message).join(' ') : failureText(error));
      } else {
        setNotice(failureText(error));
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="5" alignItems="start">
      <Stack gap="3" minW="0">
        <HStack justify="space-between" gap="2" flexWrap="wrap">
          <Heading as="h2" size="md">
            Requirements
          </Heading>
          {dirty ? (
            <Text fontSize="sm" color="fg.warning">
              Unsaved changes
            </Text>
          ) : null}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          What applicants must send. Drag a requirement by its handle (or use the arrows) to change the order.
        </Text>
        <NoticeBanner notice={notice ? { status: 'error', text: notice } : null} />
        <DndContext sensors={sensors} collisionDetection={nearestEdge} onDragEnd={onDragEnd} accessibility={accessibility}>
          <SortableContext items={entries.map((entry) => entry.uid)} strategy={verticalListSortingStrategy}>
            <Stack as="ol" listStyleType="none" m="0" p="0" gap="2" aria-label="Requirements">
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
                  onMove={onMove}
                  onRemove={onRemove}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
        {entries.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            No requirements yet.
          </Text>
        ) : null}
        <HStack gap="3" flexWrap="wrap" pt="1">
          <Button variant="outline" colorPalette="brand" onClick={add} disabled={saving}>
            Add requirement
          </Button>
          <Button colorPalette="brand" onClick={() => void save()} loading={saving} disabled={!dirty && Object.keys(errors).length === 0}>
            Save requirements
          </Button>
        </HStack>
      </Stack>
      <Box position={{ lg: 'sticky' }} top={{ lg: '20' }} minW="0">
        <RequirementPreview scholarshipId={scholarshipId} drafts={drafts} bodies={bodies} />
      </Box>
    </Grid>
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
