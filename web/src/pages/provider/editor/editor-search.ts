/**
 * The editor's tabs (docs/providers.md, "In the browser"), in the address so a tab can be linked
 * to and reloaded. Kept beside the page, like the studio's other search rules, so the route
 * (web/src/app/provider-routes.tsx) and the page both read them from here and no page imports app/.
 */
export const EDITOR_TABS = ['details', 'requirements', 'eligibility', 'review'] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

/** The address's tab; 'details', the default, is left out of the address. */
export function validateEditorSearch(search: Record<string, unknown>): { tab?: EditorTab } {
  const tab = EDITOR_TABS.find((name) => name === search.tab);
  return tab && tab !== 'details' ? { tab } : {};
}
