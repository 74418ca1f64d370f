import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { consoleHomeOf } from '../pages/admin/shell/admin-links';
import { validateQueueSearch } from '../pages/admin/support/queue-search';
import { RouteLoading } from '../pages/misc/RouteLoading';
import { homePathOf } from '../session/home-path';
import { currentAccess, currentUser } from '../session/session-store';
import { ADMIN_PAGE_RULES, guardPage } from './page-permissions';
import { rootRoute } from './root-route';

/**
 * The staff console under `/admin` (docs/console.md): its own shell, whose sidebar shows the areas
 * the person's permissions allow. Signed out: the login; someone with no console area: their own home.
 */
export function adminRoutes() {
  const consoleFrame = createRoute({
    getParentRoute: () => rootRoute,
    id: 'console',
    component: lazyRouteComponent(() => import('../pages/admin/shell/AdminLayout'), 'AdminLayout'),
    pendingComponent: RouteLoading,
    beforeLoad: ({ location }) => {
      if (!currentUser()) throw redirect({ to: '/auth/login' });
      const home = consoleHomeOf(currentAccess());
      if (!home) throw redirect({ to: homePathOf(currentAccess()), replace: true });
      guardPage(location.pathname, ADMIN_PAGE_RULES, '/admin');
    },
  });

  const pages = [
    createRoute({
      getParentRoute: () => consoleFrame,
      path: '/admin',
      beforeLoad: () => {
        throw redirect({ to: consoleHomeOf(currentAccess()) ?? '/admin/support', replace: true });
      },
    }),
    createRoute({
      getParentRoute: () => consoleFrame,
      path: '/admin/support',
      component: lazyRouteComponent(() => import('../pages/admin/support/SupportQueuePage'), 'SupportQueuePage'),
      validateSearch: validateQueueSearch,
    }),
    createRoute({
      getParentRoute: () => consoleFrame,
      path: '/admin/support/$id',
      component: lazyRouteComponent(() => import('../pages/admin/support/SupportRequestPage'), 'SupportRequestPage'),
    }),
    createRoute({
      getParentRoute: () => consoleFrame,
      path: '/admin/security',
      component: lazyRouteComponent(() => import('../pages/admin/security/SecurityPage'), 'SecurityPage'),
    }),
  ];

  return [consoleFrame.addChildren(pages)];
}
