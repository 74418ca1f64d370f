import { Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { ELIGIBILITIES, REVIEW_STATUSES, type ApplicantSort, type ApplicantsQuery } from '../../../api/review';
import { ELIGIBILITY_LABELS } from './review-labels';

/** How long typing pauses before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

const SORT_LABELS: Record<ApplicantSort, string> = {
  '-submittedAt': 'Newest first',
  submittedAt: 'Oldest first',
  '-score': 'Highest score',
  score: 'Lowest score',
  name: 'Name A–Z',
  '-name': 'Name Z–A',
};

function Choice({ label, value, options, onChange }: { label: string; value: string; options: { value: string; label: string }[]; onChange: (value: string) => void }) {
  return (
    <Field.Root w="auto" minW="40">
      <Field.Label fontSize="sm">{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** The search waits for a pause in typing; the choices apply at once. Either starts again at the first page. */
export function ApplicantsFilters({ search, blindReview, onChange }: { search: ApplicantsQuery; blindReview: boolean; onChange: (next: ApplicantsQuery) => void }) {
  const [text, setText] = useState(search.search ?? '');
  const latest = useRef({ search, onChange });
  latest.current = { search, onChange };
  useEffect(() => {
    const current = latest.current.search.search ?? '';
    if (text.trim() === current) return undefined;
    const timer = setTimeout(() => latest.current.onChange({ ...latest.current.search, search: text.trim() || undefined, offset: undefined }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const change = (patch: ApplicantsQuery) => onChange({ ...search, ...patch, offset: undefined });
  const sorts = (Object.keys(SORT_LABELS) as ApplicantSort[]).filter((sort) => !blindReview || (sort !== 'name' && sort !== '-name'));
  return (
    <HStack gap="3" align="flex-end" flexWrap="wrap">
      <Field.Root flex="1" minW="56">
        <Field.Label fontSize="sm">Search</Field.Label>
        <Input
          size="sm"
          type="search"
          value={text}
          maxLength={100}
          placeholder={blindReview ? 'Reference' : 'Reference, name or e-mail'}
          onChange={(event) => setText(event.target.value)}
        />
      </Field.Root>
      <Choice
        label="Status"
        value={search.status ?? ''}
        options={[{ value: '', label: 'All statuses' }, ...REVIEW_STATUSES.map((status) => ({ value: status, label: status }))]}
        onChange={(value) => change({ status: (value || undefined) as ApplicantsQuery['status'] })}
      />
      <Choice
        label="Eligibility"
        value={search.eligible ?? ''}
        options={[{ value: '', label: 'Any' }, ...ELIGIBILITIES.map((value) => ({ value, label: ELIGIBILITY_LABELS[value].label }))]}
        onChange={(value) => change({ eligible: (value || undefined) as ApplicantsQuery['eligible'] })}
      />
      <Choice
        label="Sort"
        value={search.sort ?? '-submittedAt'}
        options={sorts.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
        onChange={(value) => change({ sort: value === '-submittedAt' ? undefined : (value as ApplicantSort) })}
      />
    </HStack>
  );
}
