import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { consoleHomeOf } from '../pages/admin/shell/admin-links';
import { validateQueueSearch } from '../pages/admin/support/queue-search';
import { validatePeopleSearch } from '../pages/admin/people/people-search';
import { validateAuditSearch } from '../pages/admin/audit/audit-search';
import { validateVersionsSearch } from '../pages/admin/forms/versions-search';
import { validateOutboxSearch, validatePaymentsSearch } from '../pages/admin/records/records-search';
import { RouteLoading } from '../pages/misc/RouteLoading';
import { homePathOf } from '../session/home-path';
import { currentAccess, currentUser } from '../session/session-store';
import { PublicFrame } from './account-routes';
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
      path: '/admin/people',
      component: lazyRouteComponent(() => import('../pages/admin/people/PeopleListPage'), 'PeopleListPage'),
      validateSearch: validatePeopleSearch,
    }),
    createRoute({
      getParentRoute: () => consoleFrame,
      path: '/admin/people/$id',
      component: lazyRouteComponent(() => import('../pages/admin/people/PersonPage'), 'PersonPage'),
    }),
    createRoute({
      getParentRoute: () => consoleFrame,
      path: '/admin/plans',
      component: lazyRouteComponent(() => import('../pages/admin/plans/PlansPage'), 'PlansPage'),
    }),
    createRoute({
      getParentRoute: () => consoleFrame,
      path: '/admin/forms',
      component: lazyRouteComponent(() => import('../pages/admin/forms/FormsPage'), 'FormsPage'),
    }),
    // Before $formKey: these two are the designer's own screens, never a form's key.
    createRoute({
      getParentRoute: () => consoleFrame,
      path: '/admin/forms/publish',
      component: lazyRouteComponent(() => import('../pages/admin/forms/PublishPage'), 'PublishPage'),
    }),
    createRoute({
      getParentRoute: () => consoleFrame,
      path: '/admin/forms/versions',
      component: lazyRouteComponent(() => import('../pages/admin/forms/VersionsPage'), 'VersionsPage'),
      validateSearch: validateVersionsSearch,
    }),
    createRoute({
      getParentRoute: () => consoleFrame,
      path: '/admin/forms/$formKey',
      component: lazyRouteComponent(() => import('../pages/admin/forms/FormDesignerPage'), 'FormDesignerPage'),
    }),
    createRoute({
      getParentRoute: () => consoleFrame,
      path: '/admin/staff',
      component: lazyRouteComponent(() => import('../pages/admin/staff/StaffPage'), 'StaffPage'),
    }),
    createRoute({
      getParentRoute: () => consoleFrame,
      path: '/admin/audit',
      component: lazyRouteComponent(() => import('../pages/admin/audit/AuditLogPage'), 'AuditLogPage'),
      validateSearch: validateAuditSearch,
    }),
    createRoute({
      getParentRoute: () => consoleFrame,
      path: '/admin/outbox',
      component: lazyRouteComponent(() => import('../pages/admin/records/OutboxPage'), 'OutboxPage'),
      validateSearch: validateOutboxSearch,
    }),
    createRoute({
      getParentRoute: () => consoleFrame,
      path: '/admin/payments',
      component: lazyRouteComponent(() => import('../pages/admin/records/PaymentEventsPage'), 'PaymentEventsPage'),
      validateSearch: validatePaymentsSearch,
    }),
    createRoute({
      getParentRoute: () => consoleFrame,
      path: '/admin/security',
      component: lazyRouteComponent(() => import('../pages/admin/security/SecurityPage'), 'SecurityPage'),
    }),
  ];

  // Public: the invitee has no account yet; the link of the staff invitation e-mail (docs/console.md, "Staff").
  const publicFrame = createRoute({ getParentRoute: () => rootRoute, id: 'public-staff', component: PublicFrame });
  const staffInvitation = createRoute({
    getParentRoute: () => publicFrame,
    path: '/app/staff-invitation',
    component: lazyRouteComponent(() => import('../pages/admin/staff/StaffInvitationPage'), 'StaffInvitationPage'),
    pendingComponent: RouteLoading,
    validateSearch: (search: Record<string, unknown>): { token?: string } => (typeof search.token === 'string' && search.token ? { token: search.token } : {}),
  });

  return [consoleFrame.addChildren(pages), publicFrame.addChildren([staffInvitation])];
}
