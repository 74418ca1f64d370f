import type { SidebarLink } from '../../account/shell/sidebar-links';

/** The studio's sidebar (docs/providers.md, "In the browser"); Logout, an action, follows them. */
export const PROVIDER_LINKS = [
  { label: 'Scholarships', to: '/app/scholarships', icon: 'cap' },
  { label: 'Applicants', to: '/app/applicants', icon: 'people' },
  { label: 'Organisation', to: '/app/organisation', icon: 'building' },
  { label: 'Settings', to: '/app/settings', icon: 'settings' },
] as const satisfies readonly SidebarLink[];

/** From this width on the studio's sidebar stands beside the page; below it, it is a drawer. */
export const PROVIDER_SIDEBAR_MIN_WIDTH = 962;
export const PROVIDER_SIDEBAR_MEDIA = `@media screen and (min-width: ${PROVIDER_SIDEBAR_MIN_WIDTH}px)`;
