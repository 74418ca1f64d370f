/** The editor's tabs (docs/providers.md, "In the browser"), in the address so a tab can be linked to and reloaded. */
export const EDITOR_TABS = ['details', 'requirements', 'eligibility', 'review'] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

export function validateEditorSearch(search: Record<string, unknown>): { tab?: EditorTab } {
  const tab = EDITOR_TABS.find((name) => name === search.tab);
  return tab && tab !== 'details' ? { tab } : {};
}
