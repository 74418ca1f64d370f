import { Box, HStack, IconButton, Link, Text } from '@chakra-ui/react';
import { draftOfRankCriterion, MAX_RANK_CRITERIA, rankCriteriaFromDrafts, type RankCriterion } from '@scholarmatch/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { formQueryOptions, type FormDefinition } from '../../../api/forms';
import { reviewKeys, rubricQueryOptions, saveRubric } from '../../../api/review';
import { problemsOf, type FieldError } from '../../../forms/entry-errors';
import { EntryListBuilder } from '../../../forms/EntryListBuilder';
import { SchemaForm } from '../../../forms/SchemaForm';
import { newUid, useEntryList } from '../../../forms/use-entry-list';
import { RouteLoading } from '../../misc/RouteLoading';
import { LoadFailure } from '../StudioPage';

const UNNAMED = 'Unnamed criterion';

interface CriterionEntry {
  uid: string;
  id?: string;
  answers: Record<string, unknown>;
}

function entriesOf(criteria: readonly RankCriterion[]): CriterionEntry[] {
  return criteria.map((criterion) => ({ uid: criterion.id, ...draftOfRankCriterion(criterion) }));
}

function bodyOf({ id, answers }: CriterionEntry) {
  return id ? { id, answers } : { answers };
}

interface CriterionItemProps {
  entry: CriterionEntry;
  index: number;
  count: number;
  criterion: RankCriterion;
  form: FormDefinition;
  errors?: FieldError[];
  disabled: boolean;
  onAnswers: (uid: string, answers: Record<string, unknown>) => void;
  onMove: (uid: string, by: number) => void;
  onRemove: (uid: string) => void;
}

/** One criterion, edited through the served `rank-criterion-editor` form (a field an admin adds appears here). */
function CriterionItem({ entry, index, count, criterion, form, errors, disabled, onAnswers, onMove, onRemove }: CriterionItemProps) {
  const name = criterion.name || UNNAMED;
  const keepAnswers = useCallback((values: unknown) => onAnswers(entry.uid, values as Record<string, unknown>), [onAnswers, entry.uid]);
  return (
    <Box as="li" borderWidth="1px" borderColor={errors?.length ? 'border.error' : 'border'} borderRadius="xl" bg="bg" aria-label={`Criterion ${index + 1}: ${name}`}>
      <HStack gap="1" px="3" py="2" borderBottomWidth="1px">
        <Text flex="1" minW="0" fontWeight="semibold" truncate>
          {index + 1}. {name}
        </Text>
        <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
          weight {criterion.weight} · 0–{criterion.maxPoints}
        </Text>
        <IconButton variant="ghost" size="sm" aria-label={`Move ${name} up`} disabled={disabled || index === 0} onClick={() => onMove(entry.uid, -1)}>
          ↑
        </IconButton>
        <IconButton variant="ghost" size="sm" aria-label={`Move ${name} down`} disabled={disabled || index === count - 1} onClick={() => onMove(entry.uid, 1)}>
          ↓
        </IconButton>
        <IconButton variant="ghost" size="sm" colorPalette="red" aria-label={`Remove ${name}`} disabled={disabled} onClick={() => onRemove(entry.uid)}>
          ✕
        </IconButton>
      </HStack>
      <Box px={{ base: '3', md: '4' }} pb="4" pt="1">
        <SchemaForm
          key={form.version}
          idPrefix={`criterion-${entry.uid}`}
          schema={form.schema}
          uiSchema={form.uiSchema}
          validator={form.validator}
          formData={entry.answers}
          hideTitle
          disabled={disabled}
          serverErrors={errors}
          onChange={keepAnswers}
          onSubmit={() => undefined}
          actions={null}
        />
      </Box>
    </Box>
  );
}

function Builder({ scholarshipId, stored, form }: { scholarshipId: string; stored: RankCriterion[]; form: FormDefinition }) {
  const queryClient = useQueryClient();
  const list = useEntryList({
    initial: () => entriesOf(stored),
    bodyOf,
    listPath: 'criteria',
    // Each criterion is checked by the served form's own validator first.
    check: { problemsOf: (entry: CriterionEntry) => problemsOf(form, entry.answers), notice: 'Some criteria need attention before they can be saved.' },
    save: (bodies) => saveRubric(scholarshipId, bodies),
    entriesOf: (rubric) => entriesOf(rubric.criteria),
    onSaved: (rubric) => {
      queryClient.setQueryData(rubricQueryOptions(scholarshipId).queryKey, rubric);
      // Averages are recomputed with the rubric.
      void queryClient.invalidateQueries({ queryKey: reviewKeys.applicants(scholarshipId) });
    },
    savedTitle: 'Rubric saved',
  });
  const { entries, errors, saving, update, move, remove } = list;
  const criteria = useMemo(() => rankCriteriaFromDrafts(entries, (index) => `new-${index}`), [entries]);
  const onAnswers = useCallback((uid: string, answers: Record<string, unknown>) => update(uid, (entry) => ({ ...entry, answers })), [update]);

  return (
    <EntryListBuilder
      list={list}
      title="Rubric"
      description={
        <>
          What reviewers score each application on. A criterion’s weight is its share of the total; each reviewer’s points make a total out of 100, and the list shows the
          average of the reviewers.{' '}
          <Link asChild color="brand.fg">
            <RouterLink to="/app/scholarships/$id/applicants" params={{ id: scholarshipId }}>
              Go to the applicants
            </RouterLink>
          </Link>
        </>
      }
      listLabel="Rubric criteria"
      listGap="3"
      emptyText="No criteria yet: reviewers cannot score until there is one."
      addLabel="Add criterion"
      onAdd={() => list.add({ uid: newUid(), answers: {} })}
      addDisabled={entries.length >= MAX_RANK_CRITERIA}
      saveLabel="Save rubric"
      layout={{ maxW: '3xl' }}
    >
      {entries.map((entry, index) => (
        <CriterionItem
          key={entry.uid}
          entry={entry}
          index={index}
          count={entries.length}
          criterion={criteria[index]}
          form={form}
          errors={errors[entry.uid]}
          disabled={saving}
          onAnswers={onAnswers}
          onMove={move}
          onRemove={remove}
        />
      ))}
    </EntryListBuilder>
  );
}

/**
 * The Review tab (docs/review.md, "In the browser"): the rubric builder, each criterion edited
 * through the served `rank-criterion-editor` form, like the requirement builder.
 */
export function RubricTab({ scholarshipId }: { scholarshipId: string }) {
  const form = useQuery(formQueryOptions('rank-criterion-editor'));
  const rubric = useQuery(rubricQueryOptions(scholarshipId));
  const failed = form.error ?? rubric.error;
  if (failed) return <LoadFailure error={failed} onRetry={() => void Promise.all([form.refetch(), rubric.refetch()])} />;
  if (!form.data || !rubric.data) return <RouteLoading label="Loading the rubric…" />;
  return <Builder key={form.data.version} scholarshipId={scholarshipId} stored={rubric.data.criteria} form={form.data} />;
}
