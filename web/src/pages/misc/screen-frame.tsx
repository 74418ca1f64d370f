import { useContext, type ReactNode } from 'react';
import { homePathOf } from '../../session/home-path';
import { useAccess, useCurrentUser } from '../../session/session-store';
import { FrameContext } from './frame-context';
import { PageShell } from './PageShell';

/** The children in the public page frame, unless a layout already frames them. */
export function ScreenFrame({ children }: { children: ReactNode }) {
  return useContext(FrameContext) ? <PageShell.Column>{children}</PageShell.Column> : <PageShell>{children}</PageShell>;
}

/** The way back to a person's own area: the dashboard, the studio, or the home page when signed out. */
export function useWayHome(): { to: '/' | '/app' | '/auth/dashboard'; label: string } {
  const user = useCurrentUser();
  const access = useAccess();
  if (!user) return { to: '/', label: 'Back to the home page' };
  const to = homePathOf(access);
  return { to, label: to === '/app' ? 'Back to the studio' : 'Back to your dashboard' };
}
