import { Box, Field, Grid, Heading, HStack, IconButton, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { ruleFromValueAnswers, valueAnswersOfRule, type CriterionOperator } from '@scholarmatch/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { failureText } from '../../../api/api-error';
import {
  countEligible,
  criteriaQueryOptions,
  criteriaVocabularyQueryOptions,
  saveCriteria,
  studioKeys,
  type Criterion,
  type EligibilityCount,
  type VocabularyField,
  type VocabularyOperator,
} from '../../../api/providers';
import type { FieldError } from '../../../forms/entry-errors';
import { EntryListBuilder } from '../../../forms/EntryListBuilder';
import { SchemaForm } from '../../../forms/SchemaForm';
import { uncheckedValidator } from '../../../forms/unchecked-validator';
import { useEntryList } from '../../../forms/use-entry-list';
import { RouteLoading } from '../../misc/RouteLoading';
import { LoadFailure } from '../StudioPage';

/** How long the count waits after the last change before asking the server. */
export const COUNT_DEBOUNCE_MS = 250;

/** One rule being edited: the field, the operator, and the answers of the operator's value form. */
interface RuleRow {
  uid: string;
  fieldKey: string;
  operator: string;
  answers: Record<string, unknown>;
}

let rowsMade = 0;
function rowUid(): string {
  rowsMade += 1;
  return `rule-${rowsMade}`;
}

function rowOf(criterion: Criterion): RuleRow {
  return {
    uid: criterion.id ?? rowUid(),
    fieldKey: criterion.fieldKey,
    operator: criterion.operator,
    answers: valueAnswersOfRule({ fieldKey: criterion.fieldKey, operator: criterion.operator as CriterionOperator, value: criterion.value }),
  };
}

function ruleOf(row: RuleRow): Criterion {
  // The value is what the served value form answered; the server checks it on save.
  return ruleFromValueAnswers(row.fieldKey, row.operator as CriterionOperator, row.answers) as Criterion;
}

function answered(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
}

/** Whether a row says enough to be counted: every answer its value form requires is there. */
function isComplete(row: RuleRow, vocabulary: readonly VocabularyField[]): boolean {
  const operator = vocabulary.find((field) => field.key === row.fieldKey)?.operators.find((o) => o.operator === row.operator);
  if (!operator) return false;
  if (!operator.value) return true;
  const required = (operator.value.schema.required ?? []) as string[];
  return required.every((name) => answered(row.answers[name]));
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "N applicants eligible now · M would be if they answered X", and the total (docs/providers.md). */
export function countText(count: EligibilityCount): { now: string; total: string } {
  const parts = [`${plural(count.eligible, 'applicant', 'applicants')} eligible now`];
  for (const missing of count.missing) if (missing.count > 0) parts.push(`${missing.count} would be if they answered ${missing.name}`);
  return { now: parts.join(' · '), total: `out of ${plural(count.total, 'applicant', 'applicants')}` };
}

/** The live count: asked a moment after the last change, with the complete rules only. */
function useLiveCount(rules: Criterion[]) {
  const key = JSON.stringify(rules);
  const [state, setState] = useState<{ count: EligibilityCount | null; pending: boolean; failure: string | null }>({ count: null, pending: true, failure: null });
  useEffect(() => {
    const controller = new AbortController();
    setState((current) => ({ ...current, pending: true }));
    const timer = setTimeout(() => {
      countEligible(JSON.parse(key) as Criterion[], controller.signal)
        .then((count) => setState({ count, pending: false, failure: null }))
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setState((current) => ({ ...current, pending: false, failure: failureText(error) }));
        });
    }, COUNT_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  return state;
}

function LiveCount({ rules }: { rules: Criterion[] }) {
  const { count, pending, failure } = useLiveCount(rules);
  const text = count ? countText(count) : null;
  return (
    <Stack as="section" aria-label="Eligible applicants" gap="2" borderWidth="1px" borderRadius="xl" bg="bg" p={{ base: '4', md: '5' }}>
      <Heading as="h2" size="md">
        Who can apply
      </Heading>
      <Box aria-live="polite" aria-busy={pending} data-testid="eligibility-count" opacity={pending && count ? 0.6 : 1}>
        {text ? (
          <>
            <Text fontSize="lg" fontWeight="semibold">
              {text.now}
            </Text>
            <Text color="fg.muted" fontSize="sm">
              {text.total}
            </Text>
          </>
        ) : (
          <Text color="fg.muted">{failure ? `The count is not available: ${failure}` : 'Counting…'}</Text>
        )}
      </Box>
      <Text color="fg.muted" fontSize="sm">
        Counted on applicants' profiles as they are now, with the rules on screen (saved or not). Rules still missing a value are left out.
      </Text>
    </Stack>
  );
}

interface RowProps {
  row: RuleRow;
  index: number;
  vocabulary: readonly VocabularyField[];
  errors: FieldError[] | undefined;
  disabled: boolean;
  onChange: (uid: string, change: Partial<RuleRow>) => void;
  onRemove: (uid: string) => void;
}

/** One rule: the profile field, the operators its type offers, and the chosen operator's value widget (served). */
const RuleEditor = memo(function RuleEditor({ row, index, vocabulary, errors, disabled, onChange, onRemove }: RowProps) {
  const ids = useId();
  const field = vocabulary.find((candidate) => candidate.key === row.fieldKey);
  const operator: VocabularyOperator | undefined = field?.operators.find((candidate) => candidate.operator === row.operator);
  const keepAnswers = useCallback((values: unknown) => onChange(row.uid, { answers: (values ?? {}) as Record<string, unknown> }), [onChange, row.uid]);
  const name = field?.name ?? row.fieldKey;
  // A problem with an answer of the value form shows under it; any other (the operator, a range as a whole) above it.
  const shownErrors = useMemo(
    () => errors?.map((error) => (operator?.value?.schema.properties?.[error.path] ? error : { path: '', message: error.message })),
    [errors, operator],
  );
  return (
    <Box as="li" borderWidth="1px" borderColor={errors?.length ? 'border.error' : 'border'} borderRadius="xl" bg="bg" p={{ base: '3', md: '4' }} aria-label={`Rule ${index + 1}: ${name}`}>
      <Stack gap="2">
        <HStack justify="space-between" gap="2" mt="-1">
          <Text fontSize="sm" fontWeight="semibold" color="fg.muted">
            Rule {index + 1}
          </Text>
          <IconButton variant="ghost" size="sm" colorPalette="red" aria-label={`Remove rule ${index + 1}`} disabled={disabled} onClick={() => onRemove(row.uid)}>
            ✕
          </IconButton>
        </HStack>
        <Grid templateColumns={{ base: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="3" alignItems="end">
          <Field.Root id={`${ids}-field`} disabled={disabled}>
            <Field.Label>Profile field</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={row.fieldKey}
                onChange={(event) => {
                  const next = vocabulary.find((candidate) => candidate.key === event.target.value);
                  onChange(row.uid, { fieldKey: event.target.value, operator: next?.operators[0]?.operator ?? '', answers: {} });
                }}
              >
                {field ? null : <option value={row.fieldKey}>{row.fieldKey}</option>}
                {vocabulary.map((candidate) => (
                  <option key={candidate.key} value={candidate.key}>
                    {candidate.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root id={`${ids}-operator`} disabled={disabled}>
            <Field.Label>Condition</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={row.operator} onChange={(event) => onChange(row.uid, { operator: event.target.value, answers: {} })}>
                {(field?.operators ?? []).map((candidate) => (
                  <option key={candidate.operator} value={candidate.operator}>
                    {candidate.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>

        </Grid>
        {!operator?.value && errors?.length ? (
          <Text color="fg.error" fontSize="sm">
            {errors.map((error) => error.message).join(' ')}
          </Text>
        ) : null}
        {operator?.value ? (
          <Box data-testid="rule-value">
            <SchemaForm
              // A new value form for another field or operator: its widgets start afresh.
              key={`${row.fieldKey}:${row.operator}`}
              idPrefix={`rule${index + 1}`}
              schema={operator.value.schema}
              uiSchema={operator.value.uiSchema}
              validator={uncheckedValidator}
              formData={row.answers}
              hideTitle
              disabled={disabled}
              serverErrors={shownErrors}
              onChange={keepAnswers}
              onSubmit={() => undefined}
              actions={null}
            />
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
});

function Builder({ scholarshipId, stored, vocabulary }: { scholarshipId: string; stored: Criterion[]; vocabulary: VocabularyField[] }) {
  const queryClient = useQueryClient();
  const list = useEntryList({
    initial: () => stored.map(rowOf),
    bodyOf: ruleOf,
    listPath: 'criteria',
    save: (rules) => saveCriteria(scholarshipId, rules),
    entriesOf: (saved) => saved.map(rowOf),
    onSaved: (saved) => {
      queryClient.setQueryData(criteriaQueryOptions(scholarshipId).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: studioKeys.scholarship(scholarshipId) });
    },
    savedTitle: 'Eligibility saved',
  });
  const { entries: rows, errors, saving, update, remove } = list;
  const countedRules = useMemo(() => rows.filter((row) => isComplete(row, vocabulary)).map(ruleOf), [rows, vocabulary]);

  const onChange = useCallback((uid: string, change: Partial<RuleRow>) => update(uid, (row) => ({ ...row, ...change })), [update]);
  function add() {
    const first = vocabulary[0];
    if (!first) return;
    list.add({ uid: rowUid(), fieldKey: first.key, operator: first.operators[0]?.operator ?? '', answers: {} });
  }

  return (
    <EntryListBuilder
      list={list}
      title="Eligibility"
      description="Applicants see the scholarship when their profile meets every rule. No rules: everyone does."
      listLabel="Rules"
      listGap="2"
      addLabel="Add rule"
      onAdd={add}
      addDisabled={vocabulary.length === 0}
      saveLabel="Save eligibility"
      layout={{ columns: 'minmax(0, 3fr) minmax(0, 2fr)', aside: <LiveCount rules={countedRules} /> }}
    >
      {rows.map((row, index) => (
        <RuleEditor key={row.uid} row={row} index={index} vocabulary={vocabulary} errors={errors[row.uid]} disabled={saving} onChange={onChange} onRemove={remove} />
      ))}
    </EntryListBuilder>
  );
}

/**
 * The Eligibility tab (docs/providers.md, "Eligibility"): rules {profile field, operator, value}
 * from the served vocabulary, each value asked by the operator's served value form, and the live
 * count of eligible applicants beside them.
 */
export function EligibilityTab({ scholarshipId }: { scholarshipId: string }) {
  const vocabulary = useQuery(criteriaVocabularyQueryOptions);
  const stored = useQuery(criteriaQueryOptions(scholarshipId));
  const failed = vocabulary.error ?? stored.error;
  if (failed) return <LoadFailure error={failed} onRetry={() => void Promise.all([vocabulary.refetch(), stored.refetch()])} />;
  if (!vocabulary.data || !stored.data) return <RouteLoading label="Loading the eligibility rules…" />;
  return <Builder scholarshipId={scholarshipId} stored={stored.data} vocabulary={vocabulary.data} />;
}
