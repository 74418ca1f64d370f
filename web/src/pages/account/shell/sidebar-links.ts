import type { LinkProps } from '@tanstack/react-router';
import { can, type Access, type Permission } from '../../../session/session-store';
import type { IconName } from './nav-icons';
import type { SidebarCount } from './sidebar-counts';

/**
 * One entry of a signed-in sidebar. `exact`: active on its own page only, not on the pages below it.
 * `alsoAt`: other addresses of the same screen, where the entry is lit too.
 * `alsoUnder`: addresses (a pattern of the path) of the pages that belong to the entry, lit there too;
 * with `exact` it says which pages below the entry's own are its (the others belong elsewhere).
 * `permission`: shown only to whoever may do it, and its page is guarded by the same permission
 * (app/page-permissions.ts); none for a frame's home, which everyone signed in there reaches.
 * `count`: a number shown beside the entry (and in its name), given by the frame (sidebar-counts.ts).
 */
export interface SidebarLink {
  label: string;
  to: NonNullable<LinkProps['to']>;
  icon: IconName;
  exact?: boolean;
  alsoAt?: readonly string[];
  alsoUnder?: RegExp;
  permission?: Permission;
  count?: SidebarCount;
}

/** Whether the entry is lit at this path beyond the router's own match of its address. */
export function litAt(link: SidebarLink, pathname: string): boolean {
  return Boolean(link.alsoAt?.includes(pathname) || link.alsoUnder?.test(pathname));
}

/** The entries this person may follow (the original permissions, checked on the client; the server checks again). */
export function linksFor<T extends SidebarLink>(links: readonly T[], access: Access): T[] {
  return links.filter((link) => !link.permission || can(link.permission, access));
}

/**
 * The sidebar's entries in the original order (as in the original product), with the application tracker
 * after My Scholarship (docs/decisions.md, "Application tracker and essay upload"); Logout, an action, follows them.
 * `exact`: the Dashboard is active on its own page only, not on every /auth/dashboard/… page.
 */
export const SIDEBAR_LINKS = [
  { label: 'Dashboard', to: '/auth/dashboard', icon: 'home', exact: true },
  { label: 'Easy Apply', to: '/auth/dashboard/easy-apply', icon: 'bolt', permission: 'read_scholarships' },
  { label: 'Recommendation', to: '/auth/dashboard/recommendation', icon: 'star', permission: 'read_scholarships' },
  { label: 'Wishlist / Saved', to: '/auth/dashboard/saved', icon: 'heart', permission: 'save_scholarships' },
  { label: 'My Scholarship', to: '/auth/dashboard/myScholarship', icon: 'cap', permission: 'apply_scholarship' },
  { label: 'Track Applications', to: '/auth/dashboard/trackApplications', icon: 'track', permission: 'apply_scholarship' },
  { label: 'Inbox', to: '/auth/dashboard/inbox', icon: 'inbox', permission: 'read_inbox' },
  { label: 'Profile', to: '/auth/profile', icon: 'user', permission: 'edit_profile', alsoAt: ['/auth/dashboard/profile'] },
  { label: 'Subscription Support', to: '/auth/dashboard/subscription-support', icon: 'card', permission: 'buy_membership' },
  { label: 'Support', to: '/auth/dashboard/support', icon: 'help', permission: 'contact_support' },
  { label: 'Assistance', to: '/auth/dashboard/assistance', icon: 'chat', permission: 'ask_assistant' },
  { label: 'Setting', to: '/auth/dashboard/setting', icon: 'settings', permission: 'change_password' },
] as const satisfies readonly SidebarLink[];

/** The pages that take the whole width: no sidebar, no menu button (as in the original product). */
const FULL_WIDTH_PAGES = ['/auth/scholarshipDetail', '/auth/message', '/auth/uploadEssay', '/auth/dashboard/success'];

export function showsSidebar(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !FULL_WIDTH_PAGES.includes(path);
}

/** From this width on the sidebar stands beside the page; below it, it is a drawer (as in the original product). */
export const SIDEBAR_MEDIA = '@media screen and (min-width: 1200px)';
