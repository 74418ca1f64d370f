import { linksFor, type SidebarLink } from '../../account/shell/sidebar-links';
import type { Access } from '../../../session/session-store';

/**
 * The staff console's sidebar (docs/console.md): each entry shown to whoever has its permission,
 * and its pages guarded by the same permission (app/page-permissions.ts). A new console area adds
 * its entry here.
 */
export const ADMIN_LINKS = [
  { label: 'Support queue', to: '/admin/support', icon: 'help', permission: 'answer_support' },
  { label: 'People', to: '/admin/people', icon: 'people', permission: 'read_members' },
  { label: 'Plans', to: '/admin/plans', icon: 'star', permission: 'manage_plans' },
  // The form designer: admins only (support staff hold no manage_fields), its pages below it guarded alike.
  { label: 'Forms', to: '/admin/forms', icon: 'form', permission: 'manage_fields' },
  { label: 'Staff', to: '/admin/staff', icon: 'people', permission: 'manage_staff' },
  // The record of staff actions: its own permission, admins only (support's actions are in it).
  { label: 'Audit log', to: '/admin/audit', icon: 'track', permission: 'read_audit' },
  { label: 'Mail outbox', to: '/admin/outbox', icon: 'inbox', permission: 'read_outbox' },
  { label: 'Payment events', to: '/admin/payments', icon: 'card', permission: 'read_members' },
  // Every staff member's own two-step verification (docs/console.md, "Second factor"); staff hold answer_support.
  { label: 'Security', to: '/admin/security', icon: 'settings', permission: 'answer_support' },
] as const satisfies readonly SidebarLink[];

/** From this width on the console's sidebar stands beside the page; below it, it is a drawer. */
export const ADMIN_SIDEBAR_MEDIA = '@media screen and (min-width: 962px)';

/** The console's first page this person may open, or undefined when they may open none. */
export function consoleHomeOf(access: Access): string | undefined {
  return linksFor(ADMIN_LINKS, access)[0]?.to;
}
