import { Box, Button, Container, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { autoApplyKey } from '../../api/automation';
import { currentSubscriptionQueryOptions, fetchCurrentSubscription, type CurrentSubscription, type SubscriptionRecord } from '../../api/memberships';
import { saveSubscribed } from '../../session/session-store';
import { AutoApplySetting } from '../account/AutoApplySetting';
import { Benefits } from './Benefits';
import { benefitsOf } from './plan-text';

/** The success page's pauses (docs/decisions.md, "Memberships (web)", Success page): the check 2 s after arriving, back to the dashboard 1 s after a failure. */
export const CHECK_AFTER_MS = 2000;
export const BACK_AFTER_MS = 1000;
/**
 * The provider may tell the server a moment after the browser arrives: an inactive (or failed)
 * answer is asked again twice, 1 s apart, so the last check is about 4 s after arriving
 * (docs/decisions.md, "Memberships (web)").
 */
export const RECHECK_AFTER_MS = 1000;
const RECHECKS = 2;

type Verification = { outcome: 'verifying' } | { outcome: 'active'; record: SubscriptionRecord | undefined } | { outcome: 'failed' };

/**
 * Asks whether the checkout just completed made the applicant a member, after 2 s;
 * active stores the flag true, otherwise it is stored false and the person goes back to the
 * dashboard after 1 s. Leaving the page stops the checks.
 */
function useSubscriptionVerification(): Verification {
  const [verification, setVerification] = useState<Verification>({ outcome: 'verifying' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = (ms: number) => new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
    const ask = () => fetchCurrentSubscription(controller.signal).catch((): CurrentSubscription | null => null);

    async function verify() {
      await wait(CHECK_AFTER_MS);
      for (let check = 0; check <= RECHECKS; check += 1) {
        if (check > 0) await wait(RECHECK_AFTER_MS);
        const answer = await ask();
        if (controller.signal.aborted) return;
        if (answer?.isActiveSubscription) {
          saveSubscribed(true);
          queryClient.setQueryData(currentSubscriptionQueryOptions.queryKey, answer);
          // A setting read before the purchase said 'not a member': the switch asks again rather than show it disabled.
          queryClient.removeQueries({ queryKey: autoApplyKey });
          setVerification({ outcome: 'active', record: answer.userWithSubscription[0] });
          return;
        }
      }
      saveSubscribed(false);
      setVerification({ outcome: 'failed' });
      await wait(BACK_AFTER_MS);
      if (!controller.signal.aborted) void navigate({ to: '/auth/dashboard', replace: true });
    }

    void verify();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
    // Once per visit: the checkout has completed once.
  }, []);

  return verification;
}

function Congratulations({ record }: { record: SubscriptionRecord | undefined }) {
  const navigate = useNavigate();
  return (
    <Stack gap="5" align="center" textAlign="center">
      <Heading as="h1" size="2xl">
        Congratulations...
      </Heading>
      <Text fontSize="lg">Your subscription plan has been purchased successfully!</Text>
      {record ? (
        <Stack gap="3" textAlign="start" borderWidth="1px" borderRadius="xl" bg="bg.subtle" p="5" w="full">
          <Text fontWeight="semibold">Your {record.title} includes:</Text>
          <Benefits benefits={benefitsOf(record.description)} />
        </Stack>
      ) : null}
      {/* What the membership is sold for, offered at once; off until the member turns it on (docs/automation.md). */}
      <Box w="full" textAlign="start">
        <AutoApplySetting />
      </Box>
      <Button colorPalette="brand" size="lg" onClick={() => void navigate({ to: '/auth/dashboard' })}>
        Start Applying
      </Button>
    </Stack>
  );
}

/**
 * /auth/dashboard/success, where the checkout returns (docs/decisions.md, "Memberships (web)", Success page): 'Verifying
 * Subscription Status for you.', then the congratulations with the plan's benefits and the
 * automatic application switch (as stored: off until the member turns it on), or 'Error
 * validating subscription' and back to the dashboard. The sidebar is left out here.
 */
export function SuccessPage() {
  const verification = useSubscriptionVerification();
  return (
    <Container maxW="xl" py={{ base: '10', md: '16' }}>
      <Stack borderWidth="1px" borderRadius="2xl" bg="bg" boxShadow="sm" p={{ base: '6', md: '10' }} align="center" gap="4">
        {verification.outcome === 'verifying' ? (
          <>
            <Spinner size="xl" color="brand.600" />
            <Text fontSize="lg" role="status">
              Verifying Subscription Status for you.
            </Text>
          </>
        ) : null}
        {verification.outcome === 'active' ? <Congratulations record={verification.record} /> : null}
        {verification.outcome === 'failed' ? (
          <Text fontSize="lg" color="fg.error" role="alert">
            Error validating subscription
          </Text>
        ) : null}
      </Stack>
    </Container>
  );
}
