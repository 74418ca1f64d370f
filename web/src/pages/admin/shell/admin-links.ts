import { linksFor, type SidebarLink } from '../../account/shell/sidebar-links';
import type { Access } from '../../../session/session-store';

/**
 * The staff console's sidebar (docs/console.md): each entry shown to whoever has its permission,
 * and its pages guarded by the same permission (app/page-permissions.ts). A new console area adds
 * its entry here.
 */
export const ADMIN_LINKS = [
  { label: 'Support queue', to: '/admin/support', icon: 'help', permission: 'answer_support' },
  // Every staff member's own two-step verification (docs/console.md, "Second factor"); staff hold answer_support.
  { label: 'Security', to: '/admin/security', icon: 'settings', permission: 'answer_support' },
] as const satisfies readonly SidebarLink[];

/** From this width on the console's sidebar stands beside the page; below it, it is a drawer. */
export const ADMIN_SIDEBAR_MEDIA = '@media screen and (min-width: 962px)';

/** The console's first page this person may open, or undefined when they may open none. */
export function consoleHomeOf(access: Access): string | undefined {
  return linksFor(ADMIN_LINKS, access)[0]?.to;
}
