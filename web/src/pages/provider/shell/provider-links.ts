import type { SidebarLink } from '../../account/shell/sidebar-links';

/**
 * The studio's sidebar (docs/providers.md, "In the browser"); Logout, an action, follows them. Each
 * person sees the entries their permissions allow: a reviewer has no Reviewers or Organisation
 * (docs/review.md, "Who may call"). Scholarships is the studio's home: everyone there reaches it.
 *
 * A scholarship's applicants and submissions belong to Applicants wherever the person came from
 * (docs/review.md, "Where the sidebar points"): Scholarships is lit on the list, the editor and the
 * rubric's chooser only; Applicants on its overview, the review pages and the original review addresses.
 * The Inbox shows how many applicants' replies are unread (docs/inbox.md, "In the browser").
 */
const EDITOR_PAGES = /^\/app\/(scholarships\/[^/]+|rank-criteria)$/;
const REVIEW_PAGES = /^\/app\/(scholarships\/[^/]+\/applicants(\/[^/]+)?|applicants_review|winner)$/;

export const PROVIDER_LINKS = [
  { label: 'Scholarships', to: '/app/scholarships', icon: 'cap', exact: true, alsoUnder: EDITOR_PAGES },
  { label: 'Applicants', to: '/app/applicants', icon: 'people', permission: 'review_applicants', alsoUnder: REVIEW_PAGES },
  { label: 'Inbox', to: '/app/inbox', icon: 'inbox', permission: 'manage_scholarships', count: 'studio-unread' },
  { label: 'Reviewers', to: '/app/reviewers', icon: 'user', permission: 'manage_reviewers' },
  { label: 'Organisation', to: '/app/organisation', icon: 'building', permission: 'manage_organisation' },
  { label: 'Settings', to: '/app/settings', icon: 'settings', permission: 'change_password' },
] as const satisfies readonly SidebarLink[];

/** From this width on the studio's sidebar stands beside the page; below it, it is a drawer. */
export const PROVIDER_SIDEBAR_MIN_WIDTH = 962;
export const PROVIDER_SIDEBAR_MEDIA = `@media screen and (min-width: ${PROVIDER_SIDEBAR_MIN_WIDTH}px)`;
