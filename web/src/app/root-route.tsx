import { createRootRoute, Outlet } from '@tanstack/react-router';
import { RouteErrorScreen } from '../pages/misc/ErrorPage';
import { NotFoundPage } from '../pages/misc/NotFoundPage';
import { ensureAccess } from '../session/access';

/** The root of the route tree, in its own module so route groups (account-routes.tsx) can hang off it with full types. */
export const rootRoute = createRootRoute({
  component: Outlet,
  // Before any guard reads permissions: a session stored before the app kept them gets them first.
  beforeLoad: ensureAccess,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorScreen,
});
