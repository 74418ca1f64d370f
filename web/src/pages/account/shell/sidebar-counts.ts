import { createContext, useContext } from 'react';

/** What a sidebar entry may count: the studio inbox's unread replies. */
export type SidebarCount = 'studio-unread';

/**
 * The counts a frame gives its sidebar's entries (the frame asks the server; the sidebar and its
 * drawer only show them). An entry whose count is absent or zero shows none.
 */
export const SidebarCounts = createContext<Partial<Record<SidebarCount, number>>>({});

export function useSidebarCount(count: SidebarCount | undefined): number {
  const counts = useContext(SidebarCounts);
  return count ? (counts[count] ?? 0) : 0;
}
