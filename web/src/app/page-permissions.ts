import { redirect } from '@tanstack/react-router';
import { SIDEBAR_LINKS, type SidebarLink } from '../pages/account/shell/sidebar-links';
import { ADMIN_LINKS } from '../pages/admin/shell/admin-links';
import { PROVIDER_LINKS } from '../pages/provider/shell/provider-links';
import { permissionOfPage, type HomePath } from '../session/home-path';
import { can, type Permission } from '../session/session-store';

type PageRule = readonly [RegExp, Permission];

const exactly = (path: string) => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** A menu entry's page needs the entry's permission: the menu and the guard never disagree. */
function rulesOf(links: readonly SidebarLink[]): PageRule[] {
  return links.flatMap((link) => {
    const permission = link.permission;
    if (!permission) return [];
    // The same screen at another address (an original one) is guarded alike.
    return [String(link.to), ...(link.alsoAt ?? [])].map((path) => [exactly(path), permission] as const);
  });
}

/**
 * The applicant's pages and the permission each needs (docs/security.md, "Roles and permissions"):
 * the sidebar's, and the pages reached from them. A page not listed needs only the sign-in; the
 * dashboard (the frame's home) is one of those.
 */
export const APPLICANT_PAGE_RULES: readonly PageRule[] = [
  ...rulesOf(SIDEBAR_LINKS),
  [/^\/auth\/scholarshipDetail$/, 'read_scholarships'],
  [/^\/auth\/dashboard\/easyApplyWithCv$/, 'apply_scholarship'],
  [/^\/auth\/uploadEssay$/, 'apply_scholarship'],
  [/^\/auth\/dashboard\/assistanceChat$/, 'ask_assistant'],
  [/^\/auth\/dashboard\/(subscription-plan|success|plan)$/, 'buy_membership'],
  [/^\/auth\/(dashboard\/)?message$/, 'read_inbox'],
];

/** The studio's pages (docs/providers.md, docs/review.md); its home, the scholarships list, needs only the studio itself. */
export const STUDIO_PAGE_RULES: readonly PageRule[] = [
  ...rulesOf(PROVIDER_LINKS),
  [/^\/app\/scholarships\/[^/]+\/applicants(\/[^/]+)?$/, 'review_applicants'],
  // The original addresses of the matching screens (docs/decisions.md, "Original routes with a screen"); the
  // rubric's address takes a reviewer to the applicants itself, so it needs only what they do.
  [/^\/app\/(applicants_review|rank-criteria|winner)$/, 'review_applicants'],
  // One conversation of the studio inbox: the owner's, like the inbox itself.
  [/^\/app\/inbox\/[^/]+$/, 'manage_scholarships'],
  // The editor, new or existing: the owner's.
  [/^\/app\/scholarships\/[^/]+$/, 'manage_scholarships'],
  // The organisation's API keys (docs/providers.md, "API keys"): the owner's.
  [/^\/app\/settings\/api-keys$/, 'manage_organisation'],
  // The organisation's webhook endpoints (docs/webhooks.md): the owner's.
  [/^\/app\/settings\/webhooks$/, 'manage_webhooks'],
  // The embed settings (docs/embedding.md): whoever manages the scholarships.
  [/^\/app\/settings\/embed$/, 'manage_scholarships'],
];

/** The staff console's pages (docs/console.md): its sidebar's, and the pages below them. */
export const ADMIN_PAGE_RULES: readonly PageRule[] = [
  ...rulesOf(ADMIN_LINKS),
  [/^\/admin\/support\/[^/]+$/, 'answer_support'],
  [/^\/admin\/people\/[^/]+$/, 'read_members'],
  [/^\/admin\/forms\/.+$/, 'manage_fields'],
];

/** A route guard: a page whose permission the person lacks leads to the frame's home instead. */
export function guardPage(pathname: string, rules: readonly PageRule[], home: HomePath | '/app/scholarships' | '/admin'): void {
  const needed = permissionOfPage(pathname, rules);
  if (needed && !can(needed)) throw redirect({ to: home, replace: true });
}
