import type { LinkProps } from '@tanstack/react-router';
import type { IconName } from './nav-icons';

/**
 * One entry of a signed-in sidebar. `exact`: active on its own page only, not on the pages below it.
 * `alsoAt`: other addresses of the same screen, where the entry is lit too.
 */
export interface SidebarLink {
  label: string;
  to: NonNullable<LinkProps['to']>;
  icon: IconName;
  exact?: boolean;
  alsoAt?: readonly string[];
}

/**
 * The sidebar's entries in the seed's order (seed 001 section 2), with the application tracker
 * after My Scholarship (docs/decisions.md, "Application tracker and essay upload"); Logout, an action, follows them.
 * `exact`: the Dashboard is active on its own page only, not on every /auth/dashboard/… page.
 */
export const SIDEBAR_LINKS = [
  { label: 'Dashboard', to: '/auth/dashboard', icon: 'home', exact: true },
  { label: 'Easy Apply', to: '/auth/dashboard/easy-apply', icon: 'bolt' },
  { label: 'Recommendation', to: '/auth/dashboard/recommendation', icon: 'star' },
  { label: 'Wishlist / Saved', to: '/auth/dashboard/saved', icon: 'heart' },
  { label: 'My Scholarship', to: '/auth/dashboard/myScholarship', icon: 'cap' },
  { label: 'Track Applications', to: '/auth/dashboard/trackApplications', icon: 'track' },
  { label: 'Inbox', to: '/auth/dashboard/inbox', icon: 'inbox' },
  { label: 'Profile', to: '/auth/profile', icon: 'user', alsoAt: ['/auth/dashboard/profile'] },
  { label: 'Subscription Support', to: '/auth/dashboard/subscription-support', icon: 'card' },
  { label: 'Support', to: '/auth/dashboard/support', icon: 'help' },
  { label: 'Assistance', to: '/auth/dashboard/assistance', icon: 'chat' },
  { label: 'Setting', to: '/auth/dashboard/setting', icon: 'settings' },
] as const satisfies readonly SidebarLink[];

/** The pages that take the whole width: no sidebar, no menu button (seed 001 section 2). */
const FULL_WIDTH_PAGES = ['/auth/scholarshipDetail', '/auth/message', '/auth/uploadEssay', '/auth/dashboard/success'];

export function showsSidebar(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !FULL_WIDTH_PAGES.includes(path);
}

/** From this width on the sidebar stands beside the page; below it, it is a drawer (seed 000 section 9). */
export const SIDEBAR_MEDIA = '@media screen and (min-width: 1200px)';
