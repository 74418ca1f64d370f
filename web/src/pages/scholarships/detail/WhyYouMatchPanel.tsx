import { Box, Heading, HStack, Link, List, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useId } from 'react';
import { fieldDefinitionsQueryOptions } from '../../../api/profile';
import type { RuleExplanation, ScholarshipDetail } from '../../../api/scholarships';
import { labelsFrom, ruleInWords } from '@scholarmatch/schemas';

type Verdict = RuleExplanation['verdict'];
type Outcome = ScholarshipDetail['match']['outcome'];

/** Each verdict's mark, its words for screen readers (the mark alone is decoration) and its colour. */
const VERDICT_MARKS: Record<Verdict, { mark: string; words: string; color: string }> = {
  pass: { mark: '✓', words: 'Matches', color: 'green.700' },
  fail: { mark: '✕', words: 'Does not match', color: 'red.700' },
  missing: { mark: '?', words: 'Not in your profile yet', color: 'orange.700' },
};

const OUTCOME_TEXT: Record<Outcome, string> = {
  eligible: 'Your profile meets every rule of this scholarship.',
  missing: 'Your profile does not answer everything this scholarship asks about yet.',
  ineligible: 'Your profile does not meet every rule of this scholarship.',
};

function VerdictMark({ verdict }: { verdict: Verdict }) {
  const { mark, color } = VERDICT_MARKS[verdict];
  return (
    <Box
      as="span"
      aria-hidden="true"
      flexShrink={0}
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      boxSize="6"
      borderRadius="full"
      borderWidth="2px"
      borderColor={color}
      color={color}
      fontWeight="bold"
      fontSize="sm"
    >
      {mark}
    </Box>
  );
}

function RuleRow({ rule, options }: { rule: RuleExplanation; options: Record<string, string> | undefined }) {
  const { words, color } = VERDICT_MARKS[rule.verdict];
  return (
    <List.Item display="flex" gap="3" alignItems="flex-start" data-verdict={rule.verdict}>
      <VerdictMark verdict={rule.verdict} />
      <Stack gap="0.5" minW="0">
        <Text>{ruleInWords(rule, labelsFrom(options))}</Text>
        <HStack gap="3" fontSize="sm" flexWrap="wrap">
          <Text color={color} fontWeight="medium">
            {words}
          </Text>
          {rule.verdict === 'missing' ? (
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to="/auth/profile">Add this to your profile</RouterLink>
            </Link>
          ) : null}
        </HStack>
      </Stack>
    </List.Item>
  );
}

/**
 * "Why you match": each eligibility rule in plain words with its verdict on the applicant's
 * profile. Option values are shown by their labels, from the profile's field definitions (the
 * values themselves until those arrive, or if the field lists none).
 */
export function WhyYouMatchPanel({ match }: { match: ScholarshipDetail['match'] }) {
  const headingId = useId();
  const fields = useQuery(fieldDefinitionsQueryOptions);
  const optionsOf = (fieldKey: string) => fields.data?.find((field) => field.key === fieldKey)?.options;
  return (
    <Stack as="section" aria-labelledby={headingId} gap="4" borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '5', md: '8' }}>
      <Heading as="h2" id={headingId} size="lg">
        Why you match
      </Heading>
      {match.rules.length === 0 ? (
        <Text>Open to every applicant</Text>
      ) : (
        <>
          <Text color="fg.muted">{OUTCOME_TEXT[match.outcome]}</Text>
          <List.Root as="ul" listStyleType="none" gap="4" m="0" p="0">
            {match.rules.map((rule, index) => (
              <RuleRow key={`${rule.fieldKey}-${index}`} rule={rule} options={optionsOf(rule.fieldKey)} />
            ))}
          </List.Root>
        </>
      )}
    </Stack>
  );
}
