import { Field, Fieldset, Heading, Input, List, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { formatUsd } from '@scholarmatch/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { eligibilityStatsQueryOptions } from '../../api/eligibility-stats';
import { fieldDefinitionsQueryOptions } from '../../api/profile';
import { storedTeaserAnswers, storeTeaserAnswers, teaserFilters, type TeaserAnswers } from './teaser-answers';

/** The original teaser questions that are profile fields (the date of birth, an account field, is asked apart). */
const TEASER_SELECTS = ['schoolLevel', 'fieldOfStudy'] as const;

/** Inputs on the panel's dark background. */
const INPUT_STYLE = { bg: 'white', color: 'gray.900' } as const;

/**
 * "You may be eligible for 3 scholarships worth $12,500" for the answers given so far, or the
 * generic line when there are none, while the first count is asked, or when the call failed.
 * Polite live region: the sentence changes as answers are given.
 */
function EligibilityTeaser({ answers }: { answers: Record<string, unknown> }) {
  const filters = useMemo(() => teaserFilters(answers), [answers]);
  // The previous figure stays while the next answers are counted, so the sentence does not flicker.
  const stats = useQuery({ ...eligibilityStatsQueryOptions(filters), placeholderData: keepPreviousData });
  const counts = stats.data?.counts ?? 0;
  return (
    <Text fontSize="lg" aria-live="polite" aria-busy={stats.isFetching}>
      {counts > 0 ? (
        <>
          You may be eligible for{' '}
          <Text as="strong" fontWeight="bold">
            {counts} scholarship{counts === 1 ? '' : 's'}
          </Text>{' '}
          worth{' '}
          <Text as="strong" fontWeight="bold">
            {formatUsd(stats.data?.totalValue ?? 0)}
          </Text>
          . Create your free account and we will show you every one you qualify for.
        </>
      ) : (
        'You are one step away from numerous scholarships matched to your profile. Create your free account and we will show you every one you qualify for.'
      )}
    </Text>
  );
}

/**
 * The original teaser questions: current school level and field of study (labels and options from
 * the public field definitions, so an admin's change shows here too) and the date of birth. Each
 * answer narrows the count at once and is kept for the registration step.
 */
function TeaserQuestions({ answers, onChange }: { answers: TeaserAnswers; onChange: (answers: TeaserAnswers) => void }) {
  const definitions = useQuery(fieldDefinitionsQueryOptions);
  const answer = (key: string, value: string) => {
    const { [key]: _previous, ...others } = answers;
    onChange(value ? { ...others, [key]: value } : others);
  };
  const selects = TEASER_SELECTS.flatMap((key) => definitions.data?.find((field) => field.key === key && Object.keys(field.options).length) ?? []);
  return (
    <Fieldset.Root gap="3">
      <Fieldset.Legend fontSize="sm" fontWeight="normal" color="whiteAlpha.900">
        Tell us a little about yourself to see what you may be eligible for (optional).
      </Fieldset.Legend>
      {selects.map((field) => (
        <Field.Root key={field.key}>
          <Field.Label color="white">{field.name}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field {...INPUT_STYLE} value={answers[field.key] ?? ''} onChange={(event) => answer(field.key, event.currentTarget.value)}>
              <option value="">Select…</option>
              {Object.entries(field.options).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator color="gray.700" />
          </NativeSelect.Root>
        </Field.Root>
      ))}
      <Field.Root>
        <Field.Label color="white">Date of birth</Field.Label>
        <Input
          type="date"
          size="sm"
          {...INPUT_STYLE}
          max={new Date().toISOString().slice(0, 10)}
          value={answers.dob ?? ''}
          onChange={(event) => answer('dob', event.currentTarget.value)}
          // The calendar button is a Tab stop inside the input: the ring shows there too (as DateWidget's).
          _focusWithin={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-1px', borderColor: 'colorPalette.focusRing' }}
        />
      </Field.Root>
    </Fieldset.Root>
  );
}

/**
 * The sign-up page's left panel (docs/matching.md, "The counts"): Congratulations, and how many scholarships the answers
 * given so far leave open, with their combined value: the teaser's own questions and any profile
 * question of the sign-up form itself (`formAnswers`, by field key).
 */
export function CongratulationsPanel({ formAnswers }: { formAnswers: Record<string, unknown> }) {
  const [teaserAnswers, setTeaserAnswers] = useState<TeaserAnswers>(storedTeaserAnswers);
  const answers = useMemo(() => ({ ...formAnswers, ...teaserAnswers }), [formAnswers, teaserAnswers]);
  const keep = (next: TeaserAnswers) => {
    setTeaserAnswers(next);
    storeTeaserAnswers(next);
  };
  return (
    <Stack gap="6" bg="brand.700" color="white" borderRadius="2xl" p={{ base: '6', md: '10' }}>
      <Heading as="h2" size="2xl">
        Congratulations
      </Heading>
      <EligibilityTeaser answers={answers} />
      <TeaserQuestions answers={teaserAnswers} onChange={keep} />
      <List.Root gap="3" ps="5" fontSize="md" color="whiteAlpha.900">
        <List.Item>Free for students, always.</List.Item>
        <List.Item>One profile, reused for every application.</List.Item>
        <List.Item>Every application and its status in one place.</List.Item>
      </List.Root>
    </Stack>
  );
}
