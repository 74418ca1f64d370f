import { Alert, CloseButton, HStack, Link } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useState } from 'react';
import { newQuestionsQueryOptions, type NewQuestion } from '../../api/form-designer';
import { useCan, useCurrentUser } from '../../session/session-store';

/** The profile tabs in the profile page's order, with their names. */
const TAB_NAMES: Record<NewQuestion['tab'], string> = { education: 'Education', basic: 'Basic', contact: 'Contact' };

const dismissedKey = (userId: string, keys: readonly string[]) => `new-questions-dismissed:${userId}:${[...keys].sort().join(',')}`;

function sessionStore(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Staff made a profile question required that this person has not answered (docs/console.md, "Form
 * designer"): a notice naming the tabs that ask them, each a link. Nobody is locked out; dismissed,
 * it stays away for this visit (a further new question brings it back) and returns on the next
 * visit until the questions are answered.
 */
export function NewQuestionsNotice() {
  const user = useCurrentUser();
  const allowed = useCan('edit_profile');
  const questions = useQuery({ ...newQuestionsQueryOptions, enabled: allowed && !!user });
  const [dismissed, setDismissed] = useState(false);
  const fields = questions.data ?? [];
  if (!user || fields.length === 0 || dismissed) return null;
  const key = dismissedKey(user.id, fields.map((field) => field.key));
  if (sessionStore()?.getItem(key)) return null;
  const tabs = (Object.keys(TAB_NAMES) as NewQuestion['tab'][]).filter((tab) => fields.some((field) => field.tab === tab));
  const dismiss = () => {
    sessionStore()?.setItem(key, '1');
    setDismissed(true);
  };
  return (
    <Alert.Root status="info" borderRadius="lg" alignItems="center" role="region" aria-label="New profile questions">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>We've added questions to your profile</Alert.Title>
        <Alert.Description>
          Answer them so we can match you with every scholarship you qualify for:{' '}
          <HStack as="span" display="inline-flex" gap="3" flexWrap="wrap">
            {tabs.map((tab) => (
              <Link key={tab} asChild colorPalette="brand" fontWeight="semibold">
                <RouterLink to="/auth/profile" search={tab === 'education' ? {} : { tab }}>
                  {TAB_NAMES[tab]} ({fields.filter((field) => field.tab === tab).length})
                </RouterLink>
              </Link>
            ))}
          </HStack>
        </Alert.Description>
      </Alert.Content>
      <CloseButton size="sm" aria-label="Dismiss the new questions notice" onClick={dismiss} />
    </Alert.Root>
  );
}
