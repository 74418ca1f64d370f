import type { StatusEvent, TrackedApplication } from '../../api/applications';

type EventStatus = StatusEvent['status'];

/** How the tracker names each step of an application's history (docs/applications.md, "The application tracker"). */
export const EVENT_TITLES: Record<EventStatus, string> = {
  Draft: 'Draft saved',
  Submitted: 'Submitted',
  Received: 'Received',
  'Under review': 'Under review',
  Shortlisted: 'Shortlisted',
  Winner: 'Winner',
  'Not selected': 'Not selected',
};

/** One colour per step: orange for a draft, grey while waiting, blue and purple as it advances, green or red at the end. */
export const EVENT_PALETTES: Record<EventStatus, string> = {
  Draft: 'orange',
  Submitted: 'gray',
  Received: 'gray',
  'Under review': 'blue',
  Shortlisted: 'purple',
  Winner: 'green',
  'Not selected': 'red',
};

/** What the step means for the applicant. */
export function eventDescription(event: StatusEvent, application: TrackedApplication): string {
  switch (event.status) {
    case 'Draft':
      return 'You started the application.';
    case 'Submitted':
      return application.appliedAutomatically ? `Automatic application sent it to ${application.sponsor}.` : `You sent it to ${application.sponsor}.`;
    case 'Received':
      return `${application.sponsor} has it among the applications received.`;
    case 'Under review':
      return `${application.sponsor} is reviewing it.`;
    case 'Shortlisted':
      return 'It is on the shortlist.';
    case 'Winner':
      return 'You have been selected as a winner.';
    case 'Not selected':
      return 'You were not selected this time.';
  }
}

/** Where the application stands now, in My Scholarships' words: a draft, or the provider's review status. */
export function currentStatus(application: TrackedApplication): Exclude<EventStatus, 'Submitted'> {
  return application.status === 'Draft' ? 'Draft' : (application.reviewStatus ?? 'Received');
}

/** What comes next, while something does; null once the winners are chosen. */
export function nextStep(application: TrackedApplication): string | null {
  switch (currentStatus(application)) {
    case 'Draft':
      return 'Next: submit it before the deadline.';
    case 'Received':
      return `Next: ${application.sponsor} reviews it.`;
    case 'Under review':
      return 'Next: the shortlist, then the winners.';
    case 'Shortlisted':
      return 'Next: the winners are chosen.';
    default:
      return null;
  }
}
