import { createContext, type ReactNode } from 'react';

/**
 * True below a layout that already draws a frame (top bar, sidebar, `<main>`): the public frame,
 * the applicant's and the studio's. A screen that can show up anywhere (the error screens) draws
 * the public frame itself only where none is around it.
 */
export const FrameContext = createContext(false);

export function InFrame({ children }: { children: ReactNode }) {
  return <FrameContext.Provider value>{children}</FrameContext.Provider>;
}
