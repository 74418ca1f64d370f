import { Box, Button, Heading, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { draftOfRankCriterion, MAX_RANK_CRITERIA, rankCriteriaFromDrafts, type RankCriterion } from '@scholarmatch/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { failureText } from '../../../api/api-error';
import { formQueryOptions, type FormDefinition } from '../../../api/forms';
import { SaveError } from '../../../api/profile';
import { reviewKeys, rubricQueryOptions, saveRubric } from '../../../api/review';
import { toaster } from '../../../ui/toaster';
import { NoticeBanner } from '../../../forms/NoticeBanner';
import { SchemaForm } from '../../../forms/SchemaForm';
import { RouteLoading } from '../../misc/RouteLoading';
import { LoadFailure } from '../StudioPage';
import { errorsByEntry, type FieldError } from './list-errors';
import { moved, newUid, problemsOf } from './requirement-entries';

const UNNAMED = 'Unnamed criterion';

interface CriterionEntry {
  uid: string;
  id?: string;
  answers: Record<string, unknown>;
}

function entriesOf(criteria: readonly RankCriterion[]): CriterionEntry[] {
  return criteria.map((criterion) => ({ uid: criterion.id, ...draftOfRankCriterion(criterion) }));
}

function bodiesOf(entries: readonly CriterionEntry[]) {
  return entries.map(({ id, answers }) => (id ? { id, answers } : { answers }));
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
  const [entries, setEntries] = useState(() => entriesOf(stored));
  const [savedBodies, setSavedBodies] = useState(() => JSON.stringify(bodiesOf(entriesOf(stored))));
  const [errors, setErrors] = useState<Record<string, FieldError[]>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const criteria = useMemo(() => rankCriteriaFromDrafts(entries, (index) => `new-${index}`), [entries]);
  const bodies = useMemo(() => bodiesOf(entries), [entries]);
  const dirty = JSON.stringify(bodies) !== savedBodies;

  const onAnswers = useCallback((uid: string, answers: Record<string, unknown>) => setEntries((current) => current.map((entry) => (entry.uid === uid ? { ...entry, answers } : entry))), []);
  const onMove = useCallback((uid: string, by: number) => setEntries((current) => moved(current, current.findIndex((e) => e.uid === uid), current.findIndex((e) => e.uid === uid) + by)), []);
  const onRemove = useCallback((uid: string) => {
    setEntries((current) => current.filter((entry) => entry.uid !== uid));
    setErrors(({ [uid]: _gone, ...rest }) => rest);
  }, []);

  async function save() {
    setNotice(null);
    // Each criterion is checked by the served form's own validator first.
    const found: Record<string, FieldError[]> = {};
    for (const entry of entries) {
      const problems = problemsOf(form, entry.answers);
      if (problems.length) found[entry.uid] = problems;
    }
    setErrors(found);
    if (Object.keys(found).length) {
      setNotice('Some criteria need attention before they can be saved.');
      return;
    }
    setSaving(true);
    try {
      const rubric = await saveRubric(scholarshipId, bodies);
      const next = entriesOf(rubric.criteria);
      setEntries(next);
      setSavedBodies(JSON.stringify(bodiesOf(next)));
      queryClient.setQueryData(rubricQueryOptions(scholarshipId).queryKey, rubric);
      // Averages are recomputed with the rubric.
      void queryClient.invalidateQueries({ queryKey: reviewKeys.applicants(scholarshipId) });
      toaster.create({ type: 'success', title: 'Rubric saved' });
    } catch (error) {
      if (error instanceof SaveError && error.fieldErrors.length) {
        const { byUid, general } = errorsByEntry(error.fieldErrors, 'criteria', entries);
        setErrors(byUid);
        setNotice(general.length ? general.map((problem) => problem.message).join(' ') : failureText(error));
      } else {
        setNotice(failureText(error));
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="3" maxW="3xl">
      <HStack justify="space-between" gap="2" flexWrap="wrap">
        <Heading as="h2" size="md">
          Rubric
        </Heading>
        {dirty ? (
          <Text fontSize="sm" color="fg.warning">
            Unsaved changes
          </Text>
        ) : null}
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        What reviewers score each application on. A criterion’s weight is its share of the total; each reviewer’s points make a total out of 100, and the list shows the
        average of the reviewers.{' '}
        <Link asChild color="brand.fg">
          <RouterLink to="/app/scholarships/$id/applicants" params={{ id: scholarshipId }}>
            Go to the applicants
          </RouterLink>
        </Link>
      </Text>
      <NoticeBanner notice={notice ? { status: 'error', text: notice } : null} />
      <Stack as="ol" listStyleType="none" m="0" p="0" gap="3" aria-label="Rubric criteria">
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
            onMove={onMove}
            onRemove={onRemove}
          />
        ))}
      </Stack>
      {entries.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No criteria yet: reviewers cannot score until there is one.
        </Text>
      ) : null}
      <HStack gap="3" flexWrap="wrap" pt="1">
        <Button variant="outline" colorPalette="brand" disabled={saving || entries.length >= MAX_RANK_CRITERIA} onClick={() => setEntries((current) => [...current, { uid: newUid(), answers: {} }])}>
          Add criterion
        </Button>
        <Button colorPalette="brand" onClick={() => void save()} loading={saving} disabled={!dirty && Object.keys(errors).length === 0}>
          Save rubric
        </Button>
      </HStack>
    </Stack>
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
