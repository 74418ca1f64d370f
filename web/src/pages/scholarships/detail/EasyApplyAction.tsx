import { Button, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { failureText, isSubscriptionRequired } from '../../../api/api-error';
import { APPLIED_TEXT, applicationKeys, applyToScholarships, refreshAfterApplying, type ApplicantDetails } from '../../../api/applications';
import { toaster } from '../../../ui/toaster';
import { NoticeBanner } from '../../../forms/NoticeBanner';
import { useMembershipPrompt } from '../membership-gate';

/**
 * Easy Apply: a scholarship that asks for nothing beyond the profile takes one click
 * (POST submit-scholarships with its id alone). A non-member meets the membership prompt.
 */
export function EasyApplyAction({ scholarshipId, received }: { scholarshipId: string; received: boolean }) {
  const queryClient = useQueryClient();
  const promptMembership = useMembershipPrompt();
  const apply = useMutation({
    mutationFn: () => applyToScholarships({ scholarshipId: [scholarshipId] }),
    onSuccess: () => {
      queryClient.setQueryData(applicationKeys.details(scholarshipId), (details: ApplicantDetails | undefined) => ({
        formVersion: null,
        applicantFields: [],
        ...details,
        status: 'Received' as const,
      }));
      toaster.create({ type: 'success', title: APPLIED_TEXT });
      void refreshAfterApplying(queryClient);
    },
    onError: (error) => {
      if (isSubscriptionRequired(error)) promptMembership();
    },
  });

  if (received) return <Text>You have applied to this scholarship.</Text>;
  return (
    <Stack gap="3" align="flex-start">
      <Text>This scholarship asks for nothing beyond your profile.</Text>
      {apply.error && !isSubscriptionRequired(apply.error) ? (
        <NoticeBanner notice={{ status: 'error', text: failureText(apply.error) }} />
      ) : null}
      <Button colorPalette="brand" size="lg" loading={apply.isPending} onClick={() => apply.mutate()}>
        Apply now
      </Button>
    </Stack>
  );
}
