import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouterHistory,
} from '@tanstack/react-router';
import { LandingPage } from '../pages/landing/LandingPage';
import { ComingSoonPage } from '../pages/misc/ComingSoonPage';
import { NotFoundPage } from '../pages/misc/NotFoundPage';
import { RouteLoading } from '../pages/misc/RouteLoading';

const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

/** The landing page is in the main chunk: it is what most visitors see first. */
const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: LandingPage,
});

/** Placeholder for the chatbot, log-in and sign-up flows the landing page links to. */
const chatbotRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/chatbot',
  component: ComingSoonPage,
});

/** The form engine (RJSF, ajv, widgets) loads only when a form is opened. */
const formPreviewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forms/$formKey',
  component: lazyRouteComponent(() => import('../pages/form-preview/FormPreviewPage'), 'FormPreviewPage'),
  pendingComponent: RouteLoading,
});

const routeTree = rootRoute.addChildren([landingRoute, chatbotRoute, formPreviewRoute]);

/** The app's router; tests pass a memory history. */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

export const router = createAppRouter();

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
