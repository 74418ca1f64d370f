import { NavDrawer, type NavDrawerProps } from '../../misc/NavDrawer';
import type { SidebarLink } from './sidebar-links';
import { SidebarNav } from './SidebarNav';

/** The sidebar on narrow screens: the same menu (the applicant's, or `links`) in a drawer from the start edge. */
export function SidebarDrawer({ links, ...props }: NavDrawerProps & { links?: readonly SidebarLink[] }) {
  return (
    // Nothing in the page until the first open: the wide-screen sidebar is the same menu.
    <NavDrawer {...props} placement="start" mountOnFirstOpen>
      <SidebarNav links={links} onNavigate={() => props.onOpenChange(false)} />
    </NavDrawer>
  );
}
