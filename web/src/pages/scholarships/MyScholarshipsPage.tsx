import { Tabs } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { myScholarshipsQueryOptions, type ApplicationStatus, type MyScholarship } from '../../api/scholarships';
import { MY_SCHOLARSHIP_TABS, type MyScholarshipTab } from './my-scholarship-tabs';
import { browserPage } from './paging';
import { formatDay } from './ScholarshipCard';
import { ListScreenFrame, ScholarshipList } from './ScholarshipListScreen';

/**
 * A card of one's own application: its details open without a membership; a submitted one shows
 * where the provider's review stands (docs/inbox.md, "In the browser"), a draft has none; one that
 * automatic application sent says so (docs/automation.md).
 */
const listed = (scholarship: MyScholarship) => ({
  scholarship,
  saved: scholarship.isLiked,
  ownApplication: true,
  reviewStatus: scholarship.scholarshipStatus === 'Received' ? scholarship.reviewStatus : null,
  note: scholarship.appliedAutomaticallyAt ? `Applied automatically on ${formatDay(scholarship.appliedAutomaticallyAt)}` : null,
});

/**
 * One tab's applications, paged in the browser (the API sends them all). The API is asked for one
 * status; the list is still filtered by it, so a Draft never shows under Applied or the reverse.
 */
function ApplicationsOfStatus({ status, page }: { status: ApplicationStatus; page: number }) {
  const list = useQuery(myScholarshipsQueryOptions(status));
  const items = list.data?.filter((item) => item.scholarshipStatus === status).map(listed);
  return <ScholarshipList {...browserPage(items, page)} error={list.error} />;
}

/** /auth/dashboard/myScholarship?tab=applied|draft: the applicant's submitted applications and drafts. */
export function MyScholarshipsPage() {
  const { tab = 'applied', page = 1 } = useSearch({ strict: false });
  const navigate = useNavigate();
  // A tab is a place of its own: choosing one changes the address, and starts at its page 1.
  const showTab = (value: string) => void navigate({ to: '.', search: { tab: value as MyScholarshipTab } });
  return (
    <ListScreenFrame title="My Scholarships">
      <Tabs.Root value={tab} onValueChange={(details) => showTab(details.value)} colorPalette="brand" lazyMount unmountOnExit>
        <Tabs.List mb="6">
          {MY_SCHOLARSHIP_TABS.map((entry) => (
            <Tabs.Trigger key={entry.value} value={entry.value}>
              {entry.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {MY_SCHOLARSHIP_TABS.map((entry) => (
          <Tabs.Content key={entry.value} value={entry.value}>
            <ApplicationsOfStatus status={entry.status} page={page} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </ListScreenFrame>
  );
}
