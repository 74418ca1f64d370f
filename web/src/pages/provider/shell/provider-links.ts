import type { SidebarLink } from '../../account/shell/sidebar-links';

/** The studio's sidebar for the owner (docs/providers.md, "In the browser"); Logout, an action, follows them. */
export const PROVIDER_LINKS = [
  { label: 'Scholarships', to: '/app/scholarships', icon: 'cap' },
  { label: 'Applicants', to: '/app/applicants', icon: 'people' },
  { label: 'Reviewers', to: '/app/reviewers', icon: 'user' },
  { label: 'Organisation', to: '/app/organisation', icon: 'building' },
  { label: 'Settings', to: '/app/settings', icon: 'settings' },
] as const satisfies readonly SidebarLink[];

/** A reviewer's sidebar (docs/review.md, "Who may call"): the owner's pages are left out. */
export const REVIEWER_LINKS = PROVIDER_LINKS.filter((link) => link.label !== 'Reviewers' && link.label !== 'Organisation');

/** From this width on the studio's sidebar stands beside the page; below it, it is a drawer. */
export const PROVIDER_SIDEBAR_MIN_WIDTH = 962;
export const PROVIDER_SIDEBAR_MEDIA = `@media screen and (min-width: ${PROVIDER_SIDEBAR_MIN_WIDTH}px)`;
