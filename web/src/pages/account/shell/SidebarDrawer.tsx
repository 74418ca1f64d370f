import { NavDrawer, type NavDrawerProps } from '../../misc/NavDrawer';
import { SidebarNav } from './SidebarNav';

/** The sidebar below 1200 px: the same menu in a drawer from the start edge. */
export function SidebarDrawer(props: NavDrawerProps) {
  return (
    // Nothing in the page until the first open: the wide-screen sidebar is the same menu.
    <NavDrawer {...props} placement="start" mountOnFirstOpen>
      <SidebarNav onNavigate={() => props.onOpenChange(false)} />
    </NavDrawer>
  );
}
