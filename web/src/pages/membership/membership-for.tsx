import { Heading, List, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { RefusedScholarship } from '../../api/api-error';
import { MISSING_TITLE } from '../scholarships/ScholarshipCard';

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The scholarship a non-member tried to open: the plans page names it (docs/decisions.md, "Memberships (web)"). */
    membershipFor?: RefusedScholarship;
  }
}

/**
 * What a membership unlocks for one scholarship (details, Easy Apply, automatic application;
 * docs/decisions.md, "The scholarship they tried to open is named"). Said of every scholarship alike: Easy Apply and automatic
 * application only cover those asking for nothing beyond the profile (or only the CV), so each line
 * says so rather than promise them for this one.
 */
export const UNLOCKS_FOR_IT = [
  'Its details: the full description, what to send and why you match.',
  'Applying to it, in one click with Easy Apply when it asks for nothing beyond your profile.',
  'Automatic application: once you turn it on, we apply to it for you when it asks only for your profile or your CV.',
];

function titleOf(scholarship: RefusedScholarship): string {
  return scholarship.title.trim() || MISSING_TITLE;
}

/** The plans page's and the details page's opening: which scholarship, and what a membership unlocks for it. */
export function MembershipForNote({ scholarship }: { scholarship: RefusedScholarship }) {
  const headingId = useId();
  return (
    <Stack
      as="section"
      aria-labelledby={headingId}
      gap="3"
      borderWidth="1px"
      borderColor="yellow.300"
      bg="yellow.50"
      _dark={{ bg: 'yellow.950', borderColor: 'yellow.800' }}
      borderRadius="xl"
      p={{ base: '4', md: '6' }}
      textAlign="start"
    >
      <Heading as="h2" id={headingId} size={{ base: 'md', md: 'lg' }} overflowWrap="anywhere">
        To see {titleOf(scholarship)}, become a member
      </Heading>
      <Text>A membership unlocks for this scholarship:</Text>
      <List.Root gap="1.5" ps="5">
        {UNLOCKS_FOR_IT.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}

/** The popup's shorter form: one sentence above the price tiles, where a phone has little room. */
export function membershipForSentence(scholarship: RefusedScholarship): string {
  return `To see ${titleOf(scholarship)} and apply to it, become a member: a membership unlocks its details, Easy Apply and automatic application.`;
}
