import { Button, Dialog, Heading, Stack, Text } from '@chakra-ui/react';
import { acceptedExtensions, UPLOAD_LIMITS } from '@scholarmatch/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { failureText, isSubscriptionRequired } from '../../api/api-error';
import { APPLIED_TEXT, applyToScholarships, refreshAfterApplying } from '../../api/applications';
import { LIST_FILTERS } from '../../api/scholarships';
import { toaster } from '../../ui/toaster';
import { NoticeBanner } from '../../forms/NoticeBanner';
import type { UploadRules } from '../../forms/widgets/use-file-upload';
import { FileUploadControl } from '../../forms/widgets/FileUploadControl';
import { useEligibleListPage } from './EligibleListPages';
import { useMembershipPrompt } from './membership-gate';
import { ListScreenFrame, ScholarshipList } from './ScholarshipListScreen';
import { SmallDialog } from '../misc/SmallDialog';

/** A CV is a document: PDF, DOC or DOCX, at most 2 MB (as in the original product). */
const CV_RULES: UploadRules = { purpose: 'document', accept: acceptedExtensions('document'), maxSizeBytes: UPLOAD_LIMITS.document.maxSizeBytes };

/** The original words after a bulk application (as in the original product). */
const THANKS_TEXT = 'Thanks for submitting the application!';

function ThankYouDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <SmallDialog
      open={open}
      onClose={onClose}
      title="Thank you"
      footer={
        <>
          <Button asChild variant="outline">
            <RouterLink to="/auth/dashboard/myScholarship">My Scholarships</RouterLink>
          </Button>
          <Dialog.ActionTrigger asChild>
            <Button colorPalette="brand">Close</Button>
          </Dialog.ActionTrigger>
        </>
      }
    >
      <Text>{THANKS_TEXT}</Text>
    </SmallDialog>
  );
}

/** The CV and the button that sends it to the chosen scholarships; it waits for the upload to finish. */
function BulkApplyPanel({ scholarshipIds, onApplied }: { scholarshipIds: string[]; onApplied: () => void }) {
  const headingId = useId();
  const uploadId = useId();
  const queryClient = useQueryClient();
  const promptMembership = useMembershipPrompt();
  const [cv, setCv] = useState<string>();
  const apply = useMutation({
    mutationFn: (application: { ids: string[]; cv: string }) =>
      applyToScholarships({ scholarshipId: application.ids, requirements: { cv: application.cv } }),
    onSuccess: () => {
      toaster.create({ type: 'success', title: APPLIED_TEXT });
      onApplied();
      void refreshAfterApplying(queryClient);
    },
    onError: (error) => {
      if (isSubscriptionRequired(error)) promptMembership();
    },
  });
  const count = scholarshipIds.length;

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4" borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '5', md: '6' }}>
      <Heading as="h2" id={headingId} size="md">
        Apply with your CV
      </Heading>
      <Text color="fg.muted">Every scholarship on this page asks only for a CV. Upload yours once and apply to all the ones you keep ticked.</Text>
      <Stack gap="1.5">
        <Text asChild fontWeight="medium" textStyle="sm">
          <label htmlFor={uploadId}>Your CV</label>
        </Text>
        <FileUploadControl id={uploadId} value={cv} onChange={setCv} rules={CV_RULES} disabled={apply.isPending} chooseLabel="Upload CV" />
      </Stack>
      {apply.error && !isSubscriptionRequired(apply.error) ? <NoticeBanner notice={{ status: 'error', text: failureText(apply.error) }} /> : null}
      <Button
        colorPalette="brand"
        alignSelf="flex-start"
        disabled={!cv || count === 0}
        loading={apply.isPending}
        onClick={() => cv && apply.mutate({ ids: scholarshipIds, cv })}
      >
        Apply to {count} selected
      </Button>
    </Stack>
  );
}

/**
 * /auth/dashboard/easyApplyWithCv: the matches whose one requirement is a CV, applied to in bulk
 * (as in the original product). Every card on the page starts in the batch; unticking one leaves it out.
 */
export function ApplyWithCvPage() {
  const list = useEligibleListPage(LIST_FILTERS.cvOnly);
  // Left out rather than kept in: a card the person has not touched is in the batch.
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const [thanking, setThanking] = useState(false);
  const selection = {
    isSelected: (id: string) => !excluded.has(id),
    onChange: (id: string, selected: boolean) =>
      setExcluded((previous) => {
        const next = new Set(previous);
        if (selected) next.delete(id);
        else next.add(id);
        return next;
      }),
  };
  const chosen = (list.items ?? []).map((item) => item.scholarship.id).filter(selection.isSelected);

  return (
    <ListScreenFrame title="Apply With CV Data Only">
      {list.items?.length ? <BulkApplyPanel scholarshipIds={chosen} onApplied={() => setThanking(true)} /> : null}
      <ScholarshipList {...list} selection={selection} />
      <ThankYouDialog open={thanking} onClose={() => setThanking(false)} />
    </ListScreenFrame>
  );
}
