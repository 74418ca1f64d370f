import { createRootRoute, Outlet } from '@tanstack/react-router';
import { RouteErrorScreen } from '../pages/misc/ErrorPage';
import { NotFoundPage } from '../pages/misc/NotFoundPage';

/** The root of the route tree, in its own module so route groups (account-routes.tsx) can hang off it with full types. */
export const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorScreen,
});
