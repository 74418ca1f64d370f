/** The profile page's tabs, in its order; the one shown is the address's `tab` (education when absent). */
export const PROFILE_TABS = ['education', 'basic', 'contact'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export function validateProfileSearch(search: Record<string, unknown>): { tab?: ProfileTab } {
  const tab = PROFILE_TABS.find((one) => one === search.tab);
  return tab && tab !== 'education' ? { tab } : {};
}
